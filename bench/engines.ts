/**
 * The database engines the benchmarks run on, each a PostgreSQL server on which every target gets
 * a fresh database of its own:
 * - `embedded`: the app's own default, the embedded PostgreSQL server (server/db/embedded-postgres.ts),
 *   started for the run as `npm start` starts it (durable commits) in a temporary DATA_DIR, and
 *   stopped at the end;
 * - `PostgreSQL`: the server at BENCH_PG_URL (by default the machine's own, on 127.0.0.1:5432), over
 *   `pg`; skipped with a note when it does not answer.
 * And the memory of a set of processes (`/proc/<pid>/smaps_rollup`), for the app with its
 * embedded server's processes.
 */
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const EMBEDDED = 'embedded';
export const POSTGRESQL = 'PostgreSQL';
export type EngineName = typeof EMBEDDED | typeof POSTGRESQL;

export const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface Engine {
  name: EngineName;
  /** Runs `run` with the URL of a fresh database on the engine's server, dropped afterwards. */
  withDatabase(run: (url: string) => Promise<void>): Promise<void>;
  /**
   * The server's own processes (the embedded server's: its watchdog shell, the postmaster and
   * every process it forked), for its memory; undefined for a server that is not the benchmark's.
   */
  processes?: () => Promise<number[]>;
  /** The embedded server's memory: its processes' own, and its shared memory counted once. */
  memory?: () => Promise<ServerMemory>;
}

let databases = 0;

/** Creates a database on the server at `adminUrl` for `run`, then drops it, each over a short-lived connection. */
async function withDatabase(adminUrl: string, run: (url: string) => Promise<void>) {
  const name = `kwoon_bench_${process.pid}_${++databases}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  // No connection of the benchmark's own stays open on the server while a target runs.
  await admin(`create database ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    await run(url.toString());
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}

/** The pid of `pid`'s parent, from /proc. */
async function parentOf(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

async function postmasterOf(cluster: string): Promise<number> {
  return Number((await readFile(path.join(cluster, 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

/** The embedded server's processes: the watchdog shell above the postmaster, the postmaster, its children. */
async function clusterProcesses(cluster: string): Promise<number[]> {
  const postmaster = await postmasterOf(cluster);
  const pids = [postmaster];
  const watchdog = await parentOf(postmaster);
  if (watchdog && (await readFile(`/proc/${watchdog}/comm`, 'utf8').catch(() => '')).trim() === 'sh') {
    pids.push(watchdog);
  }
  for (const entry of await readdir('/proc')) {
    if (/^\d+$/.test(entry) && (await parentOf(Number(entry))) === postmaster) pids.push(Number(entry));
  }
  return pids;
}

/**
 * Server settings to try on the embedded server before changing its defaults, as
 * `name=value,name=value` (BENCH_EMBEDDED_SETTINGS): written with ALTER SYSTEM, then the server is
 * started again so that they apply (shared_buffers needs a restart).
 */
function settingsToTry(): [string, string][] {
  return (process.env.BENCH_EMBEDDED_SETTINGS ?? '')
    .split(',')
    .filter((pair) => pair.includes('='))
    .map((pair) => {
      const [name, ...value] = pair.split('=');
      if (!/^[a-z_]+$/.test(name!.trim())) throw new Error(`Not a setting: ${name}`);
      return [name!.trim(), value.join('=').trim()];
    });
}

/**
 * Runs `run` on the embedded PostgreSQL server, started as `npm start` starts it (durable) in a
 * temporary DATA_DIR, and stopped and removed afterwards.
 */
export async function withEmbeddedPostgres(run: (engine: Engine) => Promise<void>) {
  const { startEmbeddedPostgres, EMBEDDED_CLUSTER_DIR } = await import('../server/db/embedded-postgres');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kwoon-bench-pg-'));
  const start = () =>
    startEmbeddedPostgres({ dataDir, durability: 'durable', log: (line) => console.log(`  ${line}`) });
  try {
    let server = await start();
    const settings = settingsToTry();
    if (settings.length > 0) {
      const client = new pg.Client({ connectionString: server.adminUrl });
      await client.connect();
      try {
        for (const [name, value] of settings)
          await client.query(`alter system set ${name} = ${pg.escapeLiteral(value)}`);
      } finally {
        await client.end();
      }
      await server.stop();
      server = await start();
      console.log(`  The embedded server runs with ${settings.map(([n, v]) => `${n} = ${v}`).join(', ')}.`);
    }
    try {
      await run({
        name: EMBEDDED,
        withDatabase: (work) => withDatabase(server.adminUrl, work),
        processes: () => clusterProcesses(path.join(dataDir, EMBEDDED_CLUSTER_DIR)),
        memory: () => clusterMemory(path.join(dataDir, EMBEDDED_CLUSTER_DIR)),
      });
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Runs `run` on the PostgreSQL server at BENCH_PG_URL; skips with a note when it does not answer. */
export async function withServerPostgres(run: (engine: Engine) => Promise<void>) {
  const probe = new pg.Client({ connectionString: PG_SERVER, connectionTimeoutMillis: 3000 });
  try {
    await probe.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.log(`  PostgreSQL is not reachable at ${PG_SERVER} (${reason}); skipping its rows.`);
    return;
  } finally {
    await probe.end().catch(() => {});
  }
  await run({ name: POSTGRESQL, withDatabase: (work) => withDatabase(PG_SERVER, work) });
}

/** Runs `run` on the embedded server, then on BENCH_PG_URL's server: the benchmarks that compare the two. */
export async function withEachEngine(run: (engine: Engine) => Promise<void>) {
  await withEmbeddedPostgres(run);
  await withServerPostgres(run);
}

/**
 * Runs `run` on the one engine of the benchmarks that measure one: the embedded server, or the
 * server at BENCH_PG_URL when that is set.
 */
export async function withDefaultEngine(run: (engine: Engine) => Promise<void>) {
  if (process.env.BENCH_PG_URL) await withServerPostgres(run);
  else await withEmbeddedPostgres(run);
}

/** An engine by the name a command line gives (`embedded` or `PostgreSQL`). */
export async function withEngineNamed(name: string, run: (engine: Engine) => Promise<void>) {
  if (name === EMBEDDED) await withEmbeddedPostgres(run);
  else if (name === POSTGRESQL) await withServerPostgres(run);
  else throw new Error(`Unknown engine ${name}: ${EMBEDDED} or ${POSTGRESQL}`);
}

export interface Memory {
  /** Proportional set size: each shared page divided among the processes that map it. */
  pssMb: number;
  /** The part of the PSS in shared memory (PostgreSQL's shared buffers and the like). */
  pssShmemMb: number;
  /** Resident set size: shared pages counted in every process that maps them. */
  rssMb: number;
  processes: number;
}

/** The summed memory of `pids` from /proc/<pid>/smaps_rollup (Linux); processes gone meanwhile count 0. */
export async function memoryOf(pids: readonly number[]): Promise<Memory> {
  const kb = { pss: 0, pssShmem: 0, rss: 0 };
  let processes = 0;
  for (const pid of pids) {
    let text: string;
    try {
      text = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8');
    } catch {
      continue;
    }
    processes++;
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
    kb.pss += field('Pss');
    kb.pssShmem += field('Pss_Shmem');
    kb.rss += field('Rss');
  }
  const mb = (value: number) => Math.round(value / 1024);
  return { pssMb: mb(kb.pss), pssShmemMb: mb(kb.pssShmem), rssMb: mb(kb.rss), processes };
}

export interface ServerMemory extends Memory {
  /**
   * The server's shared memory segments (shared buffers above all) as far as they are resident,
   * whichever process touched them: a page touched only by a backend that has since exited is in
   * no process's PSS, yet still held.
   */
  sharedMb: number;
  /**
   * The processes' PSS outside shared memory, plus the shared memory counted once in full; their
   * PSS where the shared segments cannot be read.
   */
  totalMb: number;
}

/** The resident size of the postmaster's shared mappings, from /proc/<pid>/map_files (root only: else null). */
async function sharedMemoryKb(postmaster: number): Promise<number | null> {
  const maps = await readFile(`/proc/${postmaster}/maps`, 'utf8');
  let kb: number | null = null;
  for (const line of maps.split('\n')) {
    const [range, perms, , , , file] = line.trim().split(/\s+/);
    if (!range || !perms?.endsWith('s') || !file) continue;
    try {
      // A shared mapping's file (the anonymous segment, /dev/shm, System V) counts its pages in blocks of 512 bytes.
      kb = (kb ?? 0) + (await stat(`/proc/${postmaster}/map_files/${range}`)).blocks / 2;
    } catch {
      // Not readable without privileges: the PSS figures remain.
    }
  }
  return kb;
}

async function clusterMemory(cluster: string): Promise<ServerMemory> {
  const memory = await memoryOf(await clusterProcesses(cluster));
  const sharedKb = await sharedMemoryKb(await postmasterOf(cluster));
  if (sharedKb === null) return { ...memory, sharedMb: memory.pssShmemMb, totalMb: memory.pssMb };
  const sharedMb = Math.round(sharedKb / 1024);
  return { ...memory, sharedMb, totalMb: memory.pssMb - memory.pssShmemMb + sharedMb };
}
