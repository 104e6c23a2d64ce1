import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { DEMO_ADMIN } from '../db/seed/demo-accounts';
import { stopEmbeddedServerOn } from './postmaster';

/*
 * The real server process (server/main.ts), started as `npm start` runs it, for the tests of what
 * only a process shows: signals, exits, its database's life.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * What one server process runs on: its DATA_DIR, and a database of its own unless it starts the
 * embedded server there.
 */
export interface ServerStorage {
  dataDir: string;
  databaseUrl?: string;
}

export interface StartedServer {
  child: ChildProcess;
  base: string;
  /** The exit code; null when a signal ended the process. */
  exited: Promise<number | null>;
  /** What the process has written to stdout so far, line by line. */
  stdout: string[];
  stderr: string[];
}

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

function collectLines(stream: NodeJS.ReadableStream, into: string[]) {
  let partial = '';
  stream.on('data', (chunk: Buffer) => {
    const complete = (partial + chunk.toString()).split('\n');
    partial = complete.pop()!;
    into.push(...complete.filter(Boolean));
  });
}

/**
 * Server processes and what they run on, all undone by `cleanup` (for `afterEach`): processes
 * still running are killed, databases dropped, DATA_DIRs removed with any embedded server
 * left on them stopped first.
 */
export function serverProcesses() {
  const cleanups: (() => Promise<void>)[] = [];

  async function dataDir(): Promise<string> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kwoon-main-'));
    cleanups.push(async () => {
      await stopEmbeddedServerOn(dir);
      await rm(dir, { recursive: true, force: true });
    });
    return dir;
  }

  return {
    async cleanup() {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    },

    /** An empty DATA_DIR: a process started on it alone starts the embedded server there, as `npm start` does. */
    dataDir,

    /** A DATA_DIR and a fresh copy of the migrated template on the run's PostgreSQL server (faster to start). */
    async withDatabase(): Promise<ServerStorage> {
      const storage = { dataDir: await dataDir() };
      const name = `kwoon_main_${randomUUID().replace(/-/g, '')}`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
      cleanups.push(async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      });
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      return { ...storage, databaseUrl: url.toString() };
    },

    /**
     * The real process entry in one Node process, as `npm start` runs it (the `tsx` command would
     * put a second process in front, which kills a child that is slow to acknowledge a signal).
     * Resolves once it answers its health check.
     */
    async start(storage: ServerStorage, extraEnv: NodeJS.ProcessEnv = {}): Promise<StartedServer> {
      const port = await freePort();
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATA_DIR: storage.dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        // With REDIS_URL (as CI sets it), the rate limits of every process of a run would share
        // 127.0.0.1's counts there: each server counts under keys of its own.
        REDIS_KEY_PREFIX: `kwoon-test-${randomUUID()}:`,
        ...extraEnv,
      };
      delete env.DATABASE_URL;
      if (storage.databaseUrl) {
        env.DATABASE_URL = storage.databaseUrl;
        // With a server of its own the demo and the test checkout are asked for, as a staging site would.
        env.SEED_DEMO = extraEnv.SEED_DEMO ?? 'true';
        env.ALLOW_TEST_CHECKOUT = extraEnv.ALLOW_TEST_CHECKOUT ?? 'true';
      }
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: root,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const stdout: string[] = [];
      const stderr: string[] = [];
      collectLines(child.stdout, stdout);
      collectLines(child.stderr, stderr);
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      cleanups.push(async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await exited;
      });
      const base = `http://127.0.0.1:${port}`;
      for (let attempt = 0; attempt < 480; attempt++) {
        if (child.exitCode !== null) {
          throw new Error(`server exited with ${child.exitCode}: ${stderr.join('\n')}`);
        }
        try {
          if ((await fetch(`${base}/api/health`)).ok) return { child, base, exited, stdout, stderr };
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error('server did not start');
    },
  };
}

/** A session token of the demo administrator, whom the demo seed creates. */
export async function signInAsDemoAdmin(base: string): Promise<string> {
  const res = await fetch(`${base}/api/user/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_ADMIN.username, password: DEMO_ADMIN.password }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}
