import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authThrottles } from '../db/schema';
import type { Clock } from './clock';
import { tooManyRequests } from './errors';

/** At most `limit` attempts per key in a window of `windowMs`, counted from the window's first attempt. */
export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

export interface ThrottleHit {
  /** Whether this attempt may be evaluated. */
  allowed: boolean;
  /** Attempts counted in the current window, this one included. */
  attempts: number;
  /** When the window ends and the key may try again. */
  retryAfterSeconds: number;
  /** True for exactly one attempt per window: the first one refused (e.g. to tell the owner once). */
  justLocked: boolean;
}

/**
 * The one answer to an attempt past a limit: 429 with Retry-After, the wait in seconds up to a
 * minute and a half and in whole minutes beyond.
 */
export function tooManyAttempts(retryAfterSeconds: number) {
  const wait =
    retryAfterSeconds <= 90 ? `${retryAfterSeconds} seconds` : `${Math.ceil(retryAfterSeconds / 60)} minutes`;
  return tooManyRequests(`Too many attempts. Please try again in ${wait}.`, retryAfterSeconds);
}

/**
 * Attempt counters shared by every instance through the database. `hit` counts an attempt and
 * checks the limit in one statement (an upsert on the key's row), so concurrent requests cannot
 * all pass the check before the count catches up: at most `limit` attempts are ever allowed in a
 * window, on PostgreSQL and PGlite alike. A caller counts before evaluating a secret and calls
 * `reset` after a success.
 */
export function createThrottle(db: Db, clock: Clock) {
  async function hit(key: string, rule: ThrottleRule): Promise<ThrottleHit> {
    const now = clock.now();
    const windowOver = sql`${authThrottles.window_started_at} <= ${new Date(now.getTime() - rule.windowMs).toISOString()}::timestamptz`;
    const [row] = await db
      .insert(authThrottles)
      .values({ key, attempts: 1, window_started_at: now })
      .onConflictDoUpdate({
        target: authThrottles.key,
        set: {
          attempts: sql`case when ${windowOver} then 1 else ${authThrottles.attempts} + 1 end`,
          window_started_at: sql`case when ${windowOver} then ${now.toISOString()}::timestamptz else ${authThrottles.window_started_at} end`,
        },
      })
      .returning({ attempts: authThrottles.attempts, window_started_at: authThrottles.window_started_at });
    if (!row) throw new Error(`Throttle ${key} was not counted`);
    const endsAt = row.window_started_at.getTime() + rule.windowMs;
    return {
      allowed: row.attempts <= rule.limit,
      attempts: row.attempts,
      retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)),
      justLocked: row.attempts === rule.limit + 1,
    };
  }

  return {
    hit,

    /** Counts an attempt and refuses it past the limit with the one answer (see tooManyAttempts). */
    async hitOrThrow(key: string, rule: ThrottleRule): Promise<void> {
      const counted = await hit(key, rule);
      if (!counted.allowed) throw tooManyAttempts(counted.retryAfterSeconds);
    },

    /** Forgets a key's attempts, e.g. after the right secret was given. */
    async reset(key: string): Promise<void> {
      await db.delete(authThrottles).where(eq(authThrottles.key, key));
    },
  };
}
export type Throttle = ReturnType<typeof createThrottle>;
