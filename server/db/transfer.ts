import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER, openPostgres, type Database, type Db, type Tx } from './client';

/**
 * A logical copy of the `public` schema's rows, one mechanism for backups, restores and the move
 * of a PGlite install onto PostgreSQL: rows are read as JSON objects (`row_to_json`) in pages and
 * written with `json_populate_recordset`, so the copy needs nothing but SQL on either engine.
 * See docs/decisions/0036-backups-and-pglite-import-by-logical-copy.md.
 */

/** A refusal whose message is for the person at the terminal. */
export class BackupError extends Error {}

/** A row of drizzle.__drizzle_migrations: which migration the data has been through. */
export interface AppliedMigration {
  hash: string;
  created_at: number;
}

/** A sequence's last value (null: never used), bigint as text. */
export interface SequenceValue {
  name: string;
  last_value: string | null;
}

export interface TableSource {
  name: string;
  /** Hands the table's rows over in pages, each row one JSON object's text, one page at a time. */
  forEachPage(visit: (page: string[]) => Promise<void>): Promise<void>;
}

/** Everything a load needs: the data's migration level, its sequences and its tables' rows. */
export interface DataSource {
  /** e.g. "PostgreSQL 15.20", for the manifest. */
  engine: string;
  migrations: AppliedMigration[];
  sequences: SequenceValue[];
  tables: TableSource[];
}

export interface TableCount {
  name: string;
  rows: number;
}

/** Rows per page: small enough that a page of long lessons stays a few megabytes. */
export const PAGE_ROWS = 500;

type Run = <T = Record<string, unknown>>(query: SQL) => Promise<T[]>;

// Both drivers answer with { rows }; Drizzle's shared type does not say so.
const runner =
  (db: Db | Tx): Run =>
  async (query) => {
    const result: unknown = await db.execute(query);
    return (result as { rows: never[] }).rows;
  };

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (table: string) => `public.${quoteIdent(table)}`;

interface TableShape {
  name: string;
  /** The columns a copy carries: generated columns are left out and computed again on insert. */
  columns: string[];
}

/** The public schema's tables (not an extension's, not a partition) with their stored columns. */
async function listTables(run: Run): Promise<TableShape[]> {
  const rows = await run<{ table_name: string; column_name: string }>(sql`
    select c.relname as table_name, a.attname as column_name
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      and a.attgenerated = ''
      and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
    order by c.relname, a.attnum`);
  const tables = new Map<string, string[]>();
  for (const row of rows) {
    const columns = tables.get(row.table_name) ?? [];
    columns.push(row.column_name);
    tables.set(row.table_name, columns);
  }
  return [...tables].map(([name, columns]) => ({ name, columns }));
}

async function readMigrations(run: Run): Promise<AppliedMigration[]> {
  const [table] = await run<{ exists: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!table?.exists) return [];
  const rows = await run<{ hash: string; created_at: string | number }>(
    sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at, id`,
  );
  return rows.map((row) => ({ hash: row.hash, created_at: Number(row.created_at) }));
}

function cursorSource(run: Run, table: TableShape): TableSource {
  const columns = table.columns.map(quoteIdent).join(', ');
  return {
    name: table.name,
    async forEachPage(visit) {
      await run(
        sql.raw(
          `declare kwoon_copy no scroll cursor for select row_to_json(r)::text as row ` +
            `from (select ${columns} from ${qualified(table.name)}) r`,
        ),
      );
      for (;;) {
        const rows = await run<{ row: string }>(sql.raw(`fetch forward ${PAGE_ROWS} from kwoon_copy`));
        // A json column keeps its text as written, line breaks included; outside a string they are
        // only whitespace, and one row must stay one line of a backup file.
        if (rows.length > 0) await visit(rows.map(({ row }) => row.replace(/[\r\n]/g, ' ')));
        if (rows.length < PAGE_ROWS) break;
      }
      await run(sql.raw('close kwoon_copy'));
    },
  };
}

/**
 * Runs `work` on one consistent snapshot of `database` — a REPEATABLE READ, READ ONLY transaction,
 * so writes committed meanwhile are not seen and nothing waits for it (DEFERRABLE would only
 * matter to SERIALIZABLE writers, which Kwoon has none of). Tables are read through a cursor,
 * a page at a time, so no table is ever held in memory whole. Works on PGlite and PostgreSQL.
 */
export async function withSnapshot<T>(
  database: Database,
  work: (source: DataSource) => Promise<T>,
): Promise<T> {
  return database.db.transaction(
    async (tx) => {
      const run = runner(tx);
      if (database.driver === 'postgres') {
        // The pool's limits are for requests; a backup of a large table is one long transaction.
        await run(sql`set local statement_timeout = 0`);
        await run(sql`set local idle_in_transaction_session_timeout = 0`);
      }
      const [version] = await run<{ version: string }>(
        sql`select current_setting('server_version') as version`,
      );
      const migrations = await readMigrations(run);
      const sequences = await run<SequenceValue>(sql`
        select sequencename as name, last_value::text as last_value
        from pg_sequences where schemaname = 'public' order by sequencename`);
      const tables = (await listTables(run)).map((table) => cursorSource(run, table));
      const engine =
        `${database.driver === 'pglite' ? 'PGlite' : 'PostgreSQL'} ${version?.version ?? ''}`.trim();
      return work({ engine, migrations, sequences, tables });
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Sets every sequence of the public schema past the rows now in its table, and past the value the
 * data's own sequence had reached (a deleted row's id is not handed out again).
 */
async function resetSequences(run: Run, carried: SequenceValue[]): Promise<void> {
  const owners = await run<{ sequence: string; table_name: string | null; column_name: string | null }>(sql`
    select s.relname as sequence, t.relname as table_name, a.attname as column_name
    from pg_class s
    join pg_namespace n on n.oid = s.relnamespace
    left join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid
      and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
    left join pg_class t on t.oid = d.refobjid
    left join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
    where s.relkind = 'S' and n.nspname = 'public'`);
  const lastValues = new Map(carried.map((seq) => [seq.name, seq.last_value]));
  for (const owner of owners) {
    const sequence = qualified(owner.sequence);
    const carriedValue = lastValues.get(owner.sequence) ?? null;
    const [used] =
      owner.table_name && owner.column_name
        ? await run<{ max: string | null }>(
            sql.raw(
              `select max(${quoteIdent(owner.column_name)})::text as max from ${qualified(owner.table_name)}`,
            ),
          )
        : [{ max: null }];
    const values = [used?.max, carriedValue].filter((value): value is string => value != null).map(BigInt);
    if (values.length === 0) {
      await run(sql.raw(`alter sequence ${sequence} restart`));
    } else {
      const next = values.reduce((a, b) => (a > b ? a : b));
      await run(sql`select setval(${sequence}::regclass, ${next.toString()}::bigint, true)`);
    }
  }
}

/**
 * Replaces every row of `database`'s public schema with `source`'s, in one transaction: with
 * session_replication_role = replica no trigger and no foreign-key check fires while the rows go
 * in (the counters triggers keep are copied as the data they are; rows arrive in any order), every
 * table is emptied, the rows are copied in, and each sequence is set past its table's rows.
 * `source` must be at the migration level of `database`.
 */
export async function replaceData(database: Database, source: DataSource): Promise<TableCount[]> {
  return database.db.transaction(async (tx) => {
    const run = runner(tx);
    await run(sql`set local statement_timeout = 0`);
    await run(sql`set local idle_in_transaction_session_timeout = 0`);
    // Emptying the tables waits for every transaction using them while blocking the ones behind
    // it: a restore on a busy server gives up rather than stall it.
    await run(sql`set local lock_timeout = '15s'`);
    try {
      await run(sql`set local session_replication_role = replica`);
    } catch (error) {
      throw new BackupError(
        'Loading the data needs a PostgreSQL role that may set session_replication_role (a superuser, ' +
          "as the embedded server's is). On PostgreSQL 15 or later a superuser can allow it with " +
          'GRANT SET ON PARAMETER session_replication_role TO <role>.',
        { cause: error },
      );
    }
    const tables = await listTables(run);
    const byName = new Map(tables.map((table) => [table.name, table]));
    const missing = source.tables.filter((table) => !byName.has(table.name)).map((table) => table.name);
    if (missing.length > 0) {
      throw new BackupError(
        `The database has no table ${missing.join(', ')}; it does not match the data's version.`,
      );
    }
    if (tables.length > 0) {
      await run(sql.raw(`truncate table ${tables.map((table) => qualified(table.name)).join(', ')}`));
    }
    const counts: TableCount[] = [];
    for (const table of source.tables) {
      const { name } = table;
      const columns = byName.get(name)!.columns.map(quoteIdent).join(', ');
      // Identity columns keep the copied values; json_populate_recordset reads each JSON value
      // with the column's own type (arrays, timestamps, bytea's hex), and ignores generated columns.
      const insert = `insert into ${qualified(name)} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${qualified(name)}, `;
      let rows = 0;
      await table.forEachPage(async (page) => {
        await run(sql`${sql.raw(insert)}${`[${page.join(',')}]`}::json)`);
        rows += page.length;
      });
      counts.push({ name, rows });
    }
    await resetSequences(run, source.sequences);
    return counts;
  });
}

const migrationFiles = () => readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });

/** How many of this version's migrations the data has been through; refuses data of a newer version. */
export function migrationLevel(applied: AppliedMigration[]): number {
  const files = migrationFiles();
  const newest = Math.max(0, ...applied.map((migration) => migration.created_at));
  // Drizzle's migrator compares the same way: everything up to the newest applied migration's time.
  if (newest > (files.at(-1)?.folderMillis ?? 0)) {
    throw new BackupError(
      'The data was written by a newer version of Kwoon (it has migrations this version does not know); ' +
        'use that version or a later one.',
    );
  }
  return files.filter((file) => file.folderMillis <= newest).length;
}

export const latestMigrationLevel = () => migrationFiles().length;

/** Applies the first `level` migrations of this version, from a copy of the folder cut after them. */
async function migrateToLevel(database: Database, level: number): Promise<void> {
  if (level === 0) return;
  const folder = await mkdtemp(path.join(os.tmpdir(), 'kwoon-migrations-'));
  try {
    await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: unknown[] };
    journal.entries = journal.entries.slice(0, level);
    await writeFile(journalFile, JSON.stringify(journal));
    await migratePg(database.db as never, { migrationsFolder: folder });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * A new, empty database beside the one at `url`, for `work`, dropped afterwards. Made from
 * template0, so nothing added to template1 ends up in it.
 */
async function withScratchDatabase<T>(url: string, work: (scratch: Database) => Promise<T>): Promise<T> {
  const name = `kwoon_scratch_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: url, application_name: 'kwoon-transfer' });
  await admin.connect();
  try {
    try {
      await admin.query(`create database ${name} template template0`);
    } catch (error) {
      throw new BackupError(
        'The data is at an older migration level, so it is first loaded into a scratch database and ' +
          `migrated there; creating one failed (${(error as Error).message}). The role needs CREATEDB.`,
        { cause: error },
      );
    }
    const scratchUrl = new URL(url);
    scratchUrl.pathname = `/${name}`;
    const scratch = await openPostgres(scratchUrl.toString(), {
      poolMax: 2,
      statementTimeoutMs: 0,
      idleInTransactionTimeoutMs: 0,
    });
    try {
      return await work(scratch);
    } finally {
      // Dropping the database ends the pool's connections while they close; that is no news.
      scratch.pool?.onError(() => {});
      await scratch.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  }
}

/**
 * Replaces the data of `target`, a PostgreSQL database at this version's migration level, with
 * `source`'s, whatever migration level the source is at: data of an older level is loaded into a
 * scratch database brought to that level, migrated there like any install being upgraded (a
 * migration's backfill sees the rows), and copied from it.
 */
export async function loadData(target: Database, source: DataSource): Promise<TableCount[]> {
  if (target.driver !== 'postgres' || !target.url) {
    throw new BackupError(
      'Loading data needs the PostgreSQL database (the embedded server or DATABASE_URL).',
    );
  }
  if ((await target.pendingMigrations()) > 0) {
    throw new BackupError('The database has migrations to apply first: run npm run cli -- migrate.');
  }
  const level = migrationLevel(source.migrations);
  if (level === latestMigrationLevel()) return replaceData(target, source);
  return withScratchDatabase(target.url, async (scratch) => {
    await migrateToLevel(scratch, level);
    await replaceData(scratch, source);
    await scratch.migrate();
    return withSnapshot(scratch, (migrated) => replaceData(target, migrated));
  });
}

/** Whether the database has any account, which a restore or an import would replace. */
export async function holdsUsers(database: Database): Promise<boolean> {
  const [row] = await runner(database.db)<{ exists: boolean }>(
    sql`select exists (select 1 from public.users) as exists`,
  );
  return row?.exists === true;
}
