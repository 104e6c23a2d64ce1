import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TESTIMONIAL_TEXT } from '../modules/testimonials/test/factories';
import {
  eventually,
  isGone,
  parentOf,
  postmasterOf,
  processGroupMembers,
  processGroupOf,
  serverStopped,
} from '../test/postmaster';
import {
  serverProcesses,
  signInAsDemoAdmin,
  type ServerStorage,
  type StartedServer,
} from '../test/server-process';
import { EMBEDDED_LOG_FILE, runningEmbeddedPostgres } from './embedded-postgres';

/*
 * What an acknowledged write is worth on the embedded server when a process dies mid-burst: the
 * app as `npm start` runs it by default (no DATABASE_URL), on one DATA_DIR for the whole file,
 * killed in the ways a machine kills processes.
 */

const servers = serverProcesses();
let storage: ServerStorage;
beforeAll(async () => {
  storage = { dataDir: await servers.dataDir() };
});
afterAll(() => servers.cleanup());

/**
 * The app a test restarted after its crash, left running: the next test's burst runs on it
 * (restarts are what these tests cost), or on an app of its own when run alone or after a failure.
 */
let current: StartedServer | undefined;
async function runningApp(): Promise<StartedServer> {
  if (!current || current.child.exitCode !== null || current.child.signalCode !== null) {
    current = await servers.start(storage);
  }
  return current;
}

async function restart(): Promise<StartedServer> {
  current = await servers.start(storage);
  return current;
}

const WRITERS = 8;
/** Acknowledged writes before the kill: the burst is well under way, a write in flight on every writer. */
const ACKNOWLEDGED_BEFORE_KILL = 40;

/**
 * Administrators adding testimonials on `WRITERS` connections at once, each writer sending its next
 * as soon as the last is answered, until one is not acknowledged (201) — the process it wrote to died.
 */
function writeBurst(base: string, token: string) {
  const acknowledged: string[] = [];
  const failures: string[] = [];
  let sent = 0;
  const writer = async () => {
    for (;;) {
      const n = ++sent;
      try {
        const res = await fetch(`${base}/api/admin/testimonials`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({
            student_name: `Burst student ${n}`,
            instructor_context: 'Taijiquan with Sifu Lin Wei',
            testimonial_text: TESTIMONIAL_TEXT,
            student_email: 'student@example.org',
          }),
        });
        const text = await res.text();
        if (res.status !== 201) {
          failures.push(`${res.status} ${text}`);
          return;
        }
        acknowledged.push((JSON.parse(text) as { testimonial: { id: string } }).testimonial.id);
      } catch (error) {
        failures.push(String((error as Error).cause ?? error));
        return;
      }
    }
  };
  const done = Promise.all(Array.from({ length: WRITERS }, writer));
  return {
    acknowledged,
    failures,
    /** Resolves once `count` writes are acknowledged, or every writer has stopped. */
    async reached(count: number) {
      let stopped = false;
      void done.then(() => (stopped = true));
      while (acknowledged.length < count && !stopped) await new Promise((r) => setTimeout(r, 10));
    },
    done,
  };
}

/** The ids among `ids` that the database on DATA_DIR's running embedded server does not hold. */
async function missingTestimonials(ids: string[]): Promise<string[]> {
  const server = await runningEmbeddedPostgres(storage.dataDir);
  if (!server) throw new Error('no embedded server runs on the DATA_DIR');
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      'select id from testimonials where id = any($1::uuid[])',
      [ids],
    );
    const found = new Set(rows.map((row) => row.id));
    return ids.filter((id) => !found.has(id));
  } finally {
    await client.end();
  }
}

/** On the app running on the file's DATA_DIR, signs in and writes until `kill` ends a process under it. */
async function killDuringBurst(kill: (app: StartedServer, postmaster: number) => void) {
  const app = await runningApp();
  const postmaster = postmasterOf(storage.dataDir)!;
  expect(postmaster).toBeDefined();
  const token = await signInAsDemoAdmin(app.base);
  const burst = writeBurst(app.base, token);
  await burst.reached(ACKNOWLEDGED_BEFORE_KILL);
  expect(burst.failures).toEqual([]);
  kill(app, postmaster.pid);
  await burst.done;
  return { app, postmaster, acknowledged: burst.acknowledged };
}

/** What `promise` resolves to, or 'still waiting' after `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | 'still waiting'> {
  let timer: NodeJS.Timeout | undefined;
  const waiting = new Promise<'still waiting'>(
    (resolve) => (timer = setTimeout(() => resolve('still waiting'), ms)),
  );
  return Promise.race([promise, waiting]).finally(() => clearTimeout(timer));
}

const logLength = () => readFileSync(path.join(storage.dataDir, EMBEDDED_LOG_FILE), 'utf8').length;

describe('the embedded database when a process dies', { timeout: 120_000 }, () => {
  it('keeps every acknowledged write when the app is killed mid-burst; its watchdog stops the server', async () => {
    const { app, postmaster, acknowledged } = await killDuringBurst((app) => app.child.kill('SIGKILL'));
    expect(await within(app.exited, 15_000)).toBe(null);
    expect(await eventually(serverStopped(storage.dataDir, postmaster.pid), 10_000)).toBe(true);

    await restart();
    expect(acknowledged.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);
    expect(await missingTestimonials(acknowledged)).toEqual([]);
  });

  const kills = {
    // The watchdog and the server share a process group of their own.
    'its whole process group': (postmaster: number) => {
      const group = processGroupOf(postmaster)!;
      expect(group).not.toBe(processGroupOf(process.pid));
      process.kill(-group, 'SIGKILL');
    },
    // Its children notice and exit on their own.
    'the postmaster alone': (postmaster: number) => process.kill(postmaster, 'SIGKILL'),
  };
  it.each(Object.entries(kills))(
    'keeps every acknowledged write when the server is killed mid-burst (%s): the app exits 1, the server recovers from its WAL',
    async (_, kill) => {
      const { app, postmaster, acknowledged } = await killDuringBurst((_app, pid) => kill(pid));
      expect(await within(app.exited, 15_000)).toBe(1);
      expect(app.stdout.join('\n')).toContain('The embedded PostgreSQL server stopped unexpectedly');
      expect(await eventually(() => isGone(postmaster.pid), 10_000)).toBe(true);

      const logBefore = logLength();
      await restart();
      const log = readFileSync(path.join(storage.dataDir, EMBEDDED_LOG_FILE), 'utf8').slice(logBefore);
      expect(log).toContain('automatic recovery in progress');
      expect(await missingTestimonials(acknowledged)).toEqual([]);
    },
  );

  it('stops a server an earlier process left running, and starts its own', async () => {
    const app = await runningApp();
    const orphan = postmasterOf(storage.dataDir)!;
    // The app and its watchdog die, the server does not: the watchdog's pipe reader first, so
    // nothing is left to ask the server to stop, then the shell the server is a child of.
    const shell = parentOf(orphan.pid);
    const watchdog = processGroupMembers(processGroupOf(orphan.pid)!).filter((p) => p.comm !== 'postgres');
    expect(watchdog.map((p) => p.pid)).toContain(shell);
    for (const { pid } of watchdog.filter((p) => p.pid !== shell)) process.kill(pid, 'SIGKILL');
    process.kill(shell!, 'SIGKILL');
    app.child.kill('SIGKILL');
    await app.exited;
    expect(isGone(orphan.pid)).toBe(false);
    expect((await runningEmbeddedPostgres(storage.dataDir))?.port).toBe(orphan.port);

    const again = await restart();
    expect(again.stderr.join('\n')).toContain(`Stopping the embedded PostgreSQL server (pid ${orphan.pid})`);
    expect(isGone(orphan.pid)).toBe(true);
    const own = postmasterOf(storage.dataDir)!;
    expect(own.pid).not.toBe(orphan.pid);
    await signInAsDemoAdmin(again.base);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    expect(serverStopped(storage.dataDir, own.pid)()).toBe(true);
  });
});
