import type { FastifyBaseLogger } from 'fastify';

/** A burst is over once this long passes without another failure of its kind. */
export const BURST_QUIET_MS = 5_000;
/** While a burst goes on, its count is logged at most this often. */
export const BURST_REPORT_EVERY_MS = 60_000;
/** How often open bursts are looked at. */
const SWEEP_MS = 1_000;

interface Burst {
  startedAt: number;
  lastAt: number;
  reportedAt: number;
  /** Failures since the last line about the burst. */
  unreported: number;
  total: number;
}

const seconds = (ms: number) => Math.max(1, Math.round(ms / 1000));

/**
 * Logs a failure that comes in floods once per burst: the first one in full (the caller logs it
 * when `count` says so), the rest as a count, every `BURST_REPORT_EVERY_MS` while the burst goes
 * on and once when it ends. An outage of the database fails every request at once; one stack
 * trace per request would bury the line that says what happened.
 */
export function createBurstLog(log: FastifyBaseLogger) {
  const bursts = new Map<string, Burst>();
  let timer: NodeJS.Timeout | undefined;

  function report(kind: string, burst: Burst, now: number, over: boolean) {
    const took = seconds(now - burst.startedAt);
    if (over && burst.total > 1)
      log.warn(
        { failure: kind, count: burst.total, seconds: took },
        `${kind}: burst over, ${burst.total} failures in ${took} s`,
      );
    else if (!over && burst.unreported > 0)
      log.warn(
        { failure: kind, count: burst.unreported, seconds: took },
        `${kind}: ${burst.unreported} more failures, still failing after ${took} s`,
      );
    burst.unreported = 0;
    burst.reportedAt = now;
  }

  function sweep() {
    timer = undefined;
    const now = Date.now();
    for (const [kind, burst] of bursts) {
      if (now - burst.lastAt >= BURST_QUIET_MS) {
        report(kind, burst, now, true);
        bursts.delete(kind);
      } else if (now - burst.reportedAt >= BURST_REPORT_EVERY_MS) {
        report(kind, burst, now, false);
      }
    }
    schedule();
  }

  function schedule() {
    if (timer || bursts.size === 0) return;
    timer = setTimeout(sweep, SWEEP_MS);
    timer.unref();
  }

  return {
    /**
     * Counts one failure of `kind`; true when it opens a burst, so the caller logs this one in
     * full. Later ones are only counted.
     */
    count(kind: string): boolean {
      const now = Date.now();
      const burst = bursts.get(kind);
      if (burst) {
        burst.lastAt = now;
        burst.unreported++;
        burst.total++;
        return false;
      }
      bursts.set(kind, { startedAt: now, lastAt: now, reportedAt: now, unreported: 0, total: 1 });
      schedule();
      return true;
    },
    /** Logs the counts of the bursts still going on and stops the timer. */
    close(): void {
      clearTimeout(timer);
      timer = undefined;
      const now = Date.now();
      for (const [kind, burst] of bursts) report(kind, burst, now, true);
      bursts.clear();
    },
  };
}

export type BurstLog = ReturnType<typeof createBurstLog>;
