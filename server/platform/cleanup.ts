/* eslint-disable kwoon/table-ownership -- the retention cleanup deletes only rows past their expiry,
   in any domain's table (docs/architecture.md, Table ownership) */
import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import {
  authThrottles,
  emailChanges,
  jobs,
  localCheckoutSessions,
  mailOutbox,
  passwordResetCodes,
  sessions,
  tempPasswords,
} from '../db/schema';
import type { Clock } from './clock';
import type { Jobs } from './jobs';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/** Longer than any throttle window (the longest is 15 minutes), so no live counter is reset. */
const THROTTLE_KEEP_MS = DAY;
/**
 * A test checkout's page is gone once expired, but a late verify call still reads the session to
 * mark its order expired; a week is far beyond any buyer's return.
 */
const CHECKOUT_KEEP_MS = 7 * DAY;

/**
 * The periodic deletes of rows nobody can use any more. Each is one statement and safe to repeat,
 * so a cleanup retried or run twice does no harm.
 */
export function cleanupTasks(db: Db, clock: Clock, options: { outboxKeepDays: number }) {
  const before = (ms: number) => new Date(clock.now().getTime() - ms);
  return {
    'cleanup.sessions': () => db.delete(sessions).where(lt(sessions.expires_at, clock.now())),
    // Used ones expire too: a recovery code lives 10 minutes, a temporary password 30.
    'cleanup.recovery': async () => {
      const now = clock.now();
      await db.delete(tempPasswords).where(lt(tempPasswords.expires_at, now));
      await db.delete(passwordResetCodes).where(lt(passwordResetCodes.expires_at, now));
      await db.delete(emailChanges).where(lt(emailChanges.expires_at, now));
      await db.delete(authThrottles).where(lt(authThrottles.window_started_at, before(THROTTLE_KEEP_MS)));
    },
    'cleanup.local-checkouts': () =>
      db.delete(localCheckoutSessions).where(lt(localCheckoutSessions.expires_at, before(CHECKOUT_KEEP_MS))),
    'cleanup.outbox': async () => {
      const old = before(options.outboxKeepDays * DAY);
      await db
        .delete(mailOutbox)
        .where(
          and(
            inArray(mailOutbox.status, ['sent', 'logged']),
            isNotNull(mailOutbox.sent_at),
            lt(mailOutbox.sent_at, old),
          ),
        );
      // Dead jobs stay until an administrator retries them; finished ones go with the outbox.
      await db.delete(jobs).where(and(eq(jobs.status, 'done'), lt(jobs.finished_at, old)));
    },
  } satisfies Record<string, () => Promise<unknown>>;
}

/** Registers every cleanup as an hourly job queued by the scheduler's leader. */
export function scheduleCleanup(
  jobsQueue: Jobs,
  db: Db,
  clock: Clock,
  log: FastifyBaseLogger,
  options: { outboxKeepDays: number },
) {
  for (const [kind, task] of Object.entries(cleanupTasks(db, clock, options))) {
    jobsQueue.define(kind, z.object({}), async () => {
      await task();
      log.debug({ job: kind }, 'cleanup done');
    });
    jobsQueue.every(kind, HOUR, kind);
  }
}
