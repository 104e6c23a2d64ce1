import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';

/** Temporary passwords issued by recovery: valid 30 minutes, single use. */
export const tempPasswords = pgTable(
  'temp_passwords',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    password_hash: text('password_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('temp_passwords_user_id_idx').on(t.user_id)],
);

/** Six-digit codes e-mailed during recovery to prove the mailbox: 10 minutes, 5 tries, single use. */
export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A new code voids the older one: at most one live code per user.
    uniqueIndex('password_reset_codes_live_key')
      .on(t.user_id)
      .where(sql`${t.used_at} is null`),
    // The partial index above skips used codes; deleting a user must find those too.
    index('password_reset_codes_user_idx').on(t.user_id),
  ],
);
