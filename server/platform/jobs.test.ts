import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { openPostgres, type Database } from '../db/client';
import { jobLeases, jobs } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { backoffMs, createJobs, type Jobs } from './jobs';
import { LEASE_MS } from './jobs-leader';

/*
 * The queue and its workers on the file's own database: PGlite by default, PostgreSQL when
 * DATABASE_URL is set — where "two instances" are two connection pools, as two processes would be.
 */

let t: TestApp;
/** A second way into the same database: its own pool on PostgreSQL, the same PGlite otherwise. */
let other: Database;
beforeAll(async () => {
  t = await createTestApp({}, { runJobsBeforeReply: false });
  other = t.database.url ? await openPostgres(t.database.url, { poolMax: 4 }) : t.database;
});
afterAll(async () => {
  if (other !== t.database) await other.close();
  await t.close();
});

const started: Jobs[] = [];
function worker(
  database = t.database,
  options: { pollMs?: number; batchSize?: number; staleMs?: number } = {},
) {
  const jobsQueue = createJobs(database.db, t.clock, t.app.log, { pollMs: 0, ...options });
  started.push(jobsQueue);
  return jobsQueue;
}
const jobRow = async (id: string) => (await t.database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the job worker', () => {
  it('runs a due job once with its payload and marks it done', async () => {
    const queue = worker();
    const seen: unknown[] = [];
    queue.define('test.record', z.object({ lesson: z.string() }), async (payload, job) => {
      seen.push({ payload, attempt: job.attempt });
    });
    const id = await queue.enqueue('test.record', { lesson: 'Pi Quan' });
    await queue.drain();
    await queue.drain();
    expect(seen).toEqual([{ payload: { lesson: 'Pi Quan' }, attempt: 1 }]);
    expect(await jobRow(id!)).toMatchObject({ status: 'done', attempts: 1, finished_at: t.clock.now() });
  });

  it('waits for a job planned later', async () => {
    const queue = worker();
    let runs = 0;
    queue.define('test.later', z.object({}), async () => {
      runs++;
    });
    await queue.enqueue('test.later', {}, { runAt: new Date(t.clock.now().getTime() + 60_000) });
    await queue.drain();
    expect(runs).toBe(0);
    t.clock.advance(60_000);
    await queue.drain();
    expect(runs).toBe(1);
  });

  it('retries a failing job with growing waits, then keeps it dead with its error', async () => {
    const queue = worker();
    const attempts: number[] = [];
    queue.define('test.failing', z.object({}), async (_payload, job) => {
      attempts.push(job.attempt);
      throw new Error(`attempt ${job.attempt} refused`);
    });
    const id = (await queue.enqueue('test.failing', {}, { maxAttempts: 3 }))!;
    await queue.drain();
    const first = await jobRow(id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, last_error: 'attempt 1 refused' });
    expect(first.run_at.getTime() - t.clock.now().getTime()).toBe(backoffMs(1));

    t.clock.advance(backoffMs(1) - 1);
    await queue.drain();
    expect(attempts).toEqual([1]);
    t.clock.advance(1);
    await queue.drain();
    expect((await jobRow(id)).run_at.getTime() - t.clock.now().getTime()).toBe(backoffMs(2));
    t.clock.advance(backoffMs(2));
    await queue.drain();
    t.clock.advance(backoffMs(3));
    await queue.drain();

    expect(attempts).toEqual([1, 2, 3]);
    expect(await jobRow(id)).toMatchObject({ status: 'dead', attempts: 3, last_error: 'attempt 3 refused' });
  });

  it('kills a job whose payload its schema refuses at its first attempt, and logs why', async () => {
    const queue = worker();
    const seen: unknown[] = [];
    queue.define('test.typed', z.object({ lesson: z.string() }), async (payload) => {
      seen.push(payload);
    });
    const error = vi.spyOn(t.app.log, 'error');
    try {
      const id = (await queue.enqueue('test.typed', { lesson: 42 }, { maxAttempts: 5 }))!;
      await queue.drain();
      expect(seen).toEqual([]);
      const row = await jobRow(id);
      expect(row).toMatchObject({ status: 'dead', attempts: 1, finished_at: t.clock.now() });
      expect(row.last_error).toMatch(/^the payload is not a valid test\.typed job: .*lesson/s);
      expect(error).toHaveBeenCalledWith(
        expect.objectContaining({ job: { id, kind: 'test.typed', attempt: 1, dead: true } }),
        'job payload is invalid; it will not be run',
      );
    } finally {
      error.mockRestore();
    }
  });

  it('queues through the handle define returns, and hands the handler the parsed payload', async () => {
    const queue = worker();
    const seen: unknown[] = [];
    const lessons = queue.define('test.parsed', z.object({ lesson: z.string().trim() }), async (payload) => {
      seen.push(payload);
    });
    expect(lessons.kind).toBe('test.parsed');
    const id = (await lessons.enqueue({ lesson: '  Beng Quan ' }))!;
    await queue.drain();
    expect(seen).toEqual([{ lesson: 'Beng Quan' }]);
    expect(await jobRow(id)).toMatchObject({ kind: 'test.parsed', payload: { lesson: '  Beng Quan ' } });
  });

  it('lists the kinds it can run', () => {
    const queue = worker();
    queue.define('test.b', z.object({}), async () => {});
    queue.define('test.a', z.object({}), async () => {});
    expect(queue.kinds()).toEqual(['test.a', 'test.b']);
  });

  it('doubles the wait from 15 seconds up to an hour', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([15_000, 30_000, 60_000, 120_000]);
    expect(backoffMs(20)).toBe(60 * 60_000);
  });

  it('runs a job queued in a transaction only if the transaction commits', async () => {
    const queue = worker();
    const ran: string[] = [];
    queue.define('test.tx', z.object({ name: z.string() }), async (payload) => {
      ran.push(payload.name);
    });
    await t.database.db.transaction(async (tx) => {
      await queue.enqueue('test.tx', { name: 'kept' }, { tx });
    });
    await t.database.db
      .transaction(async (tx) => {
        await queue.enqueue('test.tx', { name: 'rolled back' }, { tx });
        throw new Error('the business change failed');
      })
      .catch(() => {});
    await queue.drain();
    expect(ran).toEqual(['kept']);
  });

  it('queues one job per dedupe key', async () => {
    const queue = worker();
    const first = await queue.enqueue('test.unique', {}, { dedupeKey: 'unique:1' });
    const second = await queue.enqueue('test.unique', {}, { dedupeKey: 'unique:1' });
    expect(first).toBeDefined();
    expect(second).toBeUndefined();
  });

  it('hands a job whose worker stopped mid-attempt to another worker once the claim is stale', async () => {
    const queue = worker(t.database, { staleMs: 60_000 });
    let runs = 0;
    queue.define('test.stale', z.object({}), async () => {
      runs++;
    });
    const id = (await queue.enqueue('test.stale'))!;
    await t.database.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, locked_at: t.clock.now(), locked_by: 'crashed-worker' })
      .where(eq(jobs.id, id));
    await queue.drain();
    expect(runs).toBe(0);
    t.clock.advance(60_001);
    await queue.drain();
    expect(runs).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('two workers on their own connections never take the same job', async () => {
    const a = worker(t.database, { batchSize: 3 });
    const b = worker(other, { batchSize: 3 });
    const runs = new Map<string, string[]>();
    for (const queue of [a, b]) {
      queue.define('test.race', z.object({ n: z.number() }), async ({ n }) => {
        runs.set(String(n), [...(runs.get(String(n)) ?? []), queue.workerId]);
        await pause(2);
      });
    }
    for (let n = 0; n < 60; n++) await a.enqueue('test.race', { n });
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);

    expect(runs.size).toBe(60);
    expect([...runs.values()].every((by) => by.length === 1)).toBe(true);
    if (t.database.url) {
      // Both pools really worked in parallel: each took a share.
      const by = new Set([...runs.values()].map(([id]) => id));
      expect(by.size).toBe(2);
    }
  });

  it('polls on its own once started and stops only after the job in hand has finished', async () => {
    const queue = worker(t.database, { pollMs: 10 });
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const finished: string[] = [];
    queue.define('test.slow', z.object({ name: z.string() }), async ({ name }) => {
      if (name === 'slow') await blocked;
      finished.push(name);
    });
    queue.start();
    const slow = (await queue.enqueue('test.slow', { name: 'slow' }))!;
    await vi.waitFor(async () => expect((await jobRow(slow)).status).toBe('running'));

    let stopped = false;
    const stopping = queue.stop().then(() => (stopped = true));
    await queue.enqueue('test.slow', { name: 'after stop' });
    await pause(50);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toEqual(['slow']);
    expect((await jobRow(slow)).status).toBe('done');
    await pause(50);
    expect(finished).toEqual(['slow']);
  });

  it('starts no round once stopped, even when asked to drain', async () => {
    const queue = worker();
    const ran: string[] = [];
    queue.define('test.late', z.object({}), async () => {
      ran.push('late');
    });
    const id = await queue.enqueue('test.late');
    await queue.stop();
    expect(await queue.tick()).toBe(0);
    await queue.drain();
    expect(ran).toEqual([]);
    expect((await jobRow(id!)).status).toBe('pending');
  });
});

describe('a started worker', () => {
  it('runs a job queued outside a transaction at once, without waiting for its next poll', async () => {
    const queue = worker(t.database, { pollMs: 60_000 });
    const ran: string[] = [];
    queue.define('test.prompt', z.object({}), async () => {
      ran.push('ran');
    });
    queue.start();
    await pause(100);
    await queue.enqueue('test.prompt');
    await vi.waitFor(() => expect(ran).toEqual(['ran']), { timeout: 2_000 });
    await queue.stop();
  });
});

describe('the scheduler', () => {
  it('has one leader, which alone queues each slot of a schedule, and hands over when it stops', async () => {
    const a = worker(t.database);
    const b = worker(other);
    for (const queue of [a, b]) {
      queue.define('test.periodic', z.object({}), async () => {});
      queue.every('test.periodic', 60 * 60_000, 'test.periodic');
    }
    await Promise.all([a.tick(), b.tick()]);
    expect([a.isLeader(), b.isLeader()].filter(Boolean)).toHaveLength(1);
    const [leader, follower] = a.isLeader() ? [a, b] : [b, a];
    const periodic = () => t.database.db.select().from(jobs).where(eq(jobs.kind, 'test.periodic'));
    expect(await periodic()).toHaveLength(1);

    await Promise.all([a.tick(), b.tick()]);
    expect(await periodic()).toHaveLength(1);

    await leader.stop();
    expect(await t.database.db.select().from(jobLeases)).toHaveLength(0);
    await follower.tick();
    expect(follower.isLeader()).toBe(true);
    // The new leader queues the slot again under the same key: still one job for it.
    expect(await periodic()).toHaveLength(1);

    t.clock.advance(60 * 60_000);
    await Promise.all([a.tick(), b.tick()]);
    expect(await periodic()).toHaveLength(2);
    await a.stop();
    await b.stop();
  });

  it('a leader that stops renewing loses the lease once it expires', async () => {
    const a = worker(t.database);
    const b = worker(other);
    for (const queue of [a, b]) queue.every('test.lease', 60 * 60_000, 'test.lease');
    await a.tick();
    await b.tick();
    expect(a.isLeader()).toBe(true);
    expect(b.isLeader()).toBe(false);
    t.clock.advance(LEASE_MS + 1);
    await b.tick();
    expect(b.isLeader()).toBe(true);
    await a.tick();
    expect(a.isLeader()).toBe(false);
    await b.stop();
    await a.stop();
  });
});

describe('the app', () => {
  it('stops its worker on close, after the job in hand', async () => {
    const app = await createTestApp({ JOBS_POLL_MS: 10 }, { runJobsBeforeReply: false });
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    let done = false;
    app.app.jobs.define('test.close', z.object({}), async () => {
      await blocked;
      done = true;
    });
    const id = (await app.app.jobs.enqueue('test.close'))!;
    await vi.waitFor(async () => {
      const [row] = await app.database.db.select().from(jobs).where(eq(jobs.id, id));
      expect(row!.status).toBe('running');
    });
    const closing = app.close();
    await pause(30);
    expect(done).toBe(false);
    release();
    await closing;
    expect(done).toBe(true);
  });
});

describe("the app's jobs", () => {
  it('are the kinds its modules and the platform define', () => {
    expect(t.app.jobs.kinds()).toEqual([
      'auth.reset-code',
      'bookings.reminder',
      'classes.offer-expiry',
      'cleanup.live-events',
      'cleanup.local-checkouts',
      'cleanup.outbox',
      'cleanup.recovery',
      'cleanup.sessions',
      'mail.send',
      'messages.unread-email',
      'news.notify-members',
    ]);
  });
});
