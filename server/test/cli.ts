import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { openPostgres, type Database } from '../db/client';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `npm run cli -- …` as an operator would, on the embedded server in `dataDir` unless
 * `extraEnv` names a DATABASE_URL (the test process's own one is never passed on, nor its REDIS_URL). `input` is piped to its standard
 * input, which is then closed.
 */
export function runCli(
  dataDir: string,
  args: string[],
  extraEnv: NodeJS.ProcessEnv = {},
  input = '',
): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...extraEnv };
  if (!extraEnv.DATABASE_URL) delete env.DATABASE_URL;
  // Events go where the test's app hears them: through Redis only when the test says so.
  if (!extraEnv.REDIS_URL) delete env.REDIS_URL;
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, ['server/cli.ts', ...args], { cwd: root, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

export interface CliWorld {
  dataDir: string;
  databaseUrl: string;
  cli: (...args: string[]) => Promise<CliResult>;
  /** The command with `input` piped to it, as `printf '%s\n' "$PASSWORD" | npm run cli -- …` does. */
  piped: (input: string, ...args: string[]) => Promise<CliResult>;
  /** Opens the CLI's database directly. */
  open: () => Promise<Database>;
  close: () => Promise<void>;
}

/** A database of its own for one CLI test, migrated and empty: a copy of the template. */
export async function cliWorld(): Promise<CliWorld> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kwoon-cli-'));
  const pgTemplate = inject('pgTemplate');
  const serverUrl = process.env.DATABASE_URL!;
  const name = `kwoon_cli_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${pgTemplate}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    dataDir,
    databaseUrl,
    cli: (...args) => runCli(dataDir, args, { DATABASE_URL: databaseUrl }),
    piped: (input, ...args) => runCli(dataDir, args, { DATABASE_URL: databaseUrl }, input),
    open: () => openPostgres(databaseUrl, { poolMax: 1 }),
    async close() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
