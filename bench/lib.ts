/**
 * The benchmark's parent side: it starts each server under test as a child process
 * (bench/target.ts), drives it with autocannon from a worker thread, samples the child's resident
 * memory, and prints and saves the figures with their ratios to the anchors of the same run.
 * Only 127.0.0.1; every load phase is bounded in time.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import autocannon, { type Options as LoadOptions, type Result } from 'autocannon';
import pg from 'pg';
import type { ExplainedQuery } from './explain';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const WARMUP_SECONDS = 1;
export const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** What a target tells the benchmark once it listens. */
export interface TargetReady {
  base: string;
  paths: Record<string, string>;
  token?: string;
  /** Sessions of many users (the event-stream benchmark). */
  tokens?: string[];
  /** How the target's instances share events: in process, PostgreSQL NOTIFY or Redis. */
  eventsKind?: string;
  dataset?: { seconds: number; steps: string[]; counts: Record<string, number> };
  plans?: ExplainedQuery[];
}

export interface Target extends TargetReady {
  name: string;
  child: ChildProcess;
  /** Resident memory of the child, in MB, right after start-up and the data load. */
  idleRssMb: number;
}

export interface Row {
  scenario: string;
  driver: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** Requests that took longer than one second. */
  overOneSecond: number;
  failures: number;
  /** The child's largest resident memory while it was under this load, in MB. */
  peakRssMb: number | null;
}

/** Resident memory of a process in MB, from /proc (Linux); null elsewhere. */
export async function rssMb(pid: number | undefined): Promise<number | null> {
  if (!pid) return null;
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

const BUNDLE_DIR = path.join(import.meta.dirname, 'results', 'target');

/**
 * bench/target.ts bundled as the server is for production (scripts/build-server.mjs), so each
 * target runs on plain Node: without a TypeScript loader, whose ~100 MB would count in its memory.
 */
let bundled: Promise<string> | undefined;
function bundleTarget(): Promise<string> {
  bundled ??= bundleForNode(path.join(import.meta.dirname, 'target.ts'), BUNDLE_DIR);
  return bundled;
}

/** A benchmark's server bundled into `outDir` with the migrations beside it; answers the script to run. */
export async function bundleForNode(entry: string, outDir: string): Promise<string> {
  await rm(outDir, { recursive: true, force: true });
  await build({
    entryPoints: [entry],
    outdir: outDir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __kwoonCreateRequire } from 'node:module'; const require = __kwoonCreateRequire(import.meta.url);",
    },
  });
  // The database client finds its migrations beside itself.
  const migrations = path.join(import.meta.dirname, '..', 'server', 'db', 'migrations');
  await cp(migrations, path.join(outDir, 'migrations'), { recursive: true });
  return path.join(outDir, `${path.basename(entry, '.ts')}.js`);
}

/** Starts `bench/target.ts <kind> [databaseUrl]` (bundled) and waits until it listens. */
export async function startTarget(
  name: string,
  kind: string,
  databaseUrl?: string,
  nodeOptions: string[] = [],
): Promise<Target> {
  const child = fork(await bundleTarget(), [kind, ...(databaseUrl ? [databaseUrl] : [])], {
    execArgv: nodeOptions,
    // The server's log lines go to stdout as in production; here that is /dev/null.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ready = await new Promise<TargetReady>((resolve, reject) => {
    child.once('message', (message: { type: string; message?: string } & TargetReady) => {
      if (message.type === 'ready') resolve(message);
      else reject(new Error(`${name} failed to start: ${message.message}`));
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code} before it was ready`)));
  });
  // Let start-up garbage settle before the idle figure.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return { ...ready, name, child, idleRssMb: (await rssMb(child.pid)) ?? 0 };
}

/** Asks the target for something over IPC and waits for its answer of type `answer`. */
export function ask(target: Target, message: Record<string, unknown>, answer: string): Promise<void> {
  return new Promise((resolve) => {
    const listener = (reply: { type: string }) => {
      if (reply.type !== answer) return;
      target.child.off('message', listener);
      resolve();
    };
    target.child.on('message', listener);
    target.child.send(message);
  });
}

export async function stopTarget(target: Target): Promise<void> {
  if (target.child.exitCode !== null) return;
  const exited = new Promise((resolve) => target.child.once('exit', resolve));
  target.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (target.child.exitCode === null) target.child.kill('SIGKILL');
}

export const rows: Row[] = [];

/** Starts a target, runs `run` on it, and stops it however `run` ends. */
export async function withTarget(
  name: string,
  kind: string,
  databaseUrl: string | undefined,
  run: (target: Target) => Promise<void>,
): Promise<void> {
  const target = await startTarget(name, kind, databaseUrl);
  try {
    await run(target);
  } finally {
    await stopTarget(target);
  }
}

export const HELLO = 'hello world (bare Fastify)';
export const SELECT = 'one primary-key SELECT (bare Fastify)';

/** The framework's anchor: a bare Fastify hello-world at each connection count. */
export async function measureHello(connections: readonly number[]): Promise<Row[]> {
  const measured: Row[] = [];
  await withTarget('hello world', 'hello', undefined, async (target) => {
    for (const n of connections) measured.push(await measure(target, HELLO, '-', target.paths.hello!, n));
  });
  return measured;
}

/** The database's anchor: a bare Fastify route doing one primary-key SELECT, on `driver`. */
export async function measureSelect(
  driver: string,
  databaseUrl: string | undefined,
  connections: readonly number[],
): Promise<Row[]> {
  const measured: Row[] = [];
  await withTarget(`select (${driver})`, 'select', databaseUrl, async (target) => {
    for (const n of connections)
      measured.push(await measure(target, SELECT, driver, target.paths.select!, n));
  });
  return measured;
}

/**
 * Warm up, then measure `path` (or several, asked in turn) on `target` at `connections`, sampling
 * the child's memory.
 */
export async function measure(
  target: Target,
  scenario: string,
  driver: string,
  path: string | readonly string[],
  connections: number,
  signedIn = false,
  extraHeaders: Record<string, string> = {},
): Promise<Row> {
  const headers: Record<string, string> = {
    ...extraHeaders,
    ...(signedIn && target.token ? { authorization: `Bearer ${target.token}` } : {}),
  };
  // Several paths are asked in turn on each connection (a rotating set of queries).
  const paths = typeof path === 'string' ? [path] : path;
  const options = {
    // A path may be a whole URL: a bare route the target serves beside the app.
    url: /^https?:/.test(paths[0]!) ? paths[0]! : `${target.base}${paths[0]}`,
    ...(paths.length > 1 ? { requests: paths.map((p) => ({ method: 'GET', path: p })) } : {}),
    headers,
    connections,
    workers: 1,
    timeout: 10,
  };
  return (await measureLoad(target.child.pid, options, scenario, driver, connections)).row;
}

/**
 * Warm up, then run autocannon with `options` for the measured window, sampling the memory of the
 * process `pid`; the row is kept for the results and printed.
 */
export async function measureLoad(
  pid: number | undefined,
  options: LoadOptions,
  scenario: string,
  driver: string,
  connections: number,
): Promise<{ row: Row; result: Result }> {
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  const memory: { peak: number | null } = { peak: null };
  const sampler = setInterval(() => {
    void rssMb(pid).then((mb) => {
      if (mb !== null) memory.peak = Math.max(memory.peak ?? 0, mb);
    });
  }, 200);
  let result: Result;
  try {
    result = await autocannon({ ...options, duration: SECONDS });
  } finally {
    clearInterval(sampler);
  }
  const row: Row = {
    scenario,
    driver,
    connections,
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    overOneSecond: countOver(result, 1000),
    failures: result.errors + result.timeouts + result.non2xx,
    peakRssMb: memory.peak,
  };
  rows.push(row);
  console.log(
    `  ${scenario} (${driver}, ${connections} conn): ${Math.round(row.requestsPerSecond)} req/s, ` +
      `p99 ${row.p99} ms${memory.peak === null ? '' : `, RSS ≤ ${memory.peak} MB`}`,
  );
  return { row, result };
}

/**
 * About how many requests took longer than `ms`: autocannon reports percentiles, not each request,
 * so this reads the percentile table (p99.9 over a second means at least 0.1 % of the requests).
 */
function countOver(result: Result, ms: number): number {
  const total = result.requests.total;
  const steps: [string, number][] = [
    ['p50', 0.5],
    ['p90', 0.1],
    ['p97_5', 0.025],
    ['p99', 0.01],
    ['p99_9', 0.001],
    ['p99_99', 0.0001],
    ['p99_999', 0.00001],
  ];
  const latency: Record<string, number> = { ...result.latency };
  for (const [key, share] of steps)
    if ((latency[key] ?? 0) > ms) return Math.max(1, Math.round(total * share));
  return result.latency.max > ms ? 1 : 0;
}

/**
 * Runs `run` with the URL of a fresh temporary PostgreSQL database, dropped afterwards; skips
 * with a note when PostgreSQL does not answer.
 */
export async function withPostgres(run: (url: string) => Promise<void>) {
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

export function machine() {
  return `Node ${process.version}, ${os.cpus().length} CPU cores (${os.cpus()[0]?.model ?? 'unknown'})`;
}

/** Two decimals, or three for the small ratios of heavy pages, so they do not all read 0.00×. */
export const ratio = (value: number) =>
  Number.isFinite(value) ? `${value.toFixed(value < 0.1 ? 3 : 2)}×` : '—';

/** A Markdown table with padded columns. */
export function printTable(header: string[], lines: string[][]) {
  const widths = header.map((_, i) => Math.max(...[header, ...lines].map((line) => (line[i] ?? '').length)));
  const format = (line: string[]) => `| ${line.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${format(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const line of lines) console.log(format(line));
}

/** The data set a target loaded, as the run's log tells it. */
export function logDataset(dataset: TargetReady['dataset']) {
  console.log(`  data set loaded in ${dataset?.seconds.toFixed(1)} s: ${JSON.stringify(dataset?.counts)}`);
  for (const step of dataset?.steps ?? []) console.log(`    ${step}`);
}

/**
 * The rows as ratios to the hello-world and select anchors, and whether each scenario that has
 * the p99 ceiling `limitMs` kept under it.
 */
export function printCeilingTable(
  hello: Row,
  selectRate: number,
  limitMs: number,
  hasCeiling: (scenario: string) => boolean,
) {
  printTable(
    [
      'scenario',
      'conn',
      'req/s',
      'p50 ms',
      'p99 ms',
      'failed',
      'vs hello',
      'vs select',
      `p99 ≤ ${limitMs} ms`,
    ],
    rows.map((row) => [
      row.scenario,
      String(row.connections),
      String(Math.round(row.requestsPerSecond)),
      String(row.p50),
      String(row.p99),
      String(row.failures),
      ratio(row.requestsPerSecond / hello.requestsPerSecond),
      row.driver === '-' ? '' : ratio(row.requestsPerSecond / selectRate),
      hasCeiling(row.scenario) ? (row.p99 <= limitMs ? 'yes' : 'NO') : '',
    ]),
  );
}

/**
 * Writes bench/results/`name` with the date, the machine, the run's length since `started`, the
 * rows and `extra`, and says where; returns the run's length in seconds.
 */
export async function saveResults(name: string, started: number, extra: Record<string, unknown>) {
  const seconds = Math.round((performance.now() - started) / 1000);
  const results = path.join(import.meta.dirname, 'results');
  await mkdir(results, { recursive: true });
  const file = path.join(results, name);
  await writeFile(
    file,
    JSON.stringify({ date: new Date().toISOString(), machine: machine(), seconds, rows, ...extra }, null, 2),
  );
  console.log(`\nWhole run: ${seconds} s. Raw figures: ${path.relative(process.cwd(), file)}`);
  return seconds;
}
