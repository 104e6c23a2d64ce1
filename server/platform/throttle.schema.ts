import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Attempt counters behind the recovery lockout and per-account throttling: one row per key
 * (e.g. `recovery:<e-mail>`, `account:<user id>`), counted and checked in one statement.
 */
export const authThrottles = pgTable('auth_throttles', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull(),
  window_started_at: timestamp('window_started_at', { withTimezone: true }).notNull(),
});
