import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { flushTree, makePrivate, PRIVATE_DIR_MODE } from './data-dir';
import { DURABLE_START_PARAMS, DurableNodeFS } from './pglite-fs';
import { lockDataDir } from './pglite-lock';
import * as schema from './schema';

export { PGLITE_LOCK_FILE } from './pglite-lock';

export type Schema = typeof schema;
/** The one database type services and repos see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
/** Arbitrary constant: the advisory lock every instance takes while migrating. */
const MIGRATION_LOCK_KEY = 727_211_001;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  ping(): Promise<boolean>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball (test templates, backups), checkpointed first so it loads without recovery. */
  dumpDataDir?: (compression?: 'none' | 'gzip') => Promise<Blob>;
}

/**
 * Starts PGlite on a data directory with owner-only files and commits that reach the disk, or in
 * memory without `dataDir`. A directory PGlite fills itself (a new database, a loaded tarball) is
 * flushed once, since those writes bypass PostgreSQL's fsync calls.
 */
export async function startPglite(dataDir?: string, loadDataDir?: Blob): Promise<PGlite> {
  if (!dataDir) return PGlite.create(loadDataDir ? { loadDataDir } : undefined);
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  const client = await PGlite.create({
    fs: new DurableNodeFS(dataDir),
    startParams: DURABLE_START_PARAMS,
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  if (fresh) await flushTree(dataDir);
  return client;
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
  const db = drizzlePglite(client, { schema }) as unknown as Db;
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
    // One process owns a PGlite directory, so no advisory lock is needed here.
    async migrate() {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async close() {
      if (!client.closed) await client.close();
      unlock();
    },
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A broken idle connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    async ping() {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    async migrate() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        await client.end();
      }
    },
    async close() {
      if (!pool.ended) await pool.end();
    },
  };
}

/** Opens the configured database; DATA_DIR (the embedded database and the media) is made owner-only first. */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  await makePrivate(options.dataDir);
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(path.join(options.dataDir, 'db'));
}
