import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { liveEvents, sessions } from '../../db/schema';
import { hashToken } from '../../platform/tokens';
import { createSecondInstance, createTestApp, type TestApp } from '../../test/app';
import { listen, openStream as openEventStream, type Frame } from '../../test/event-stream';
import { createUser } from '../../test/factories';
import { LIVE_EVENTS_KEEP_MS, REPLAY_LIMIT, userChannel } from './live.service';

/*
 * The event stream over real HTTP: the app listens on a free port and the test reads the stream
 * with fetch, as the web app does (server/test/event-stream.ts).
 */

let t: TestApp;

// One app for the file: each test streams to users of its own. The shutdown test closes an app of
// its own.
const SESSION_CACHE_SECONDS = 10;
const liveApp = () => createTestApp({ EVENTS_HEARTBEAT_MS: 50, SESSION_CACHE_SECONDS });
beforeAll(async () => {
  t = await liveApp();
});
afterAll(async () => t.close());

/** A stream of `t` unless another app is named. */
const openStream = (headers: Record<string, string>, on: TestApp = t, query = '') =>
  openEventStream(on, headers, query);

const note = (n: number) => ({ type: 'message.created', data: { n } });
const publishNotes = (on: TestApp, userId: string, from: number, count: number) =>
  Promise.all(Array.from({ length: count }, (_, i) => on.app.live.publish(userId, note(from + i))));

describe('GET /api/events', () => {
  it('answers 401 without a token, in the error shape', async () => {
    const res = await fetch(`${await listen(t)}/api/events`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: expect.any(String), error: expect.any(String) });
  });

  it("streams the caller's own events, each with its id, and no one else's", async () => {
    const mei = await createUser(t);
    const wei = await createUser(t);
    const stream = await openStream(mei.auth);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.res.headers.get('cache-control')).toContain('no-cache');
    const ready = await stream.next();
    expect(ready).toEqual({ type: 'ready', data: null, id: expect.any(Number) });

    await t.app.live.publish(wei.user.id, { type: 'message.created', data: { id: 'for-wei' } });
    await t.app.live.publish(mei.user.id, { type: 'message.created', data: { id: 'for-mei' } });

    const event = await stream.next();
    expect(event).toEqual({ type: 'message.created', data: { id: 'for-mei' }, id: expect.any(Number) });
    expect((event as Frame).id).toBeGreaterThan((ready as Frame).id!);
    stream.close();
  });

  it('keeps a quiet stream alive with a comment every EVENTS_HEARTBEAT_MS', async () => {
    const mei = await createUser(t);
    const stream = await openStream(mei.auth);
    expect(await stream.next()).toMatchObject({ type: 'ready' });
    const deadline = Date.now() + 2000;
    while (stream.comments.length === 0 && Date.now() < deadline)
      expect(await stream.next(Math.min(deadline, Date.now() + 25))).toBe('waiting');
    expect(stream.comments).toContain(': keep-alive');
    stream.close();
  });

  it('ends at a heartbeat a stream whose session ended without a word (it expired)', async () => {
    const mei = await createUser(t);
    const stream = await openStream(mei.auth);
    expect(await stream.next()).toMatchObject({ type: 'ready' });
    await t.database.db.delete(sessions).where(eq(sessions.token_hash, hashToken(mei.token)));
    // Past what the session cache trusts without reading the session again.
    t.clock.advance(SESSION_CACHE_SECONDS * 1000);
    expect(await stream.rest(2000)).toEqual([{ type: 'session-ended', data: null }]);
  });

  it('ends every stream with a hint to reconnect when the server shuts down', async () => {
    const own = await liveApp();
    try {
      const mei = await createUser(own);
      const stream = await openStream(mei.auth, own);
      expect(await stream.next()).toMatchObject({ type: 'ready' });
      const closing = own.app.close();

      expect(await stream.next()).toEqual({ type: 'reconnect', data: null });
      expect(await stream.next()).toBe('closed');
      await closing;
    } finally {
      await own.close();
    }
  });

  it('an event in a transaction that rolls back is neither sent nor kept', async () => {
    const mei = await createUser(t);
    const stream = await openStream(mei.auth);
    const [ready] = await stream.take(1);
    await t.database.db
      .transaction(async (tx) => {
        await t.app.live.publish(mei.user.id, note(1), tx);
        throw new Error('the message failed');
      })
      .catch(() => {});
    await t.database.db.transaction((tx) => t.app.live.publish(mei.user.id, note(2), tx));
    expect(await stream.take(1)).toEqual([{ ...note(2), id: expect.any(Number) }]);
    stream.close();
    const again = await openStream({ ...mei.auth, 'Last-Event-ID': String(ready!.id) });
    expect(await again.take(2)).toEqual([
      { type: 'ready', data: null },
      { ...note(2), id: expect.any(Number) },
    ]);
    again.close();
  });
});

describe('reconnecting with Last-Event-ID', () => {
  it('sends what was missed, in order, then the live events; `?lastEventId=` does the same', async () => {
    const mei = await createUser(t);
    const first = await openStream(mei.auth);
    const [ready] = await first.take(1);
    first.close();
    for (let n = 1; n <= 3; n++) await t.app.live.publish(mei.user.id, note(n));

    const again = await openStream({ ...mei.auth, 'Last-Event-ID': String(ready!.id) });
    const [readyAgain, ...missed] = await again.take(4);
    expect(readyAgain).toEqual({ type: 'ready', data: null });
    expect(missed.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(missed.map((e) => e.id)).toEqual([...missed.map((e) => e.id!)].sort((a, b) => a - b));
    await t.app.live.publish(mei.user.id, note(4));
    expect((await again.take(1))[0]).toMatchObject({ data: { n: 4 } });
    again.close();

    const byQuery = await openStream(mei.auth, t, `?lastEventId=${missed[1]!.id}`);
    expect((await byQuery.take(3)).map((e) => e.data)).toEqual([null, { n: 3 }, { n: 4 }]);
    byQuery.close();
  });

  it('misses nothing and repeats nothing while events are published during the catch-up', async () => {
    const mei = await createUser(t);
    const first = await openStream(mei.auth);
    const [ready] = await first.take(1);
    first.close();
    await publishNotes(t, mei.user.id, 0, 40);

    const reconnecting = openStream({ ...mei.auth, 'Last-Event-ID': String(ready!.id) });
    const during = publishNotes(t, mei.user.id, 40, 40);
    const again = await reconnecting;
    await during;
    const [readyAgain, ...events] = await again.take(81);
    expect(readyAgain!.type).toBe('ready');
    const ns = events.map((e) => (e.data as { n: number }).n);
    expect(new Set(ns).size).toBe(80);
    expect([...ns].sort((a, b) => a - b)).toEqual(Array.from({ length: 80 }, (_, i) => i));
    expect(new Set(events.map((e) => e.id)).size).toBe(80);
    again.close();
  });

  it('sends an event the catch-up read once, though its announcement arrives after the catch-up', async () => {
    const mei = await createUser(t);
    const first = await openStream(mei.auth);
    const [ready] = await first.take(1);
    first.close();
    // Logged but not yet announced, as a publish is between its insert and its notification.
    const [logged] = await t.database.db
      .insert(liveEvents)
      .values({ user_id: mei.user.id, ...note(1), created_at: t.clock.now() })
      .returning({ id: liveEvents.id });
    const again = await openStream({ ...mei.auth, 'Last-Event-ID': String(ready!.id) });
    expect(await again.take(2)).toEqual([
      { type: 'ready', data: null },
      { ...note(1), id: logged!.id },
    ]);
    await t.app.events.publish(userChannel(mei.user.id), { ...note(1), id: logged!.id });
    await t.app.live.publish(mei.user.id, note(2));
    expect(await again.take(1)).toEqual([{ ...note(2), id: expect.any(Number) }]);
    again.close();
  });

  it('answers a position the log no longer holds, or never held, with reset', async () => {
    const mei = await createUser(t);
    const first = await openStream(mei.auth);
    const [ready] = await first.take(1);
    first.close();
    await t.app.live.publish(mei.user.id, note(1));
    t.clock.advance(LIVE_EVENTS_KEEP_MS + 60_000);
    await t.app.live.publish(mei.user.id, note(2));
    await t.app.jobs.drain();

    for (const lastEventId of [String(ready!.id), 'not-an-id', '999999999999']) {
      const again = await openStream({ ...mei.auth, 'Last-Event-ID': lastEventId });
      const [readyAgain, reset] = await again.take(2);
      expect(readyAgain).toEqual({ type: 'ready', data: null });
      expect(reset).toEqual({ type: 'reset', data: null, id: expect.any(Number) });
      again.close();
    }
  });

  it(`answers a gap of more than ${REPLAY_LIMIT} events with reset`, async () => {
    const mei = await createUser(t);
    const first = await openStream(mei.auth);
    const [ready] = await first.take(1);
    first.close();
    await t.database.db.insert(liveEvents).values(
      Array.from({ length: REPLAY_LIMIT + 1 }, (_, n) => ({
        user_id: mei.user.id,
        type: 'message.created',
        data: { n },
        created_at: t.clock.now(),
      })),
    );
    const again = await openStream({ ...mei.auth, 'Last-Event-ID': String(ready!.id) });
    expect((await again.take(2)).map((e) => e.type)).toEqual(['ready', 'reset']);
    again.close();
  });
});

describe('the cleanup of the log', () => {
  it('deletes events older than the retention, keeping the newest row', async () => {
    const mei = await createUser(t);
    await t.app.live.publish(mei.user.id, note(1));
    await t.app.live.publish(mei.user.id, note(2));
    t.clock.advance(LIVE_EVENTS_KEEP_MS + 60_000);
    await t.app.live.publish(mei.user.id, note(3));
    await t.app.jobs.drain();
    const kept = async () =>
      (await t.database.db.select({ data: liveEvents.data }).from(liveEvents)).map((row) => row.data);
    expect(await kept()).toEqual([{ n: 3 }]);

    // Everything is old now: the newest row still marks where the log begins.
    t.clock.advance(LIVE_EVENTS_KEEP_MS + 60_000);
    await t.app.jobs.drain();
    expect(await kept()).toEqual([{ n: 3 }]);
  });
});

// eslint-disable-next-line no-restricted-syntax -- CI runs the server tests on PGlite and again on PostgreSQL
describe.runIf(process.env.DATABASE_URL)('two instances on one PostgreSQL database', () => {
  it('an event published on one reaches a stream on the other, and the other replays what a dropped stream missed', async () => {
    await fanOutAcrossInstances();
  });
});

// eslint-disable-next-line no-restricted-syntax -- CI's PostgreSQL step sets REDIS_URL
describe.skipIf(!process.env.REDIS_URL)('two instances through Redis (REDIS_URL)', () => {
  it('an event published on one reaches a stream on the other, and the other replays what a dropped stream missed', async () => {
    const redis = { REDIS_URL: process.env.REDIS_URL!, REDIS_KEY_PREFIX: `kwoon-test-${randomUUID()}:` };
    await fanOutAcrossInstances(redis);
  });
});

/** Instance A publishes, a stream on B hears it; events B's dropped stream missed are replayed by A. */
async function fanOutAcrossInstances(
  config: { REDIS_URL: string; REDIS_KEY_PREFIX: string } | undefined = undefined,
) {
  const a = config ? await createSecondInstance(t, config) : t;
  const b = await createSecondInstance(t, config);
  try {
    expect(b.app.events.kind).toBe(config ? 'redis' : 'postgres');
    const mei = await createUser(a);
    const onB = await openStream(mei.auth, b);
    await onB.take(1);
    const sent = Date.now();
    await a.app.live.publish(mei.user.id, note(1));
    const [heard] = await onB.take(1);
    expect(heard).toMatchObject(note(1));
    expect(Date.now() - sent).toBeLessThan(1000);
    onB.close();

    await publishNotes(a, mei.user.id, 2, 2);
    await b.app.live.publish(mei.user.id, note(4));
    const onA = await openStream({ ...mei.auth, 'Last-Event-ID': String(heard!.id) }, a);
    const [ready, ...missed] = await onA.take(4);
    expect(ready!.type).toBe('ready');
    expect(missed.map((e) => (e.data as { n: number }).n).sort()).toEqual([2, 3, 4]);
    onA.close();
  } finally {
    await b.close();
    if (a !== t) await a.close();
  }
}

// The channel name is the user's id without dashes: a UUID that way is still unique.
it('names a channel per user', () => {
  expect(userChannel('0b9e8c1e-1c7a-4a55-9e5c-6f1d2a3b4c5d')).toBe('user_0b9e8c1e1c7a4a559e5c6f1d2a3b4c5d');
});
