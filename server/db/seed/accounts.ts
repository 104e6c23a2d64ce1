import { eq, sql } from 'drizzle-orm';
import { hashSecret } from '../../platform/passwords';
import type { Db, Tx } from '../client';
import { sessions, termsAcceptances, termsVersions, users } from '../schema';

export type UserRow = typeof users.$inferSelect;

export interface NewAccount {
  username: string;
  email: string;
  password: string;
  name: string;
  is_admin?: boolean;
  city?: string;
  country?: string;
  martial_art?: string;
  experience?: number;
  belt?: string;
}

/**
 * Account writes for the seed and the CLI, which run without the HTTP app; the users module owns
 * the same rules for requests. E-mail and username compare case-insensitively, like their indexes.
 */
export function createAccountWriter(db: Db | Tx) {
  return {
    async findByUsername(username: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`)
        .limit(1);
      return row;
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return row;
    },

    async create(account: NewAccount, at: Date): Promise<UserRow> {
      const { password, ...fields } = account;
      const [row] = await db
        .insert(users)
        // The operator (or the demo) vouches for the address: no link is sent to confirm it.
        .values({
          ...fields,
          password_hash: await hashSecret(password),
          email_verified_at: at,
          created_at: at,
          updated_at: at,
        })
        .returning();
      return row!;
    },

    /** Makes the user an active admin; a new password ends every session the user had. */
    async promote(userId: string, at: Date, password?: string): Promise<UserRow> {
      const changes = {
        is_admin: true,
        is_active: true,
        deletion_requested: false,
        deactivated_at: null,
        updated_at: at,
        ...(password ? { password_hash: await hashSecret(password) } : {}),
      };
      const [row] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
      if (password) await db.delete(sessions).where(eq(sessions.user_id, userId));
      return row!;
    },

    /** Records the user's acceptance of the current terms of service. */
    async acceptCurrentTerms(userId: string, at: Date): Promise<void> {
      const [current] = await db
        .select({ version: termsVersions.version })
        .from(termsVersions)
        .where(eq(termsVersions.is_current, true))
        .limit(1);
      if (!current) return;
      await db
        .insert(termsAcceptances)
        .values({ user_id: userId, version: current.version, accepted_at: at });
    },
  };
}
