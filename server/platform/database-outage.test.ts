import { mkdtemp, rm } from 'node:fs/promises';
import net, { type AddressInfo, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../db/client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded-postgres';
import { createTestAppOn, openTestDatabase, type TestApp } from '../test/app';
import { createUser } from '../test/factories';
import { eventually, stopEmbeddedServerOn } from '../test/postmaster';
import { BURST_QUIET_MS } from './burst-log';
import { DATABASE_RETRY_AFTER_SECONDS } from './errors';

/*
 * A database that goes away, or is too slow, makes requests answer 503 with Retry-After and a
 * stable code, and the log says so once per burst rather than once per request.
 */

type LogEntry = { level: number; msg: string; err?: { message?: string } };

function logCapture() {
  const entries: LogEntry[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean))
        entries.push(JSON.parse(line) as LogEntry);
      done();
    },
  });
  return { entries, stream };
}

/** The app's own lines about failures; the event connection's reconnects are logged on their own backoff. */
const failureLines = (entries: LogEntry[]) =>
  entries.filter((entry) => entry.level >= 40 && !entry.msg.startsWith('event connection'));

const UNAVAILABLE = {
  error: 'The service is temporarily unavailable. Please try again in a few seconds.',
  code: 'DATABASE_UNAVAILABLE',
};

/** Requests of several kinds: a public list, a sign-in, a signed-in student's own data. */
function requestsOfEveryKind(t: TestApp, student: Awaited<ReturnType<typeof createUser>>) {
  return [
    t.app.inject({ url: '/api/courses' }),
    t.call('POST', '/api/user/authenticate', { username: student.user.username, password: student.password }),
    t.app.inject({ url: `/api/users/${student.user.id}/messages/unread-count`, headers: student.auth }),
    t.app.inject({ url: `/api/user/${student.user.id}/profile`, headers: student.auth }),
  ];
}

/**
 * A TCP relay between the app's pool and its database. Down, it refuses new connections and
 * resets the open ones, as a database host that went away does; up again, on the same port.
 */
async function relayTo(target: URL) {
  const open = new Set<Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        open.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const { port } = server.address() as AddressInfo;
  const url = new URL(target);
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.toString(),
    async down() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of open) socket.resetAndDestroy();
      await closed;
    },
    up: () => listen(port),
  };
}

describe('a database that stops', { timeout: 120_000 }, () => {
  let dataDir: string;
  let embedded: EmbeddedPostgres;
  let t: TestApp;
  const log = logCapture();

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kwoon-outage-'));
    embedded = await startEmbeddedPostgres({ dataDir, durability: 'ephemeral' });
    const database = await openPostgres(embedded.url, { poolMax: 4 });
    await database.migrate();
    t = await createTestAppOn(
      database,
      { LOG_LEVEL: 'warn' },
      { logStream: log.stream, prettyLogs: false, runJobsBeforeReply: false },
    );
  });
  afterAll(async () => {
    await t?.close();
    await stopEmbeddedServerOn(dataDir);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 503 DATABASE_UNAVAILABLE with Retry-After on every route, /readyz 503 and /livez 200, with one log line', async () => {
    const student = await createUser(t);
    for (const res of await Promise.all(requestsOfEveryKind(t, student))) expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);

    // A fast shutdown: the server ends its sessions (57P01) and then refuses connections.
    log.entries.length = 0;
    await embedded.stop();
    for (let round = 0; round < 5; round++) {
      for (const res of await Promise.all(requestsOfEveryKind(t, student))) {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
        expect(res.json()).toEqual(UNAVAILABLE);
      }
    }
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'database unavailable' });
    expect((await t.app.inject({ url: '/livez' })).statusCode).toBe(200);

    // The pool's idle connections ended, then twenty requests failed: one line, the first failure
    // with its cause.
    const lines = failureLines(log.entries);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ err: expect.any(Object) });
    expect(lines[0]!.msg).toMatch(/^PostgreSQL connection failed$|DATABASE_UNAVAILABLE/);
  });
});

describe('a database host that goes away and comes back', { timeout: 60_000 }, () => {
  let t: TestApp;
  let drop: () => Promise<void>;
  let relay: Awaited<ReturnType<typeof relayTo>>;
  const log = logCapture();

  beforeAll(async () => {
    const test = await openTestDatabase();
    drop = test.drop;
    relay = await relayTo(new URL(test.url));
    t = await createTestAppOn(
      await openPostgres(relay.url, { poolMax: 4, connectionTimeoutMs: 1_000 }),
      { LOG_LEVEL: 'warn' },
      { logStream: log.stream, prettyLogs: false, runJobsBeforeReply: false },
    );
  });
  afterAll(async () => {
    await t?.close();
    await drop?.();
  });

  /** Waits until the open burst has been closed with its count. */
  const burstOver = () =>
    eventually(
      () =>
        failureLines(log.entries).some((entry) => entry.msg.startsWith('DATABASE_UNAVAILABLE: burst over')),
      BURST_QUIET_MS + 5_000,
    );

  it('answers 503 while the database is unreachable (connections refused and reset), then recovers; each burst is logged once and counted when it ends', async () => {
    const student = await createUser(t);
    for (const res of await Promise.all(requestsOfEveryKind(t, student))) expect(res.statusCode).toBe(200);

    for (const outage of [1, 2]) {
      log.entries.length = 0;
      await relay.down();
      for (let round = 0; round < 3; round++)
        for (const res of await Promise.all(requestsOfEveryKind(t, student))) {
          expect(res.statusCode, `outage ${outage}: ${res.body}`).toBe(503);
          expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
          expect(res.json()).toEqual(UNAVAILABLE);
        }
      expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(503);
      expect((await t.app.inject({ url: '/livez' })).statusCode).toBe(200);
      expect(failureLines(log.entries), `outage ${outage}`).toHaveLength(1);

      await relay.up();
      for (const res of await Promise.all(requestsOfEveryKind(t, student))) expect(res.statusCode).toBe(200);
      expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);

      expect(await burstOver(), `outage ${outage}`).toBe(true);
      const lines = failureLines(log.entries);
      // The first failure in full, then the count once the burst is over; no line per request.
      expect(lines, `outage ${outage}`).toHaveLength(2);
      expect(lines[1]!.msg).toMatch(/^DATABASE_UNAVAILABLE: burst over, (\d+) failures in \d+ s$/);
      expect(Number(/(\d+) failures/.exec(lines[1]!.msg)![1])).toBeGreaterThanOrEqual(12);
      expect(log.entries.filter((entry) => entry.level >= 50 && entry.msg === 'request failed')).toEqual([]);
    }
  });
});

describe('a table locked by a long transaction', { timeout: 60_000 }, () => {
  let t: TestApp;
  let drop: () => Promise<void>;
  let url: string;

  beforeAll(async () => {
    const test = await openTestDatabase();
    ({ drop, url } = test);
    // Two connections: two requests stuck behind the lock take them all.
    t = await createTestAppOn(
      await openPostgres(url, { poolMax: 2, connectionTimeoutMs: 300, statementTimeoutMs: 1_500 }),
      {},
      { runJobsBeforeReply: false },
    );
  });
  afterAll(async () => {
    await t?.close();
    await drop?.();
  });

  it('makes a request that needs the table answer 503 DATABASE_TIMEOUT once the statement timeout runs out, and one that waits for a connection 503 DATABASE_UNAVAILABLE', async () => {
    const student = await createUser(t);
    const unread = () =>
      t.app.inject({ url: `/api/users/${student.user.id}/messages/unread-count`, headers: student.auth });
    expect((await unread()).statusCode).toBe(200);

    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table messages in access exclusive mode');
      const stuck = [unread(), unread()];
      // Both pool connections wait for the lock before an unrelated request asks for one.
      const waiting = async () => {
        const { rows } = await holder.query<{ n: number }>(
          "select count(*)::int as n from pg_locks where not granted and relation = 'messages'::regclass",
        );
        return rows[0]!.n;
      };
      let blocked = 0;
      for (let i = 0; i < 100 && blocked < 2; i++) {
        blocked = await waiting();
        if (blocked < 2) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(blocked).toBe(2);

      const courses = await t.app.inject({ url: '/api/courses' });
      expect(courses.statusCode, courses.body).toBe(503);
      expect(courses.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(courses.json()).toEqual(UNAVAILABLE);

      for (const res of await Promise.all(stuck)) {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
        expect(res.json()).toEqual({
          error: 'The request took too long. Please try again later.',
          code: 'DATABASE_TIMEOUT',
        });
      }
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    expect((await unread()).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/courses' })).statusCode).toBe(200);
  });
});
