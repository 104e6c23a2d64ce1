import { and, desc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { recoveryAttempts, tempPasswords } from '../../db/schema';

/** Drizzle queries on the temporary passwords and failed recovery attempts. */
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

    /** Times of the newest failed attempts for an e-mail after `since`, newest first. */
    async recentFailures(email: string, since: Date, limit: number): Promise<Date[]> {
      const rows = await db
        .select({ attempted_at: recoveryAttempts.attempted_at })
        .from(recoveryAttempts)
        .where(and(eq(recoveryAttempts.email, email), gt(recoveryAttempts.attempted_at, since)))
        .orderBy(desc(recoveryAttempts.attempted_at))
        .limit(limit);
      return rows.map((row) => row.attempted_at);
    },

    /** Records a failure and drops that e-mail's failures too old to count any more. */
    async recordFailure(email: string, at: Date, forgetBefore: Date) {
      await db
        .delete(recoveryAttempts)
        .where(and(eq(recoveryAttempts.email, email), lte(recoveryAttempts.attempted_at, forgetBefore)));
      await db.insert(recoveryAttempts).values({ email, attempted_at: at });
    },

    async clearFailures(email: string) {
      await db.delete(recoveryAttempts).where(eq(recoveryAttempts.email, email));
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;
