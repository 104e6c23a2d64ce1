import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export function createMailRepo(db: Db) {
  return {
    /** Outbox rows newest first, without their bodies. */
    async list(options: { limit: number; offset: number }) {
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: mailOutbox.id,
            to_address: mailOutbox.to_address,
            subject: mailOutbox.subject,
            status: mailOutbox.status,
            error: mailOutbox.error,
            created_at: mailOutbox.created_at,
            sent_at: mailOutbox.sent_at,
          })
          .from(mailOutbox)
          .orderBy(desc(mailOutbox.created_at), desc(mailOutbox.id))
          .limit(options.limit)
          .offset(options.offset),
        db.select({ n: count() }).from(mailOutbox),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async find(id: string) {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
      return row;
    },
  };
}
