import { and, eq, lte, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobLeases } from '../db/schema';
import type { Clock } from './clock';

const LEASE_NAME = 'scheduler';
/** A leader that stops renewing (crashed, cut off) is replaced after this long. */
export const LEASE_MS = 60_000;
/** The holder renews well before expiry, so a slow round does not lose the lease. */
const RENEW_MS = LEASE_MS / 3;

/**
 * Leadership through a row rather than a session-level advisory lock: it needs no connection of
 * its own, behaves the same on PGlite, and a leader that hangs (not only one that disconnects)
 * loses it. The cost is that a crashed leader is replaced after LEASE_MS, not at once — fine for
 * hourly cleanup.
 */
export function createLeader(db: Db, clock: Clock, holder: string) {
  let heldUntil = 0;
  let renewedAt = 0;

  return {
    /** True while this instance holds the lease; takes or renews it as needed. */
    async hold(): Promise<boolean> {
      const now = clock.now();
      if (now.getTime() < heldUntil && now.getTime() - renewedAt < RENEW_MS) return true;
      const expiresAt = new Date(now.getTime() + LEASE_MS);
      const [row] = await db
        .insert(jobLeases)
        .values({ name: LEASE_NAME, holder, expires_at: expiresAt })
        .onConflictDoUpdate({
          target: jobLeases.name,
          set: { holder, expires_at: expiresAt },
          setWhere: or(eq(jobLeases.holder, holder), lte(jobLeases.expires_at, now)),
        })
        .returning({ holder: jobLeases.holder });
      if (row?.holder === holder) {
        heldUntil = expiresAt.getTime();
        renewedAt = now.getTime();
        return true;
      }
      heldUntil = 0;
      return false;
    },
    held: () => clock.now().getTime() < heldUntil,
    /** Gives the lease up so another instance takes over at its next round. */
    async release(): Promise<void> {
      if (heldUntil === 0) return;
      heldUntil = 0;
      await db.delete(jobLeases).where(and(eq(jobLeases.name, LEASE_NAME), eq(jobLeases.holder, holder)));
    },
  };
}
export type Leader = ReturnType<typeof createLeader>;
