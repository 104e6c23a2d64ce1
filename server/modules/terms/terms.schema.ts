import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';

export const termsVersions = pgTable(
  'terms_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    version: text('version').notNull().unique(),
    effective_date: date('effective_date', { mode: 'string' }).notNull(),
    content: text('content').notNull(),
    is_current: boolean('is_current').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Exactly one version is current at a time.
  (t) => [
    uniqueIndex('terms_versions_one_current_key')
      .on(t.is_current)
      .where(sql`${t.is_current}`),
  ],
);

export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    accepted_at: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    reason: text('reason'),
  },
  (t) => [
    index('terms_acceptances_user_version_idx').on(t.user_id, t.version),
    // At most one active (not revoked) acceptance per user and version, so accepting twice is a no-op.
    uniqueIndex('terms_acceptances_active_key')
      .on(t.user_id, t.version)
      .where(sql`${t.revoked_at} is null`),
  ],
);
