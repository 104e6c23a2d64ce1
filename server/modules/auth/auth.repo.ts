import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { RESET_CODE_MAX_ATTEMPTS } from '../../../common/auth';
import type { Db, Tx } from '../../db/client';
import { passwordResetCodes, tempPasswords } from '../../db/schema';

/** Drizzle queries on the recovery codes and temporary passwords. */
export function createAuthRepo(db: Db | Tx) {
  return {
    /**
     * Makes this the user's one live code. The partial unique index allows one row per user with
     * `used_at` null, so the upsert replaces the older code in place, and two concurrent requests
     * leave exactly one of the two codes live instead of failing.
     */
    async replaceResetCode(values: {
      user_id: string;
      code_hash: string;
      expires_at: Date;
      created_at: Date;
    }) {
      await db
        .insert(passwordResetCodes)
        .values({ ...values, attempts: 0 })
        .onConflictDoUpdate({
          target: passwordResetCodes.user_id,
          targetWhere: sql`${passwordResetCodes.used_at} is null`,
          set: {
            code_hash: values.code_hash,
            attempts: 0,
            expires_at: values.expires_at,
            created_at: values.created_at,
          },
        });
    },

    /**
     * Counts one try against the user's live code and returns its hash to compare, or nothing when
     * there is no live, unexpired code with tries left. Counting and checking are one statement,
     * so concurrent guesses cannot exceed RESET_CODE_MAX_ATTEMPTS.
     */
    async tryResetCode(userId: string, now: Date) {
      const [row] = await db
        .update(passwordResetCodes)
        .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
        .where(
          and(
            eq(passwordResetCodes.user_id, userId),
            isNull(passwordResetCodes.used_at),
            gt(passwordResetCodes.expires_at, now),
            lt(passwordResetCodes.attempts, RESET_CODE_MAX_ATTEMPTS),
          ),
        )
        .returning({ id: passwordResetCodes.id, code_hash: passwordResetCodes.code_hash });
      return row;
    },

    /** Spends a code; false when a concurrent request spent or replaced it first. */
    async spendResetCode(id: string, codeHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(passwordResetCodes)
        .set({ used_at: now })
        .where(
          and(
            eq(passwordResetCodes.id, id),
            eq(passwordResetCodes.code_hash, codeHash),
            isNull(passwordResetCodes.used_at),
          ),
        )
        .returning({ id: passwordResetCodes.id });
      return rows.length > 0;
    },

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
