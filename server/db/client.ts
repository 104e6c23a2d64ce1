import { unlinkSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

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
  /** PGlite only: the data directory as a tarball, used to clone a migrated test template. */
  dumpDataDir?: () => Promise<Blob>;
}

export const PGLITE_LOCK_FILE = '.kwoon.lock';
/** Lock files this process holds, so a PID match can tell our own lock from a stale one. */
const heldLocks = new Set<string>();

function lockHolderAlive(file: string, pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  // After a restart a container gives the new process the dead one's PID (often 1).
  if (pid === process.pid) return heldLocks.has(file);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite opens a data directory that another process is using without complaint, and the two
 * then overwrite each other's data. A lock file holding the owner's PID keeps it to one process;
 * a lock left by a process that died is taken over.
 */
async function lockDataDir(dataDir: string): Promise<() => void> {
  const file = path.join(dataDir, PGLITE_LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await writeFile(file, `${process.pid}\n`, { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
      if (lockHolderAlive(file, holder)) {
        throw new Error(
          `The embedded database in ${dataDir} is in use by another Kwoon process (PID ${holder}). ` +
            'Stop that server or CLI command and try again. ' +
            `If no Kwoon process is running, delete ${file}.`,
          { cause: error },
        );
      }
      await rm(file, { force: true });
      continue;
    }
    heldLocks.add(file);
    const removeNow = () => {
      try {
        unlinkSync(file);
      } catch {
        // already gone
      }
    };
    // A process that exits without closing the database (process.exit) still frees it.
    process.on('exit', removeNow);
    return () => {
      process.off('exit', removeNow);
      heldLocks.delete(file);
      removeNow();
    };
  }
  throw new Error(`Could not lock the embedded database in ${dataDir}; try again.`);
}

export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  let unlock = () => {};
  if (dataDir) {
    await mkdir(dataDir, { recursive: true });
    unlock = await lockDataDir(dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir, loadDataDir ? { loadDataDir } : undefined);
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
    dumpDataDir: () => client.dumpDataDir('none'),
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

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(`${options.dataDir.replace(/\/$/, '')}/db`);
}
