import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readJournal } from './check-migrations';
import { MIGRATION_LOCK_KEY, MIGRATIONS_FOLDER, openDatabase, openPostgres, type Database } from './client';
import { prepareSchemaAtStart } from './migrate';

const serverUrl = process.env.DATABASE_URL!;
const ids = {
  user: '00000000-0000-4000-8000-000000000001',
  course: '00000000-0000-4000-8000-000000000002',
  module: '00000000-0000-4000-8000-000000000003',
};
/** The last migration before statuses became text: what a live database ran until now. */
const BEFORE = '0004_security';

let scratch: string;
let beforeFolder: string;
let total: number;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'kwoon-migrate-'));
  beforeFolder = path.join(scratch, 'migrations');
  await cp(MIGRATIONS_FOLDER, beforeFolder, { recursive: true });
  const journal = await readJournal(beforeFolder);
  total = journal.entries.length;
  const cut = journal.entries.findIndex((entry) => entry.tag === BEFORE) + 1;
  journal.entries = journal.entries.slice(0, cut);
  await writeFile(path.join(beforeFolder, 'meta', '_journal.json'), JSON.stringify(journal));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

interface Fresh {
  database: Database;
  url: string;
  drop: () => Promise<void>;
}

/** An empty database on the tests' PostgreSQL server. */
async function freshDatabase(): Promise<Fresh> {
  const name = `kwoon_migrate_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { poolMax: 2 });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function migrateToBefore(database: Database) {
  await migratePg(database.db as never, { migrationsFolder: beforeFolder });
}

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  // Both drivers answer with { rows }; Drizzle's shared type does not say so.
  const result: unknown = await database.db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** Rows in every table whose enum columns became text, written as the previous version did. */
async function populate(database: Database) {
  const statements = `
    insert into users (id, name, email, username, password_hash) values ('${ids.user}', 'Mei', 'mei@example.org', 'mei', 'x');
    insert into courses (id, title, skill_level) values ('${ids.course}', 'Tai Chi', 'advanced');
    insert into modules (id, course_id, title, order_sequence) values ('${ids.module}', '${ids.course}', 'Form', 1);
    insert into lessons (module_id, title, lesson_type, order_sequence) values ('${ids.module}', 'Quiz', 'quiz', 1);
    insert into orders (user_id, course_id, course_title, provider, provider_session_id, amount_cents, currency, status, paid_at)
      values ('${ids.user}', '${ids.course}', 'Tai Chi', 'stripe', 'cs_1', 4900, 'usd', 'paid', now()),
             ('${ids.user}', '${ids.course}', 'Tai Chi', 'local', 'cs_2', 4900, 'usd', 'cancelled', null);
    insert into local_checkout_sessions (id, order_id, user_id, course_title, amount_cents, currency, customer_email,
        success_url, cancel_url, status, expires_at)
      values ('lcs_1', gen_random_uuid(), '${ids.user}', 'Tai Chi', 4900, 'usd', 'mei@example.org', 'http://x/ok',
        'http://x/no', 'expired', now());
    insert into subscriptions (user_id, plan, status, provider, monthly_question_limit, current_period_start, current_period_end)
      values ('${ids.user}', 'ai_sifu', 'past_due', 'stripe', 50, now(), now() + interval '30 days');
  `.split(/;\s*\n/);
  for (const statement of statements) if (statement.trim()) await database.db.execute(sql.raw(statement));
}

/** The SQLSTATE of a failed query, wherever Drizzle wrapped it. */
function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

describe('migrating a populated database', { timeout: 60_000 }, () => {
  it('keeps every status, drops the enum types and enforces the values by CHECK', async () => {
    const { database, drop } = await freshDatabase();
    try {
      await migrateToBefore(database);
      await populate(database);
      expect(await database.pendingMigrations()).toBe(total - 5);

      expect(await database.migrate()).toBe(total - 5);
      expect(await database.pendingMigrations()).toBe(0);

      expect(
        await rows(database, sql`select status, provider from orders order by provider_session_id`),
      ).toEqual([
        { status: 'paid', provider: 'stripe' },
        { status: 'cancelled', provider: 'local' },
      ]);
      expect(await rows(database, sql`select skill_level from courses`)).toEqual([
        { skill_level: 'advanced' },
      ]);
      expect(await rows(database, sql`select lesson_type from lessons`)).toEqual([{ lesson_type: 'quiz' }]);
      expect(await rows(database, sql`select status from local_checkout_sessions`)).toEqual([
        { status: 'expired' },
      ]);
      expect(await rows(database, sql`select status, provider from subscriptions`)).toEqual([
        { status: 'past_due', provider: 'stripe' },
      ]);
      const enums = await rows<{ typname: string }>(
        database,
        sql`select typname from pg_type where typtype = 'e' order by typname`,
      );
      const enumNames = enums.map((row) => row.typname);
      for (const name of [
        'order_status',
        'payment_provider',
        'local_checkout_status',
        'subscription_status',
      ]) {
        expect(enumNames).not.toContain(name);
      }
      expect(enumNames).not.toContain('skill_level');
      expect(enumNames).not.toContain('lesson_type');

      const badStatus = database.db.execute(
        sql`update orders set status = 'refunded' where provider_session_id = 'cs_2'`,
      );
      await expect(badStatus).rejects.toSatisfy((error) => sqlState(error) === '23514');
      const paidWithoutDate = database.db.execute(
        sql`update orders set status = 'paid' where provider_session_id = 'cs_2'`,
      );
      await expect(paidWithoutDate).rejects.toSatisfy((error) => sqlState(error) === '23514');
    } finally {
      await drop();
    }
  });
});

describe('at start', () => {
  const settings = { MIGRATION_LOCK_TIMEOUT_MS: 5_000, MIGRATION_STATEMENT_TIMEOUT_MS: 60_000 };

  it('migrates when MIGRATE_ON_START is true, and tells how many it applied', async () => {
    const { database, drop } = await freshDatabase();
    try {
      const on = { ...settings, MIGRATE_ON_START: true };
      expect(await prepareSchemaAtStart(database, on, () => {})).toBe(total);
      expect(await database.pendingMigrations()).toBe(0);
      expect(await prepareSchemaAtStart(database, on, () => {})).toBe(0);
    } finally {
      await drop();
    }
  });

  it('on PostgreSQL with MIGRATE_ON_START=false, refuses a database that lacks migrations and starts on one that has them', async () => {
    const { database, drop } = await freshDatabase();
    try {
      const off = { ...settings, MIGRATE_ON_START: false };
      await migrateToBefore(database);
      await expect(prepareSchemaAtStart(database, off, () => {})).rejects.toThrow(
        `The database lacks ${total - 5} migration`,
      );
      expect(await database.pendingMigrations()).toBe(total - 5);
      await database.migrate();
      await expect(prepareSchemaAtStart(database, off, () => {})).resolves.toBe(0);
    } finally {
      await drop();
    }
  });

  it('on the embedded server migrates even with MIGRATE_ON_START=false', { timeout: 60_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kwoon-migrate-embedded-'));
    const database = await openDatabase({ dataDir, ownServer: true });
    try {
      expect(database.embedded).toBeDefined();
      await prepareSchemaAtStart(database, { ...settings, MIGRATE_ON_START: false }, () => {});
      expect(await database.pendingMigrations()).toBe(0);
    } finally {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the migration run on PostgreSQL', { timeout: 60_000 }, () => {
  // A database of its own for each test: one expects it unmigrated, the other rebuilds it.
  let fresh: Fresh;
  let other: pg.Client;
  beforeEach(async () => {
    fresh = await freshDatabase();
    other = new pg.Client({ connectionString: fresh.url });
    await other.connect();
  });
  afterEach(async () => {
    await other.end();
    await fresh.drop();
  });

  it('says that it waits, and for whom, while another process holds the migration lock', async () => {
    const { database } = fresh;
    await other.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const [{ pid }] = (await other.query<{ pid: number }>('select pg_backend_pid() as pid')).rows as [
      { pid: number },
    ];
    const log: string[] = [];
    const run = database.migrate({ log: (line) => log.push(line), lockPollMs: 20, lockLogEveryMs: 100 });
    await expect.poll(() => log.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    expect(log[0]).toBe(
      `Waiting for another process to finish migrating (held by PostgreSQL backend ${pid}); waited 0 s.`,
    );
    expect(await database.pendingMigrations()).toBe(total);

    await other.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    expect(await run).toBe(total);
    expect(log.at(-1)).toBe('Migration lock taken; migrating.');
  });

  it('gives up after lock_timeout instead of queueing behind a long transaction, leaving nothing half done', async () => {
    const { database } = fresh;
    await database.db.execute(
      sql`drop schema public cascade; drop schema if exists drizzle cascade; create schema public`,
    );
    await migrateToBefore(database);
    await populate(database);
    // An open transaction that has read orders holds a lock the type change must wait for.
    await other.query('begin');
    await other.query('select count(*) from orders');
    try {
      const started = Date.now();
      const blocked = database.migrate({ lockTimeoutMs: 200 });
      await expect(blocked).rejects.toSatisfy((error) => sqlState(error) === '55P03');
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(await database.pendingMigrations()).toBe(total - 5);

      const slow = database.migrate({ lockTimeoutMs: 60_000, statementTimeoutMs: 300 });
      await expect(slow).rejects.toSatisfy((error) => sqlState(error) === '57014');
      expect(await database.pendingMigrations()).toBe(total - 5);
    } finally {
      await other.query('rollback');
    }
    expect(await database.migrate()).toBe(total - 5);
  });
});
