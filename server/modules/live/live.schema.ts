import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';

/**
 * The recent live events of each person, so a stream that reconnects gets what it missed
 * (`Last-Event-ID`; decisions/0014). Ids grow across everyone's events, so one id is a position
 * in the whole log.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('live_events_user_id_id_idx').on(t.user_id, t.id)],
);

/**
 * One row: the highest id the cleanup has deleted. A position at or after it has lost nothing;
 * one before it may have (ids skip numbers, so the first id left could not tell).
 */
export const liveEventsHorizon = pgTable(
  'live_events_horizon',
  {
    only: boolean('only').primaryKey().default(true),
    deleted_through: bigint('deleted_through', { mode: 'number' }).notNull(),
  },
  (t) => [check('live_events_horizon_only_check', sql`${t.only}`)],
);
