import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { flushTree, makePrivate, PRIVATE_DIR_MODE } from './data-dir';
import { DURABLE_START_PARAMS, DurableNodeFS } from './pglite-fs';
import {
  EMBEDDED_CLUSTER_DIR,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
  useEmbeddedPostgres,
} from './embedded-postgres';
import { lockDataDir } from './pglite-lock';
import * as schema from './schema';
import { markDatabaseConnectionFailure } from '../platform/errors';
import { withTransactionContext } from '../platform/tx';

export { PGLITE_LOCK_FILE } from './pglite-lock';

export type Schema = typeof schema;
/**
 * The one database type services and repos see, whichever driver is behind it. `Database.db`
 * joins the ambient transaction of `platform/tx.ts` on every call.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
/** Arbitrary constant: the advisory lock every instance takes while migrating. */
export const MIGRATION_LOCK_KEY = 727_211_001;

export interface MigrateOptions {
  /** How long one migration statement may wait for a table lock before the run fails (PostgreSQL). */
  lockTimeoutMs?: number;
  /** How long one migration statement may run before the run fails (PostgreSQL). */
  statementTimeoutMs?: number;
  /** Told when the run waits for another process's migration, and again every few seconds. */
  log?: (message: string) => void;
  /** Between two attempts at the migration lock; tests shorten it. */
  lockPollMs?: number;
  /** Between two "still waiting" lines. */
  lockLogEveryMs?: number;
}

export const MIGRATE_DEFAULTS = {
  lockTimeoutMs: 5_000,
  statementTimeoutMs: 5 * 60_000,
  lockPollMs: 500,
  lockLogEveryMs: 5_000,
} as const;

/** The PostgreSQL pool, for metrics and for reporting its errors; PGlite has none. */
export interface PoolHandle {
  stats(): { max: number; total: number; idle: number; waiting: number };
  /** Where errors of idle connections go; until a listener is set they go to stderr. */
  onError(listener: (error: Error) => void): void;
}

export interface PostgresOptions {
  poolMax: number;
  connectionTimeoutMs: number;
  /** 0: no limit. */
  statementTimeoutMs: number;
  /** 0: no limit. */
  idleInTransactionTimeoutMs: number;
}

const POSTGRES_DEFAULTS: PostgresOptions = {
  poolMax: 10,
  connectionTimeoutMs: 5_000,
  statementTimeoutMs: 30_000,
  idleInTransactionTimeoutMs: 60_000,
};

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Set when the server is the embedded one in DATA_DIR: closing the database stops it if this process started it. */
  embedded?: EmbeddedPostgres;
  pool?: PoolHandle;
  /** PostgreSQL only: the connection string, for connections outside the pool (LISTEN). */
  url?: string;
  ping(): Promise<boolean>;
  /** Applies the migrations not yet applied; returns how many it applied. */
  migrate(options?: MigrateOptions): Promise<number>;
  /** How many migrations in the folder the database has not applied yet. */
  pendingMigrations(): Promise<number>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball (test templates, backups), checkpointed first so it loads without recovery. */
  dumpDataDir?: (compression?: 'none' | 'gzip') => Promise<Blob>;
}

/**
 * Starts PGlite on a data directory with owner-only files and commits that reach the disk, or in
 * memory without `dataDir`. A directory PGlite fills itself (a new database, a loaded tarball) is
 * flushed once, since those writes bypass PostgreSQL's fsync calls.
 */
/**
 * Drizzle's migrator applies a migration whose journal `when` is later than the newest applied
 * one; counting the same way tells what it would do.
 */
async function countPending(db: Db): Promise<number> {
  // Both drivers answer with { rows }; Drizzle's shared type does not say so.
  const rows = async <T>(query: SQL) => {
    const result: unknown = await db.execute(query);
    return (result as { rows: T[] }).rows;
  };
  const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const [table] = await rows<{ exists: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!table?.exists) return files.length;
  const [last] = await rows<{ created_at: string | null }>(
    sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`,
  );
  const appliedUpTo = Number(last?.created_at ?? 0);
  return files.filter((file) => file.folderMillis > appliedUpTo).length;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Takes the migration lock without blocking silently: an instance stuck behind another one's
 * long migration says so, and who holds the lock, every few seconds.
 */
async function takeMigrationLock(client: pg.Client, options: MigrateOptions): Promise<void> {
  const pollMs = options.lockPollMs ?? MIGRATE_DEFAULTS.lockPollMs;
  const logEveryMs = options.lockLogEveryMs ?? MIGRATE_DEFAULTS.lockLogEveryMs;
  const started = Date.now();
  let loggedAt: number | undefined;
  for (;;) {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      MIGRATION_LOCK_KEY,
    ]);
    if (rows[0]?.locked) {
      if (loggedAt !== undefined) options.log?.('Migration lock taken; migrating.');
      return;
    }
    const now = Date.now();
    if (loggedAt === undefined || now - loggedAt >= logEveryMs) {
      const holder = await client.query<{ pid: number }>(
        `select pid from pg_locks where locktype = 'advisory' and granted
           and ((classid::bigint << 32) | objid::bigint) = $1 limit 1`,
        [MIGRATION_LOCK_KEY],
      );
      const who = holder.rows[0] ? ` (held by PostgreSQL backend ${holder.rows[0].pid})` : '';
      const waited = Math.round((now - started) / 1000);
      options.log?.(`Waiting for another process to finish migrating${who}; waited ${waited} s.`);
      loggedAt = now;
    }
    await sleep(pollMs);
  }
}

/** The extensions the migrations create: pg_trgm, for the global search's similarity. */
const PGLITE_EXTENSIONS = { pg_trgm };

export async function startPglite(dataDir?: string, loadDataDir?: Blob): Promise<PGlite> {
  if (!dataDir)
    return PGlite.create({ extensions: PGLITE_EXTENSIONS, ...(loadDataDir ? { loadDataDir } : {}) });
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  const open = (load?: Blob) =>
    PGlite.create({
      fs: new DurableNodeFS(dataDir),
      extensions: PGLITE_EXTENSIONS,
      startParams: DURABLE_START_PARAMS,
      ...(load ? { loadDataDir: load } : {}),
    });
  const client = await open(loadDataDir);
  if (!fresh) return client;
  await flushTree(dataDir);
  // Creating the data directory (initdb, or unpacking a backup) leaves ~500 MB of WebAssembly
  // memory held by this instance; a second one, on the directory now on disk, starts at ~200 MB.
  await client.close();
  return open();
}

export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  let unlock = () => {};
  if (dataDir) {
    await mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    unlock = await lockDataDir(dataDir);
  }
  let client: PGlite;
  try {
    client = await startPglite(dataDir, loadDataDir);
  } catch (error) {
    unlock();
    throw new Error(
      `Could not open the embedded database in ${dataDir ?? 'memory'}. ` +
        'Is another Kwoon process (server or CLI) using it? Stop it and try again.',
      { cause: error },
    );
  }
  const db = withTransactionContext(drizzlePglite(client, { schema }));
  return {
    db,
    driver: 'pglite',
    async dumpDataDir(compression = 'none') {
      await client.exec('checkpoint');
      return client.dumpDataDir(compression);
    },
    async ping() {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    // One process owns a PGlite directory, so no advisory lock (and no lock wait) is needed here.
    async migrate() {
      const pending = await countPending(db);
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
      return pending;
    },
    pendingMigrations: () => countPending(db),
    async close() {
      if (!client.closed) await client.close();
      unlock();
    },
  };
}

/**
 * A pool connection whose socket errors (refused, reset, timed out) are marked as the database's,
 * so that the error handler answers them 503 while the same codes from another service stay 500.
 */
class DatabaseClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // Ahead of the client's own listener, which hands the same error to the waiting queries.
    this.connection.prependListener('error', markDatabaseConnectionFailure);
  }
}

export async function openPostgres(url: string, options: Partial<PostgresOptions> = {}): Promise<Database> {
  const settings = { ...POSTGRES_DEFAULTS, ...options };
  const pool = new pg.Pool({
    Client: DatabaseClient,
    connectionString: url,
    max: settings.poolMax,
    connectionTimeoutMillis: settings.connectionTimeoutMs,
    // Names the connections in pg_stat_activity; an application_name in the URL wins.
    application_name: 'kwoon',
    // 0 leaves the server's own setting (no limit by default).
    statement_timeout: settings.statementTimeoutMs || undefined,
    idle_in_transaction_session_timeout: settings.idleInTransactionTimeoutMs || undefined,
  });
  // A broken idle connection must not crash the process (the next query reconnects), but an
  // operator needs to hear of it: the app routes these to its log.
  let reportError = (error: Error) => console.error(`PostgreSQL connection error: ${error.message}`);
  pool.on('error', (error) => reportError(error));
  const db = withTransactionContext(drizzlePg(pool, { schema }));
  return {
    db,
    driver: 'postgres',
    pool: {
      stats: () => ({
        max: settings.poolMax,
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      onError(listener) {
        reportError = listener;
      },
    },
    url,
    async ping() {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    async migrate(options = {}) {
      // The run sets its own lock and statement timeouts (below), not the pool's.
      const client = new pg.Client({ connectionString: url, application_name: 'kwoon-migrate' });
      await client.connect();
      try {
        await takeMigrationLock(client, options);
        // A migration that queues behind a long transaction for its table lock would queue every
        // request behind it: it gives up instead, and the run is retried when the table is quiet.
        const lockTimeout = options.lockTimeoutMs ?? MIGRATE_DEFAULTS.lockTimeoutMs;
        const statementTimeout = options.statementTimeoutMs ?? MIGRATE_DEFAULTS.statementTimeoutMs;
        await client.query("select set_config('lock_timeout', $1, false)", [`${lockTimeout}ms`]);
        await client.query("select set_config('statement_timeout', $1, false)", [`${statementTimeout}ms`]);
        const migrator = drizzlePg(client) as unknown as Db;
        const pending = await countPending(migrator);
        if (pending > 0) await migratePg(migrator as never, { migrationsFolder: MIGRATIONS_FOLDER });
        return pending;
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        await client.end();
      }
    },
    pendingMigrations: () => countPending(db),
    async close() {
      if (!pool.ended) await pool.end();
    },
  };
}

/** DATA_DIR/db holding a database of the earlier embedded engine (PGlite), not yet moved over. */
export function hasPgliteDataDir(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'db', 'PG_VERSION'));
}

export class PgliteDataDirError extends Error {
  constructor(dataDir: string) {
    super(
      `${path.join(dataDir, 'db')} holds a database of the earlier embedded engine (PGlite). ` +
        'Kwoon now runs a PostgreSQL server in DATA_DIR instead. Move everything into it once with ' +
        '"npm run cli -- import-pglite" (the old folder is kept, renamed), then start again.',
    );
  }
}

/**
 * Opens the configured database: DATABASE_URL, or the embedded PostgreSQL server in DATA_DIR
 * (the one running there, or one started for this process). DATA_DIR is made owner-only first.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  postgres?: Partial<PostgresOptions>;
  /** Start a server of this process's own even when one runs (the app); else use the running one (the CLI). */
  ownServer?: boolean;
  /** Open even when DATA_DIR/db still holds a PGlite database (the import itself). */
  allowPglite?: boolean;
  log?: (line: string) => void;
}): Promise<Database> {
  await makePrivate(options.dataDir, [EMBEDDED_CLUSTER_DIR]);
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.postgres);
  if (!options.allowPglite && hasPgliteDataDir(options.dataDir))
    throw new PgliteDataDirError(options.dataDir);
  const start = { dataDir: options.dataDir, log: options.log };
  const embedded = options.ownServer ? await startEmbeddedPostgres(start) : await useEmbeddedPostgres(start);
  try {
    const database = await openPostgres(embedded.url, options.postgres);
    return {
      ...database,
      embedded,
      async close() {
        await database.close();
        await embedded.stop();
      },
    };
  } catch (error) {
    await embedded.stop();
    throw error;
  }
}
