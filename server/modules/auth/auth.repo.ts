import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { tempPasswords } from '../../db/schema';

/** Drizzle queries on the temporary passwords. */
export function createAuthRepo(db: Db | Tx) {
  return {
    /** Unused, unexpired temporary passwords of one user, newest first. */
    async activeTempPasswords(userId: string, now: Date) {
      return db
        .select({ id: tempPasswords.id, password_hash: tempPasswords.password_hash })
        .from(tempPasswords)
        .where(
          and(
            eq(tempPasswords.user_id, userId),
            isNull(tempPasswords.used_at),
            gt(tempPasswords.expires_at, now),
          ),
        )
        .orderBy(desc(tempPasswords.created_at));
    },

    async insertTempPassword(values: {
      user_id: string;
      password_hash: string;
      expires_at: Date;
      created_at: Date;
    }) {
      await db.insert(tempPasswords).values(values);
    },

    /** Marks every unused temporary password of the user as spent. */
    async invalidateTempPasswords(userId: string, now: Date) {
      await db
        .update(tempPasswords)
        .set({ used_at: now })
        .where(and(eq(tempPasswords.user_id, userId), isNull(tempPasswords.used_at)));
    },

    /** Spends one temporary password; false when another request spent it first or it expired. */
    async claimTempPassword(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(tempPasswords)
        .set({ used_at: now })
        .where(
          and(eq(tempPasswords.id, id), isNull(tempPasswords.used_at), gt(tempPasswords.expires_at, now)),
        )
        .returning({ id: tempPasswords.id });
      return rows.length > 0;
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;
