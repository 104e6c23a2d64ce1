import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db, Tx } from '../db/client';
import { jobs } from '../db/schema';
import type { Clock } from './clock';
import { createLeader, type Leader } from './jobs-leader';

/** What a handler learns about the attempt it runs. */
export interface JobAttempt {
  id: string;
  kind: string;
  /** This attempt's number, from 1. */
  attempt: number;
  maxAttempts: number;
}
export type JobHandler<Payload> = (payload: Payload, job: JobAttempt) => Promise<void>;

/** A kind of job as its module uses it: queued with a payload its schema accepts. */
export interface JobKind<Schema extends z.ZodType> {
  kind: string;
  enqueue(payload: z.input<Schema>, opts?: EnqueueOptions): Promise<string | undefined>;
}

/** A stored payload its kind's schema refuses: every attempt would fail alike, so none is retried. */
class InvalidPayloadError extends Error {
  constructor(kind: string, error: z.ZodError) {
    super(`the payload is not a valid ${kind} job: ${z.prettifyError(error)}`);
  }
}

export interface EnqueueOptions {
  /** Writes the job inside the caller's transaction, so it exists only if that commits. */
  tx?: Tx;
  runAt?: Date;
  maxAttempts?: number;
  /** A second job with the same key is not queued. */
  dedupeKey?: string;
}

export interface JobsOptions {
  /** How often an idle worker looks for due jobs; 0 leaves polling off (tests call drain()). */
  pollMs: number;
  /** Jobs claimed at once. */
  batchSize?: number;
  /** A claim this old belongs to a worker that stopped mid-job; another worker takes the job over. */
  staleMs?: number;
  /** The identity of this instance in claims and leases. */
  workerId?: string;
}

export const DEFAULT_MAX_ATTEMPTS = 8;
const BACKOFF_BASE_MS = 15_000;
const BACKOFF_MAX_MS = 60 * 60_000;

/**
 * The wait before attempt `attempts + 1`: 15 s, 30 s, 1 min, 2 min … capped at an hour, so a mail
 * server that is down for a while is not hammered and one that comes back is used within the hour.
 */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/**
 * The job queue and this instance's worker. Every instance runs a worker: workers share the table
 * and never take the same job (`FOR UPDATE SKIP LOCKED`). The periodic schedules are queued only by
 * the instance holding the scheduler lease, and each slot at most once (its dedupe key).
 */
export function createJobs(db: Db, clock: Clock, log: FastifyBaseLogger, options: JobsOptions) {
  const workerId = options.workerId ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
  const batchSize = options.batchSize ?? 10;
  const staleMs = options.staleMs ?? 15 * 60_000;
  const handlers = new Map<string, JobHandler<unknown>>();
  const schedules: { name: string; everyMs: number; kind: string; lastSlot?: number }[] = [];
  const leader: Leader = createLeader(db, clock, workerId);

  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  /** Stopped for good: the database may be closing, so no round may start. */
  let stopped = false;

  async function enqueue(kind: string, payload: unknown = {}, opts: EnqueueOptions = {}) {
    const [row] = await (opts.tx ?? db)
      .insert(jobs)
      .values({
        kind,
        payload,
        max_attempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        run_at: opts.runAt ?? clock.now(),
        created_at: clock.now(),
        dedupe_key: opts.dedupeKey ?? null,
      })
      .onConflictDoNothing({ target: jobs.dedupe_key })
      .returning({ id: jobs.id });
    if (!opts.tx) wake();
    return row?.id;
  }

  /** Takes up to `batchSize` due jobs, and jobs whose worker stopped mid-attempt. */
  async function claim() {
    const now = clock.now();
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        or(
          and(eq(jobs.status, 'pending'), lte(jobs.run_at, now)),
          and(
            eq(jobs.status, 'running'),
            lt(jobs.locked_at, new Date(now.getTime() - staleMs)),
            lt(jobs.attempts, jobs.max_attempts),
          ),
        ),
      )
      .orderBy(jobs.run_at)
      .limit(batchSize)
      .for('update', { skipLocked: true });
    return db
      .update(jobs)
      .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, locked_at: now, locked_by: workerId })
      .where(inArray(jobs.id, due))
      .returning();
  }

  /** A job whose last allowed attempt never finished is dead rather than run once more. */
  async function buryAbandoned() {
    const now = clock.now();
    await db
      .update(jobs)
      .set({ status: 'dead', last_error: 'the worker stopped during the last attempt', finished_at: now })
      .where(
        and(
          eq(jobs.status, 'running'),
          lt(jobs.locked_at, new Date(now.getTime() - staleMs)),
          sql`${jobs.attempts} >= ${jobs.max_attempts}`,
        ),
      );
  }

  async function run(job: typeof jobs.$inferSelect) {
    const mine = and(eq(jobs.id, job.id), eq(jobs.locked_by, workerId), eq(jobs.status, 'running'));
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
      await handler(job.payload, {
        id: job.id,
        kind: job.kind,
        attempt: job.attempts,
        maxAttempts: job.max_attempts,
      });
      await db
        .update(jobs)
        .set({ status: 'done', finished_at: clock.now(), last_error: null, locked_at: null })
        .where(mine);
    } catch (error) {
      const invalid = error instanceof InvalidPayloadError;
      const dead = invalid || job.attempts >= job.max_attempts;
      const at = clock.now();
      const about = { err: error, job: { id: job.id, kind: job.kind, attempt: job.attempts, dead } };
      if (invalid) log.error(about, 'job payload is invalid; it will not be run');
      else log.warn(about, dead ? 'job failed for the last time' : 'job failed; it will be retried');
      await db
        .update(jobs)
        .set(
          dead
            ? { status: 'dead', last_error: errorText(error), finished_at: at, locked_at: null }
            : {
                status: 'pending',
                last_error: errorText(error),
                run_at: new Date(at.getTime() + backoffMs(job.attempts)),
                locked_at: null,
              },
        )
        .where(mine);
    }
  }

  /** Queues each schedule's current slot once; only the lease holder does. */
  async function schedule() {
    if (schedules.length === 0 || !(await leader.hold())) return;
    const now = clock.now().getTime();
    for (const s of schedules) {
      const slot = Math.floor(now / s.everyMs);
      if (s.lastSlot === slot) continue;
      await enqueue(s.kind, {}, { dedupeKey: `${s.name}:${slot}`, maxAttempts: 3 });
      s.lastSlot = slot;
    }
  }

  /**
   * One round: schedules, then one batch. Rounds never overlap within the process, and none
   * starts once the worker is stopped (a reply's drain that outlives the app's close, say).
   */
  function tick(options: { schedules?: boolean } = {}): Promise<number> {
    if (stopped) return Promise.resolve(0);
    const round = running.then(async () => {
      if (options.schedules !== false) await schedule();
      await buryAbandoned();
      const claimed = await claim();
      for (const job of claimed) await run(job);
      return claimed.length;
    });
    running = round.catch(() => undefined);
    return round;
  }

  async function loop() {
    timer = undefined;
    if (!started) return;
    let claimed = 0;
    try {
      claimed = await tick();
    } catch (error) {
      log.error({ err: error }, 'job worker round failed');
    }
    if (started && !timer) timer = setTimeout(() => void loop(), claimed === batchSize ? 0 : options.pollMs);
  }

  /** Runs the next round soon, for a job just queued outside a transaction. */
  function wake() {
    if (!started || !timer) return;
    clearTimeout(timer);
    timer = setTimeout(() => void loop(), 0);
  }

  return {
    workerId,
    /** Queues a job as it is; a module queues through its kind's `define`, typed by the schema. */
    enqueue,
    /**
     * Sets the function that runs jobs of `kind`, given the stored payload as `payload` parses it.
     * A payload the schema refuses kills its job at once, with the reason as its last error.
     */
    define<Schema extends z.ZodType>(
      kind: string,
      payload: Schema,
      handler: JobHandler<z.output<Schema>>,
    ): JobKind<Schema> {
      handlers.set(kind, async (stored, job) => {
        const parsed = payload.safeParse(stored);
        if (!parsed.success) throw new InvalidPayloadError(kind, parsed.error);
        await handler(parsed.data, job);
      });
      return { kind, enqueue: (value, opts) => enqueue(kind, value, opts) };
    },
    /** The kinds of job this instance can run, in order. */
    kinds: () => [...handlers.keys()].sort(),
    /** Queues a job of `kind` once per `everyMs` (aligned to the epoch), across all instances. */
    every(name: string, everyMs: number, kind: string) {
      schedules.push({ name, everyMs, kind });
    },
    tick,
    /** Runs the next round now, e.g. after a transaction that queued jobs has committed. */
    wake,
    /**
     * Runs rounds until no job is due: what tests call instead of waiting for the poll.
     * `schedules: false` runs only jobs already queued, not the periodic ones.
     */
    async drain(options: { schedules?: boolean } = {}): Promise<void> {
      for (let rounds = 0; rounds < 100; rounds++) if ((await tick(options)) === 0) return;
    },
    isLeader: () => leader.held(),
    start() {
      if (started || options.pollMs <= 0) return;
      started = true;
      timer = setTimeout(() => void loop(), 0);
    },
    /** Stops polling, lets the job in hand finish and gives the lease up. */
    async stop() {
      started = false;
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
      await leader.release().catch((error: unknown) => log.warn({ err: error }, 'lease release failed'));
    },
  };
}
export type Jobs = ReturnType<typeof createJobs>;
