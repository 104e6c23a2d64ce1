import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_LOCK_FILE } from './db/client';
import { DEMO_ADMIN } from './db/seed/demo-accounts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kwoon-main-'));
});
afterAll(async () => rm(dataDir, { recursive: true, force: true }));

/** The real process entry, as `npm start` runs it, on PGlite in a temporary DATA_DIR. */
async function startServer(): Promise<{ child: ChildProcess; base: string; exited: Promise<number | null> }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
  delete env.DATABASE_URL;
  env.LOG_LEVEL = 'warn';
  const child = spawn(tsx, ['server/main.ts'], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 120; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base, exited };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

describe('the server process', { timeout: 90_000 }, () => {
  it('seeds the demo accounts, finishes in-flight requests on SIGTERM and closes the database', async () => {
    const { child, base, exited } = await startServer();
    const admin = DEMO_ADMIN;
    expect(existsSync(path.join(dataDir, 'db', PGLITE_LOCK_FILE))).toBe(true);

    // Sign-in spends tens of milliseconds hashing: it is still running when SIGTERM arrives.
    const inFlight = fetch(`${base}/api/user/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: admin.username, password: admin.password }),
    });
    await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGTERM');

    const res = await inFlight;
    expect(res.status).toBe(200);
    expect((await res.json()).token).toEqual(expect.any(String));
    expect(await exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'db', PGLITE_LOCK_FILE))).toBe(false);

    // The data survives a clean restart, and the seed does not run twice.
    const again = await startServer();
    const signIn = await fetch(`${again.base}/api/user/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: admin.username, password: admin.password }),
    });
    expect(signIn.status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });
});
