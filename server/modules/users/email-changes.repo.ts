import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailChanges, users } from '../../db/schema';

export type EmailChangeRow = typeof emailChanges.$inferSelect;

/** Requested e-mail changes; at most one unconfirmed row per user (email_changes_pending_key). */
export function createEmailChangesRepo(db: Db) {
  return {
    /**
     * Records the pending change, replacing the user's earlier one in the same statement, so
     * concurrent requests leave one row and only the last link sent works.
     */
    async upsertPending(values: {
      user_id: string;
      new_email: string;
      token_hash: string;
      expires_at: Date;
      created_at: Date;
    }): Promise<EmailChangeRow> {
      const [row] = await db
        .insert(emailChanges)
        .values(values)
        .onConflictDoUpdate({
          target: emailChanges.user_id,
          targetWhere: isNull(emailChanges.confirmed_at),
          set: {
            new_email: values.new_email,
            token_hash: values.token_hash,
            expires_at: values.expires_at,
            created_at: values.created_at,
          },
        })
        .returning();
      return row!;
    },

    /** The unconfirmed change of each user, expired ones included. */
    async findPending(userIds: string[]): Promise<EmailChangeRow[]> {
      if (userIds.length === 0) return [];
      return db
        .select()
        .from(emailChanges)
        .where(and(inArray(emailChanges.user_id, userIds), isNull(emailChanges.confirmed_at)));
    },

    async deletePending(userId: string): Promise<boolean> {
      const rows = await db
        .delete(emailChanges)
        .where(and(eq(emailChanges.user_id, userId), isNull(emailChanges.confirmed_at)))
        .returning({ id: emailChanges.id });
      return rows.length > 0;
    },

    /**
     * Spends a live token and moves its address onto the user, confirmed (the caller runs it in one transaction): the guarded
     * UPDATE lets one of several concurrent confirmations through, and the users' unique e-mail
     * index refuses an address another account took meanwhile (the change then stays pending).
     * Undefined when the token is unknown, spent or expired.
     */
    async confirm(tokenHash: string, at: Date): Promise<{ userId: string; email: string } | undefined> {
      const [change] = await db
        .update(emailChanges)
        .set({ confirmed_at: at })
        .where(
          and(
            eq(emailChanges.token_hash, tokenHash),
            isNull(emailChanges.confirmed_at),
            gt(emailChanges.expires_at, at),
          ),
        )
        .returning();
      if (!change) return undefined;
      const [user] = await db
        .update(users)
        .set({ email: change.new_email, email_verified_at: at, updated_at: at })
        .where(eq(users.id, change.user_id))
        .returning({ id: users.id, email: users.email });
      return user ? { userId: user.id, email: user.email } : undefined;
    },
  };
}
