import { randomUUID } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage } from '../platform/storage';
import { openTestDatabase } from '../test/app';
import { runCli } from '../test/cli';
import { BACKUP_MANIFEST, backupDatabase, BackupError, restoreBackup } from './backup';
import { readJournal } from './check-migrations';
import { MIGRATIONS_FOLDER, openPostgres, type Database } from './client';
import { aiQuestionPeriods, aiQuestions, courses, liveEvents, orders, users } from './schema';
import { seedDemo } from './seed';

type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;

async function rows<T>(database: Database, query: SQL): Promise<T[]> {
  const result: unknown = await database.db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** Every public table, each row as JSON text (generated columns too, computed again on restore), sorted. */
async function contents(database: Database): Promise<Record<string, string[]>> {
  const tables = await rows<{ table_name: string }>(
    database,
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const result: Record<string, string[]> = {};
  for (const { table_name } of tables) {
    const found = await rows<{ row: string }>(
      database,
      sql.raw(`select row_to_json(t)::text as row from public.${table_name} t`),
    );
    result[table_name] = found.map(({ row }) => row).sort();
  }
  return result;
}

/** A table's rows as the backup wrote them. */
async function backedUpRows(folder: string, table: string): Promise<Record<string, unknown>[]> {
  const text = gunzipSync(await readFile(path.join(folder, 'tables', `${table}.jsonl.gz`))).toString('utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const now = new Date('2026-12-07T10:00:00Z');
const video = Buffer.from('lesson-video-bytes');
let work: string;
let source: TestDatabase;
const sourceDataDir = () => path.join(work, 'source');
let cleanups: (() => Promise<void>)[] = [];

/** A fresh, migrated, empty database, dropped after the file. */
async function freshTarget(): Promise<TestDatabase> {
  const target = await openTestDatabase();
  cleanups.push(target.drop);
  return target;
}

// The demo school with a video in its media folder, and live events whose sequence has gone past the rows.
beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'kwoon-backup-'));
  source = await openTestDatabase();
  const media = localStorage(path.join(sourceDataDir(), 'media'));
  await seedDemo(source.database.db, media, { info: () => {} }, now);
  await media.put('videos/form-1.mp4', video, 'video/mp4');
  const [admin] = await source.database.db.select().from(users).where(eq(users.is_admin, true)).limit(1);
  const events = await source.database.db
    .insert(liveEvents)
    .values([1, 2].map((n) => ({ user_id: admin!.id, type: 'test', data: { n } })))
    .returning({ id: liveEvents.id });
  await source.database.db.delete(liveEvents).where(eq(liveEvents.id, events.at(-1)!.id));
}, 60_000);
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  cleanups = [];
  await source.drop();
  await rm(work, { recursive: true, force: true });
});

describe('npm run cli -- backup / restore', () => {
  it('backs up a database in use and restores rows, sequences and media into another', async () => {
    const folder = path.join(work, 'backup');
    const saved = await runCli(sourceDataDir(), ['backup', folder], { DATABASE_URL: source.url });
    expect(saved.stderr).toBe('');
    expect(saved.stdout).toMatch(
      /^Backed up \d+ tables \([\d,]+ rows, migration level \d+\) and \d+ media files to /,
    );

    const manifest = JSON.parse(await readFile(path.join(folder, BACKUP_MANIFEST), 'utf8')) as {
      format: string;
      version: number;
      migrations: { level: number; applied: { hash: string }[] };
      tables: { name: string; rows: number }[];
    };
    expect(manifest).toMatchObject({ format: 'kwoon-backup', version: 2 });
    expect(manifest.migrations.applied).toHaveLength(manifest.migrations.level);
    const expected = await contents(source.database);
    expect(Object.fromEntries(manifest.tables.map((table) => [table.name, table.rows]))).toEqual(
      Object.fromEntries(Object.entries(expected).map(([table, list]) => [table, list.length])),
    );
    // Owner-only, like DATA_DIR itself.
    for (const entry of ['', BACKUP_MANIFEST, 'tables', 'tables/users.jsonl.gz', 'media/videos/form-1.mp4']) {
      const mode = (await stat(path.join(folder, entry))).mode & 0o777;
      expect({ entry, mode: mode.toString(8) }).toEqual({ entry, mode: entry.includes('.') ? '600' : '700' });
    }

    const target = await freshTarget();
    const targetDataDir = path.join(work, 'target');
    await mkdir(path.join(targetDataDir, 'media', 'old'), { recursive: true });
    await writeFile(path.join(targetDataDir, 'media', 'old', 'stale.txt'), 'replaced');
    const restored = await runCli(targetDataDir, ['restore', folder], { DATABASE_URL: target.url });
    expect(restored.stderr).toBe('');
    expect(restored.stdout).toMatch(/^Restored \d+ tables \([\d,]+ rows\) and \d+ media files from /);

    expect(await contents(target.database)).toEqual(expected);
    expect(await readFile(path.join(targetDataDir, 'media', 'videos', 'form-1.mp4'))).toEqual(video);
    expect(await readdir(path.join(targetDataDir, 'media'))).not.toContain('old');
    expect((await readdir(targetDataDir)).sort()).toEqual(['media']);
    // The next event's id is past every id the source handed out, the deleted one included.
    const [sourceNext] = await source.database.db
      .insert(liveEvents)
      .values({ user_id: (await source.database.db.select().from(users).limit(1))[0]!.id, type: 'next' })
      .returning();
    const [targetNext] = await target.database.db
      .insert(liveEvents)
      .values({ user_id: sourceNext!.user_id, type: 'next' })
      .returning();
    expect(targetNext!.id).toBe(sourceNext!.id);
    await source.database.db.delete(liveEvents).where(eq(liveEvents.id, sourceNext!.id));
  }, 90_000);

  it('reads one moment of the database while writes go on', async () => {
    // The dearest course, so its price stays above zero (a check) while cents move out of it.
    const [course] = await source.database.db
      .select()
      .from(courses)
      .orderBy(desc(courses.price_cents))
      .limit(1);
    expect(course!.price_cents).toBeGreaterThan(100);
    const [order] = await source.database.db.select().from(orders).orderBy(asc(orders.id)).limit(1);
    const total = course!.price_cents + order!.amount_cents;
    // Another process's connection: it moves one cent from the course to the order before each
    // table is read, so a backup reading tables at different moments would see the total change.
    const writer = await openPostgres(source.url, { poolMax: 1 });
    let transfers = 0;
    const folder = path.join(work, 'consistent');
    try {
      await backupDatabase({
        database: source.database,
        target: folder,
        onTable: async () => {
          await writer.db.transaction(async (tx) => {
            await tx
              .update(courses)
              .set({ price_cents: sql`${courses.price_cents} - 1` })
              .where(eq(courses.id, course!.id));
            await tx
              .update(orders)
              .set({ amount_cents: sql`${orders.amount_cents} + 1` })
              .where(eq(orders.id, order!.id));
          });
          transfers++;
        },
      });
    } finally {
      await writer.close();
    }
    expect(transfers).toBeGreaterThan(10);
    const savedCourse = (await backedUpRows(folder, 'courses')).find((row) => row.id === course!.id);
    const savedOrder = (await backedUpRows(folder, 'orders')).find((row) => row.id === order!.id);
    expect([savedCourse!.price_cents, savedOrder!.amount_cents]).toEqual([
      course!.price_cents,
      order!.amount_cents,
    ]);
    const [liveCourse] = await source.database.db.select().from(courses).where(eq(courses.id, course!.id));
    const [liveOrder] = await source.database.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(liveCourse!.price_cents).toBe(course!.price_cents - transfers);
    expect(liveCourse!.price_cents + liveOrder!.amount_cents).toBe(total);
  });

  it('refuses a database with users without --force, and leaves it whole when the backup is damaged', async () => {
    const folder = path.join(work, 'refusals');
    await backupDatabase({ database: source.database, target: folder });
    const target = await freshTarget();
    await target.database.db
      .insert(users)
      .values({ name: 'Later', email: 'later@example.org', username: 'later', password_hash: 'z' });
    const usernames = () =>
      target.database.db.select({ u: users.username }).from(users).orderBy(users.username);

    const refused = await runCli(path.join(work, 'refused'), ['restore', folder], {
      DATABASE_URL: target.url,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'The database already holds users. Restoring replaces all of its data; add --force to do that.',
    );
    expect(await usernames()).toEqual([{ u: 'later' }]);

    // A table file that lost rows fails the restore's one transaction: nothing is replaced.
    const damaged = path.join(work, 'damaged');
    await cp(folder, damaged, { recursive: true });
    const manifestFile = path.join(damaged, BACKUP_MANIFEST);
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as {
      tables: { name: string; rows: number }[];
    };
    manifest.tables.find((table) => table.name === 'users')!.rows += 1;
    await writeFile(manifestFile, JSON.stringify(manifest));
    await expect(restoreBackup({ database: target.database, source: damaged, force: true })).rejects.toThrow(
      /users\.jsonl\.gz holds \d+ rows where the manifest counts \d+; the backup is damaged/,
    );
    expect(await usernames()).toEqual([{ u: 'later' }]);

    const forced = await restoreBackup({ database: target.database, source: folder, force: true });
    expect(forced.fromLevel).toBe(forced.toLevel);
    expect(await usernames()).toEqual(
      await source.database.db.select({ u: users.username }).from(users).orderBy(users.username),
    );

    await expect(backupDatabase({ database: source.database, target: folder })).rejects.toThrow(
      'already exists and is not empty; give a new folder',
    );
    await expect(restoreBackup({ database: target.database, source: work, force: true })).rejects.toThrow(
      BackupError,
    );
  }, 60_000);

  it('restores a backup made at an older migration level, migrating it on the way', async () => {
    // A database from before AI Sifu's question counts (migration 0027) and what came after.
    const older = path.join(work, 'older-migrations');
    await cp(MIGRATIONS_FOLDER, older, { recursive: true });
    const journal = await readJournal(older);
    const level = journal.entries.findIndex((entry) => entry.tag === '0027_ai_question_counts');
    const latest = journal.entries.length;
    journal.entries = journal.entries.slice(0, level);
    await writeFile(path.join(older, 'meta', '_journal.json'), JSON.stringify(journal));
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const name = `kwoon_older_${randomUUID().replace(/-/g, '')}`;
    await admin.query(`create database ${name}`);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    const old = await openPostgres(url.toString(), { poolMax: 2 });
    cleanups.push(async () => {
      await old.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    await migratePg(old.db as never, { migrationsFolder: older });
    // Written by SQL of that level: today's users table has columns the older one lacks.
    const rowsOf = async <T>(db: Database['db'], query: SQL): Promise<T[]> => {
      const answer: unknown = await db.execute(query);
      return (answer as { rows: T[] }).rows;
    };
    const [mei] = await rowsOf<{ id: string }>(
      old.db,
      sql`insert into users (name, email, username, password_hash) values ('Mei Chen', 'mei@example.org', 'mei', 'hash-of-mei') returning id`,
    );
    const asked = [
      { at: '2026-12-01T10:01:00Z', key: 'horse stance', cost: 0.25 },
      { at: '2026-12-01T10:14:00Z', key: 'horse stance', cost: 0.5 },
      { at: '2026-12-01T10:20:00Z', key: 'bow stance', cost: 1 },
    ];
    await old.db.insert(aiQuestions).values(
      asked.map((q) => ({
        user_id: mei!.id,
        question_key: q.key,
        question_text: q.key,
        cached: false,
        provider: 'test',
        cost_cents: q.cost,
        created_at: new Date(q.at),
      })),
    );

    const folder = path.join(work, 'older-backup');
    const saved = await backupDatabase({ database: old, target: folder });
    expect(saved.migrationLevel).toBe(level);
    expect(await readdir(path.join(folder, 'tables'))).not.toContain('ai_question_periods.jsonl.gz');

    const target = await freshTarget();
    const restored = await restoreBackup({ database: target.database, source: folder, force: false });
    expect([restored.fromLevel, restored.toLevel]).toEqual([level, latest]);
    const people = sql`select id, name, email, username, password_hash, created_at from users order by id`;
    expect(await rowsOf(target.database.db, people)).toEqual(await rowsOf(old.db, people));
    expect(await target.database.db.select().from(aiQuestions).orderBy(aiQuestions.created_at)).toEqual(
      await old.db.select().from(aiQuestions).orderBy(aiQuestions.created_at),
    );
    // The migration's backfill ran on the restored rows, as on an install being upgraded.
    expect(
      await target.database.db
        .select({ start: aiQuestionPeriods.period_start, questions: aiQuestionPeriods.questions })
        .from(aiQuestionPeriods)
        .orderBy(aiQuestionPeriods.period_start),
    ).toEqual([
      { start: new Date('2026-12-01T10:00:00Z'), questions: 2 },
      { start: new Date('2026-12-01T10:15:00Z'), questions: 1 },
    ]);
  }, 60_000);
});
