import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from '../db/schema/one-of';

export const JOB_STATUSES = ['pending', 'running', 'done', 'dead'] as const;

/**
 * Work done after the request that asked for it: sending an e-mail, periodic cleanup. Workers
 * claim due rows with `FOR UPDATE SKIP LOCKED`; a failed attempt is retried later until
 * `max_attempts`, then the job is `dead` and waits for an administrator.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('pending'),
    /** Attempts started so far, the running one included. */
    attempts: integer('attempts').notNull().default(0),
    max_attempts: integer('max_attempts').notNull(),
    /** When the job is due: now, or later after a failed attempt. */
    run_at: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a worker claimed it; a claim older than the worker's stale limit is taken over. */
    locked_at: timestamp('locked_at', { withTimezone: true }),
    locked_by: text('locked_by'),
    last_error: text('last_error'),
    /** At most one job per key, e.g. one cleanup per schedule slot whichever instance leads. */
    dedupe_key: text('dedupe_key').unique(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.run_at)
      .where(sql`${t.status} = 'pending'`),
    index('jobs_status_created_idx').on(t.status, t.created_at),
    check('jobs_status_check', oneOf(t.status, JOB_STATUSES)),
  ],
);

/** Named leases with an expiry: the instance holding `scheduler` queues the periodic jobs. */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
});
