import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from './db/seed/demo-accounts';
import { keepAliveLoad, sendOnNewConnection, type Outcome } from './test/keep-alive-load';
import { isGone, postmasterOf, postmasterPidFile } from './test/postmaster';
import { serverProcesses } from './test/server-process';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const servers = serverProcesses();
afterEach(() => servers.cleanup());

const signInBody = JSON.stringify({ username: DEMO_ADMIN.username, password: DEMO_ADMIN.password });

/**
 * A sign-in whose body is held back: `headersRead` resolves once the server has read the
 * headers (it answers 100 Continue), and the body goes out only when `sendBody` is called.
 */
function heldSignIn(base: string) {
  const url = new URL(base);
  const request = http.request({
    host: url.hostname,
    port: url.port,
    path: '/api/user/authenticate',
    method: 'POST',
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(signInBody),
      expect: '100-continue',
    },
  });
  const headersRead = new Promise<void>((resolve) => request.once('continue', () => resolve()));
  const answered = new Promise<{ status: number; text: string }>((resolve) => {
    request.on('error', (error) => resolve({ status: 0, text: error.message }));
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
  });
  request.flushHeaders();
  return { headersRead, answered, sendBody: () => request.end(signInBody) };
}

/** Polls until the server stops accepting connections; false if it still accepts after 5 s. */
async function refusesNewConnections(base: string): Promise<boolean> {
  const { hostname, port } = new URL(base);
  for (let attempt = 0; attempt < 100; attempt++) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: hostname, port: Number(port) });
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
    });
    if (refused) return true;
    await sleep(50);
  }
  return false;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The signed link the demo administrator's course page gives for the first demo video lesson. */
async function demoVideoLink(base: string): Promise<string> {
  const signIn = await fetch(`${base}/api/user/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: signInBody,
  });
  const headers = { authorization: `Bearer ${((await signIn.json()) as { token: string }).token}` };
  const list = (await (await fetch(`${base}/api/courses?limit=200`, { headers })).json()) as {
    courses: { id: string }[];
  };
  for (const { id } of list.courses) {
    const { course } = (await (await fetch(`${base}/api/courses/${id}`, { headers })).json()) as {
      course: { modules: { lessons: { content_url: string | null }[] }[] };
    };
    const links = course.modules.flatMap((m) => m.lessons.map((l) => l.content_url ?? ''));
    const link = links.find((url) => url.startsWith('/media/lesson-videos/'));
    if (link) return link;
  }
  throw new Error('no demo video lesson');
}

describe('the server process', { timeout: 90_000 }, () => {
  it('seeds the demo accounts, finishes in-flight requests on SIGTERM and closes the database', async () => {
    // As `npm start` runs by default: no DATABASE_URL, so the embedded server starts in DATA_DIR.
    const storage = { dataDir: await servers.dataDir() };
    const { child, base, exited } = await servers.start(storage);
    const health = await (await fetch(`${base}/api/health`)).json();
    expect(health.driver).toBe('embedded-postgres');
    const admin = DEMO_ADMIN;
    const postgres = postmasterOf(storage.dataDir);
    expect(postgres).toBeDefined();
    expect(isGone(postgres!.pid)).toBe(false);
    // Nothing the running server made in DATA_DIR, the database cluster included, is open to other
    // users of the machine.
    const exposed = spawnSync('find', [storage.dataDir, '-perm', '/077'], { encoding: 'utf8' }).stdout;
    expect(exposed.trim()).toBe('');
    // The demo lessons' videos are in this DATA_DIR's media store, served with seeking through the
    // signed links the course pages give; the address alone opens nothing.
    const videos = await readdir(path.join(storage.dataDir, 'media', 'lesson-videos'));
    expect(videos.length).toBeGreaterThan(10);
    expect((await fetch(`${base}/media/lesson-videos/${videos[0]}`)).status).toBe(403);
    const link = await demoVideoLink(base);
    const video = await fetch(`${base}${link}`, { headers: { range: 'bytes=0-99' } });
    expect(video.status).toBe(206);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    expect((await video.arrayBuffer()).byteLength).toBe(100);

    // A sign-in held open (its body not yet sent) is in flight for certain when SIGTERM arrives.
    const held = heldSignIn(base);
    await held.headersRead;
    child.kill('SIGTERM');
    expect(await refusesNewConnections(base)).toBe(true);
    held.sendBody();

    const res = await held.answered;
    expect(res.status, res.text).toBe(200);
    expect(JSON.parse(res.text).token).toEqual(expect.any(String));
    expect(await exited).toBe(0);
    // The PostgreSQL server was stopped before the process exited.
    expect(existsSync(postmasterPidFile(storage.dataDir))).toBe(false);
    expect(isGone(postgres!.pid)).toBe(true);

    // The data survives a clean restart, and the seed does not run twice.
    const again = await servers.start(storage);
    const signIn = await fetch(`${again.base}/api/user/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: admin.username, password: admin.password }),
    });
    expect(signIn.status).toBe(200);
    // The key that signs the media links is kept in DATA_DIR: a link handed out before still plays.
    expect((await fetch(`${again.base}${link}`, { headers: { range: 'bytes=0-99' } })).status).toBe(206);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });

  it('logs JSON lines when stdout is not a terminal: one start banner with the demo accounts, one line per API request', async () => {
    const { child, base, exited, stdout } = await servers.start(await servers.withDatabase(), {
      LOG_LEVEL: 'info',
    });
    expect((await fetch(`${base}/api/courses?token=Banner-Query-Secret`)).status).toBe(200);
    await fetch(`${base}/assets/index-1a2b3c.js`);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const entries = stdout.map((line) => JSON.parse(line));
    const banners = entries.filter((entry) => String(entry.msg).startsWith('Kwoon is ready'));
    expect(banners).toHaveLength(1);
    expect(banners[0].msg).toContain(`username "${DEMO_ADMIN.username}", password "${DEMO_ADMIN.password}"`);
    // What is left open is said loudly: a warning line each, repeated in the banner.
    const demoWarning =
      'Anyone can sign in to these demo accounts with their published passwords: admin, mei, daniel.';
    const checkoutWarning = 'The test checkout is on (PAYMENTS_PROVIDER=local)';
    const warnings = entries.filter((entry) => entry.level === 40).map((entry) => String(entry.msg));
    expect(warnings).toEqual([
      expect.stringContaining(demoWarning),
      expect.stringContaining(checkoutWarning),
    ]);
    expect(banners[0].msg).toContain(`WARNING: ${demoWarning}`);
    expect(banners[0].msg).toContain(`WARNING: ${checkoutWarning}`);
    expect(entries.filter((entry) => String(entry.msg).startsWith('Demo'))).toEqual([]);
    const requests = entries.filter((entry) => 'statusCode' in entry && entry.url !== '/api/health');
    expect(requests).toEqual([
      expect.objectContaining({
        level: 30,
        method: 'GET',
        url: '/api/courses?token=[redacted]',
        statusCode: 200,
      }),
    ]);
    expect(stdout.join('\n')).not.toContain('Banner-Query-Secret');
  });

  it('refuses to start the test checkout on PostgreSQL unless ALLOW_TEST_CHECKOUT=true, before touching the database', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: await servers.dataDir(),
      // Nothing listens there: the refusal comes first.
      DATABASE_URL: 'postgres://kwoon@127.0.0.1:1/kwoon',
      LOG_LEVEL: 'warn',
    };
    delete env.ALLOW_TEST_CHECKOUT;
    delete env.PAYMENTS_PROVIDER;
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      'Refusing to start: PAYMENTS_PROVIDER=local (the default) is the built-in test checkout',
    );
    expect(run.stderr).toContain('ALLOW_TEST_CHECKOUT=true');
  });

  it('creates no demo accounts on PostgreSQL unless SEED_DEMO=true', async () => {
    const { base, child, exited } = await servers.start(await servers.withDatabase(), { SEED_DEMO: 'false' });
    const signIn = await fetch(`${base}/api/user/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: signInBody,
    });
    expect(signIn.status).toBe(401);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('answers a burst of new connections, GETs and POSTs, sent around SIGTERM on the embedded server: each answered or refused, none reset', async () => {
    const { child, base, exited } = await servers.start({ dataDir: await servers.dataDir() });
    let gone = false;
    void exited.then(() => (gone = true));
    const sent: Promise<Outcome>[] = [];
    const wave = (size: number) => {
      for (let i = 0; i < size; i++)
        sent.push(
          i % 3 === 0
            ? sendOnNewConnection(base, 'POST', '/api/user/authenticate', '{}')
            : sendOnNewConnection(base, 'GET', '/api/courses'),
        );
    };
    // Waves of new connections from before the signal until after it: the kernel establishes each
    // at once, and some are still waiting in the listener's queue when the drain begins.
    for (let i = 0; i < 10; i++) {
      wave(10);
      await sleep(5);
    }
    child.kill('SIGTERM');
    for (let i = 0; i < 40 && !gone; i++) {
      wave(10);
      await sleep(5);
    }
    const outcomes = await Promise.all(sent);
    expect(await exited).toBe(0);
    // Once the process is gone, a new connection is refused before anything is sent.
    expect(await sendOnNewConnection(base, 'POST', '/api/user/authenticate', '{}')).toEqual({
      kind: 'refused',
    });

    const answered = outcomes.flatMap((o) => (o.kind === 'answered' ? [o] : []));
    const summary = `answered ${answered.length}, refused ${outcomes.filter((o) => o.kind === 'refused').length}`;
    expect(
      outcomes.filter((o) => o.kind === 'reset' || o.kind === 'other'),
      summary,
    ).toEqual([]);
    expect(
      answered.filter((a) => a.status >= 500),
      summary,
    ).toEqual([]);
    expect(answered.length, summary).toBeGreaterThan(30);
  });

  it('drains under keep-alive load on SIGTERM: every request is answered or its new connection refused, none reset', async () => {
    const { child, base, exited } = await servers.start(await servers.withDatabase(), {
      SHUTDOWN_TIMEOUT_MS: '8000',
    });
    let exitedAt = Number.POSITIVE_INFINITY;
    void exited.then(() => (exitedAt = Date.now()));

    const held = heldSignIn(base);
    await held.headersRead;
    const load = keepAliveLoad(base, '/api/health', 50);
    await load.warm();
    await sleep(1_000);

    load.mark();
    child.kill('SIGTERM');
    const signalledAt = Date.now();
    await sleep(300);
    held.sendBody();
    // Keep sending until the process is gone, and a little after, within a hard bound.
    while (Date.now() < Math.min(exitedAt + 300, signalledAt + 10_000)) await sleep(50);
    const sent = await load.stop();

    const signIn = await held.answered;
    expect(signIn.status, signIn.text).toBe(200);
    expect(JSON.parse(signIn.text).token).toEqual(expect.any(String));
    expect(await exited).toBe(0);

    const count = (kind: string) => sent.filter((s) => s.outcome.kind === kind).length;
    const broken = sent.flatMap((s) =>
      s.outcome.kind === 'reset' || s.outcome.kind === 'other' ? [s.outcome.code] : [],
    );
    const tally = [...new Set(broken)].map((code) => `${broken.filter((c) => c === code).length} ${code}`);
    const summary = `answered ${count('answered')}, refused ${count('refused')}, broken: ${tally.join(', ')}`;
    expect(broken, summary).toEqual([]);
    const answered = sent.flatMap((s) => (s.outcome.kind === 'answered' ? [s.outcome] : []));
    const unclean = answered.filter((a) => a.status >= 500 && !(a.status === 503 && a.connectionClose));
    expect(unclean, summary).toEqual([]);
    // The load really overlapped the drain: connections were told to close, then refused.
    expect(answered.filter((a) => a.connectionClose).length, summary).toBeGreaterThan(0);
    expect(sent.filter((s) => s.afterMark && s.outcome.kind === 'refused').length, summary).toBeGreaterThan(
      0,
    );
  });
});
