/**
 * The benchmark's parent side: it starts each server under test as a child process
 * (bench/target.ts), drives it with wrk (one thread; autocannon in a worker thread where wrk is not
 * installed), samples the child's resident memory, and prints and saves the figures with their
 * ratios to the anchors of the same run.
 * Only 127.0.0.1; every load phase is bounded in time.
 */
import { execFile, fork, spawnSync, type ChildProcess } from 'node:child_process';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import autocannon, { type Options as LoadOptions, type Result } from 'autocannon';
import type { Engine } from './engines';
import type { ExplainedQuery } from './explain';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
/**
 * wrk, a load generator in C, when it is installed (Debian's package `wrk`): the performance targets
 * were measured with it, and it leaves the server more of a 2-core machine than autocannon, whose
 * worker thread and parent together take more than a core at these rates.
 */
const WRK = !spawnSync('wrk', ['--version']).error;
const LOAD_GENERATOR = WRK ? 'wrk, 1 thread' : 'autocannon, 1 worker thread (wrk is not installed)';
const WARMUP_SECONDS = 1;

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
  /** The processes of the database server the target uses, when they are the benchmark's own. */
  databaseProcesses?: () => Promise<number[]>;
  /** Resident memory of the child, in MB, right after start-up and the data load. */
  idleRssMb: number;
}

export interface Row {
  scenario: string;
  engine: string;
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
  /**
   * The child's CPU time (user and system) per request in the measured window, in µs: what a
   * request costs the server itself, which the load on a shared machine moves less than the rate.
   * The database server's processes are not counted here (below).
   */
  cpuUsPerRequest: number | null;
  /**
   * The same for the database server's processes (the embedded server's, which the benchmark
   * started): what a request costs PostgreSQL on the same machine. Null for another server.
   */
  databaseCpuUsPerRequest: number | null;
}

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU time a process has used so far (user and system), in µs, from /proc (Linux); null elsewhere. */
async function cpuUs(pid: number | undefined): Promise<number | null> {
  if (!pid) return null;
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may hold spaces: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1e6;
  } catch {
    return null;
  }
}

/** CPU time the processes `pids()` have used so far, by process, in µs. */
async function cpuByProcess(
  pids: (() => Promise<number[]>) | undefined,
): Promise<Map<number, number> | null> {
  if (!pids) return null;
  const used = new Map<number, number>();
  for (const pid of await pids()) {
    const us = await cpuUs(pid);
    if (us !== null) used.set(pid, us);
  }
  return used;
}

/** CPU time used between two readings; a process started in between counts from its start. */
function cpuBetween(before: Map<number, number> | null, after: Map<number, number> | null): number | null {
  if (!before || !after) return null;
  let total = 0;
  for (const [pid, us] of after) total += us - (before.get(pid) ?? 0);
  return total;
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

/** The database's anchor: a bare Fastify route doing one primary-key SELECT, on `engine`'s database at `databaseUrl`. */
export async function measureSelect(
  engine: Engine,
  databaseUrl: string,
  connections: readonly number[],
): Promise<Row[]> {
  const measured: Row[] = [];
  await withTarget(`select (${engine.name})`, 'select', databaseUrl, async (target) => {
    target.databaseProcesses = engine.processes;
    for (const n of connections)
      measured.push(await measure(target, SELECT, engine.name, target.paths.select!, n));
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
  engine: string,
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
  // A path may be a whole URL: a bare route the target serves beside the app.
  const url = /^https?:/.test(paths[0]!) ? paths[0]! : `${target.base}${paths[0]}`;
  if (WRK) {
    const rotating = paths.length > 1 ? paths : [];
    const phase = (seconds: number) => wrk(url, rotating, headers, connections, seconds);
    return underLoad(target, phase, scenario, engine, connections);
  }
  const options = {
    url,
    ...(paths.length > 1 ? { requests: paths.map((p) => ({ method: 'GET', path: p })) } : {}),
    headers,
    connections,
    workers: 1,
    timeout: 10,
  };
  return (await measureLoad(target, options, scenario, engine, connections)).row;
}

/** What one load phase measured, whichever generator ran it; times in ms. */
interface Load {
  requests: number;
  seconds: number;
  p50: number;
  p99: number;
  max: number;
  overOneSecond: number;
  failures: number;
}

/** What is measured of a server under test: its process, and its database's when they are the benchmark's. */
export type Measured = Pick<Target, 'child' | 'databaseProcesses'>;

/**
 * Runs `phase` for the warm-up, then for the measured window while sampling the memory of the
 * target's process; the row is kept for the results and printed.
 */
async function underLoad(
  target: Measured,
  phase: (seconds: number) => Promise<Load>,
  scenario: string,
  engine: string,
  connections: number,
): Promise<Row> {
  const pid = target.child.pid;
  await phase(WARMUP_SECONDS);
  const memory: { peak: number | null } = { peak: null };
  const sampler = setInterval(() => {
    void rssMb(pid).then((mb) => {
      if (mb !== null) memory.peak = Math.max(memory.peak ?? 0, mb);
    });
  }, 200);
  const cpuBefore = await cpuUs(pid);
  const databaseBefore = await cpuByProcess(target.databaseProcesses);
  let load: Load;
  try {
    load = await phase(SECONDS);
  } finally {
    clearInterval(sampler);
  }
  const cpuAfter = await cpuUs(pid);
  const databaseUs = cpuBetween(databaseBefore, await cpuByProcess(target.databaseProcesses));
  const { requests, seconds, ...figures } = load;
  const perRequest = (us: number | null) =>
    us === null || requests === 0 ? null : Math.round((10 * us) / requests) / 10;
  const row: Row = {
    scenario,
    engine,
    connections,
    requestsPerSecond: requests / seconds,
    ...figures,
    peakRssMb: memory.peak,
    cpuUsPerRequest: perRequest(cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore),
    databaseCpuUsPerRequest: perRequest(databaseUs),
  };
  rows.push(row);
  console.log(
    `  ${scenario} (${engine}, ${connections} conn): ${Math.round(row.requestsPerSecond)} req/s, ` +
      `p99 ${row.p99} ms${memory.peak === null ? '' : `, RSS ≤ ${memory.peak} MB`}`,
  );
  return row;
}

/** Measures with autocannon's `options` (for requests wrk is not given here: bodies, methods). */
export async function measureLoad(
  target: Measured,
  options: LoadOptions,
  scenario: string,
  engine: string,
  connections: number,
): Promise<{ row: Row; result: Result }> {
  let result: Result | undefined;
  const phase = async (seconds: number): Promise<Load> => {
    const run = await autocannon({ ...options, duration: seconds });
    result = run;
    const latency: Record<string, number> = { ...run.latency };
    return {
      requests: run.requests.total,
      seconds: run.duration,
      p50: run.latency.p50,
      p99: run.latency.p99,
      max: run.latency.max,
      overOneSecond: countOver(run.requests.total, latency, run.latency.max, 1000),
      failures: run.errors + run.timeouts + run.non2xx,
    };
  };
  const row = await underLoad(target, phase, scenario, engine, connections);
  return { row, result: result! };
}

const WRK_SCRIPT = path.join(import.meta.dirname, 'wrk.lua');

/** wrk's summary, as bench/wrk.lua prints it. */
interface WrkSummary {
  requests: number;
  durationUs: number;
  socketErrors: number;
  timeouts: number;
  non2xx: number;
  maxUs: number;
  percentilesUs: Record<string, number>;
}

/** One wrk run of `seconds` on `url`, asking `rotating` in turn when given. */
async function wrk(
  url: string,
  rotating: readonly string[],
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<Load> {
  const args = [
    ...['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', WRK_SCRIPT],
    ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    url,
    ...(rotating.length > 0 ? ['--', ...rotating] : []),
  ];
  const { stdout } = await promisify(execFile)('wrk', args);
  const line = stdout.split('\n').find((text) => text.startsWith('{'));
  if (!line) throw new Error(`wrk printed no summary:\n${stdout}`);
  const summary = JSON.parse(line) as WrkSummary;
  const ms = (us: number) => Math.round(us / 100) / 10;
  const percentiles: Record<string, number> = {};
  for (const [name, us] of Object.entries(summary.percentilesUs))
    percentiles[`p${name.replace('.', '_')}`] = ms(us);
  return {
    requests: summary.requests,
    seconds: summary.durationUs / 1e6,
    p50: percentiles.p50!,
    p99: percentiles.p99!,
    max: ms(summary.maxUs),
    overOneSecond: countOver(summary.requests, percentiles, ms(summary.maxUs), 1000),
    failures: summary.socketErrors + summary.timeouts + summary.non2xx,
  };
}

/**
 * About how many requests took longer than `ms`: the generators report percentiles, not each
 * request, so this reads the percentile table (p99.9 over a second means at least 0.1 % of the
 * requests).
 */
function countOver(total: number, latency: Record<string, number>, max: number, ms: number): number {
  const steps: [string, number][] = [
    ['p50', 0.5],
    ['p90', 0.1],
    ['p97_5', 0.025],
    ['p99', 0.01],
    ['p99_9', 0.001],
    ['p99_99', 0.0001],
    ['p99_999', 0.00001],
  ];
  for (const [key, share] of steps)
    if ((latency[key] ?? 0) > ms) return Math.max(1, Math.round(total * share));
  return max > ms ? 1 : 0;
}

export function machine() {
  return `Node ${process.version}, ${os.cpus().length} CPU cores (${os.cpus()[0]?.model ?? 'unknown'}), load from ${LOAD_GENERATOR}`;
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
      row.engine === '-' ? '' : ratio(row.requestsPerSecond / selectRate),
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
