/**
 * What the benchmarks share: the load generator, the hello-world baseline, the real app on a
 * database, sign-up, the results table and file. Only 127.0.0.1; every load phase is bounded in time.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = 1;
const CONNECTIONS = 10;
const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Row {
  scenario: string;
  driver: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

const rows: Row[] = [];

/** Warm up, then measure; the load runs in a worker thread so it does not share the server's event loop. */
export async function measure(
  scenario: string,
  driver: string,
  url: string,
  headers: Record<string, string> = {},
) {
  const options = { url, headers, connections: CONNECTIONS, workers: 1, timeout: 10 };
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  const result: Result = await autocannon({ ...options, duration: SECONDS });
  const row: Row = {
    scenario,
    driver,
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
  rows.push(row);
  console.log(`  ${scenario} (${driver}): ${Math.round(row.requestsPerSecond)} req/s`);
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The server has no TCP address');
  return `http://127.0.0.1:${address.port}`;
}

async function helloWorld() {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  try {
    await measure('hello world (bare Fastify)', '-', `${await listen(app)}/`);
  } finally {
    await app.close();
  }
}

/**
 * The real app with every plugin and module, on the given database (PGlite in a temporary
 * DATA_DIR without one), in this process; `run` gets its address and database.
 */
export async function withRealApp(
  databaseUrl: string | undefined,
  run: (base: string, database: Database) => Promise<void>,
) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kwoon-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
    await database.migrate();
    app = await buildApp({ config, database });
    await run(await listen(app), database);
  } finally {
    await app?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Creates the benchmark's user through the public sign-up endpoint, as a visitor would. */
export async function signUp(base: string): Promise<{ id: string; token: string }> {
  const response = await fetch(`${base}/api/create/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench Student',
      city: 'Oakland',
      country: 'United States',
      martial_art: 'Taijiquan',
      email: 'bench@example.org',
      username: 'bench_student',
      password: 'bench-password-42',
    }),
  });
  if (response.status !== 201) {
    throw new Error(`POST /api/create/user answered ${response.status}: ${await response.text()}`);
  }
  const body = (await response.json()) as { token: string; user: { id: string } };
  return { id: body.user.id, token: body.token };
}

/**
 * Runs `run` with the URL of a fresh temporary PostgreSQL database, dropped afterwards; skips
 * with a note when PostgreSQL does not answer.
 */
async function withPostgres(run: (url: string) => Promise<void>) {
  const admin = new pg.Client({ connectionString: PG_SERVER, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.log(`  PostgreSQL is not reachable at ${PG_SERVER} (${reason}); skipping its rows.`);
    return;
  }
  const name = `kwoon_bench_${process.pid}`;
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(PG_SERVER);
    url.pathname = `/${name}`;
    await run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/**
 * A whole benchmark run: the header, the hello-world baseline, then `scenarios` on PGlite and on
 * PostgreSQL (when it answers), and the results table.
 */
export async function runScenarios(
  title: string,
  scenarios: (driver: string, databaseUrl?: string) => Promise<void>,
) {
  process.stdout.write(`${title}: `);
  printHeader();
  await helloWorld();
  await scenarios('PGlite');
  await withPostgres((url) => scenarios('PostgreSQL', url));
  printTable();
}

function printHeader() {
  console.log(
    `${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s per scenario, ` +
      `Node ${process.version}, ${os.cpus().length} CPU cores`,
  );
}

/** Two decimals, or three for the small ratios of heavy pages, so they do not all read 0.00×. */
const ratio = (value: number) => `${value.toFixed(value < 0.1 ? 3 : 2)}×`;

function printTable() {
  const base = rows.find((row) => row.driver === '-')?.requestsPerSecond ?? NaN;
  const header = ['scenario', 'driver', 'req/s', 'p50 ms', 'p99 ms', 'vs hello world', 'failed'];
  const cells = [
    header,
    ...rows.map((row) => [
      row.scenario,
      row.driver,
      String(Math.round(row.requestsPerSecond)),
      String(row.p50),
      String(row.p99),
      ratio(row.requestsPerSecond / base),
      String(row.failures),
    ]),
  ];
  const widths = header.map((_, i) => Math.max(...cells.map((line) => line[i]!.length)));
  const format = (line: string[]) => `| ${line.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${format(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const line of cells.slice(1)) console.log(format(line));
}

/** Writes the raw figures (plus `extra`) to bench/results/ and flags failed scenarios with the exit code. */
export async function saveResults(prefix = '', extra: Record<string, unknown> = {}) {
  const results = path.join(import.meta.dirname, 'results');
  await mkdir(results, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(results, `${prefix}${stamp}.json`);
  await writeFile(
    file,
    JSON.stringify({ date: new Date().toISOString(), cpus: os.cpus().length, rows, ...extra }, null, 2),
  );
  console.log(`\nRaw figures: ${path.relative(process.cwd(), file)}`);
  const failed = rows.filter((row) => row.failures > 0);
  if (failed.length > 0) {
    console.error(
      `Some requests failed (errors, timeouts or non-2xx answers): ${failed.map((r) => r.scenario).join(', ')}`,
    );
    process.exitCode = 1;
  }
}
