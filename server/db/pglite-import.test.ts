import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage } from '../platform/storage';
import { openTestDatabase } from '../test/app';
import { runCli } from '../test/cli';
import { restoreBackup } from './backup';
import { hasPgliteDataDir, openPglite, type Database } from './client';
import { importPglite } from './pglite-import';
import { latestMigrationLevel } from './transfer';
import { jobs, lessonProgress, liveEvents, mailOutbox, orders, sessions, users } from './schema';
import { seedDemo } from './seed';

async function rows<T>(database: Database, query: SQL): Promise<T[]> {
  // Both drivers answer with { rows }; Drizzle's shared type does not say so.
  const result: unknown = await database.db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * Every public table's stored columns, each row as JSON text, sorted: what must arrive unchanged.
 * Generated columns are left out (they are computed again, by the target's own functions).
 */
async function contents(database: Database): Promise<Record<string, string[]>> {
  const columns = await rows<{ table_name: string; columns: string }>(
    database,
    sql`select table_name, string_agg(quote_ident(column_name), ', ' order by ordinal_position) as columns
        from information_schema.columns
        where table_schema = 'public' and is_generated = 'NEVER'
          and table_name in (select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE')
        group by table_name order by table_name`,
  );
  const result: Record<string, string[]> = {};
  for (const { table_name, columns: list } of columns) {
    const found = await rows<{ row: string }>(
      database,
      sql.raw(`select row_to_json(r)::text as row from (select ${list} from public.${table_name}) r`),
    );
    result[table_name] = found.map(({ row }) => row).sort();
  }
  return result;
}

/** course_stats, kept by triggers, beside a fresh count: equal when the import copied it right. */
const staleCourseStats = (database: Database) =>
  rows<{ course_id: string }>(
    database,
    sql`select s.course_id from course_stats s where
          s.module_count <> (select count(*) from modules m where m.course_id = s.course_id)
       or s.lesson_count <> (select count(*) from lessons l join modules m on m.id = l.module_id where m.course_id = s.course_id)
       or s.enrolled_students <> (select count(*) from enrollments e where e.course_id = s.course_id)
       or s.progress_sum <> (select coalesce(sum(e.progress), 0) from enrollments e where e.course_id = s.course_id)
       or s.review_count <> (select count(*) from reviews r where r.course_id = s.course_id and r.is_published)
       or s.rating_sum <> (select coalesce(sum(r.rating), 0) from reviews r where r.course_id = s.course_id and r.is_published)
       or (select count(*) from courses) <> (select count(*) from course_stats)`,
  );

/** The rows sampled field by field, read through the schema (dates, JSON, enums as the app sees them). */
async function samples(database: Database) {
  const { db } = database;
  return {
    admin: await db.select().from(users).where(eq(users.username, 'admin')),
    users: await db.select({ username: users.username }).from(users).orderBy(users.username),
    orders: await db.select().from(orders).orderBy(asc(orders.id)),
    progress: await db.select().from(lessonProgress).orderBy(asc(lessonProgress.id)),
    outbox: await db.select().from(mailOutbox).orderBy(asc(mailOutbox.id)),
    sessions: await db.select().from(sessions).orderBy(asc(sessions.id)),
    jobs: await db.select().from(jobs).orderBy(asc(jobs.id)),
  };
}

let work: string;
let tarball: string;
let expected: {
  contents: Record<string, string[]>;
  samples: Awaited<ReturnType<typeof samples>>;
  maxEvent: number;
};
const now = new Date('2026-12-07T10:00:00Z');

/**
 * A PGlite install as a Kwoon of before left it, in `dataDir`: the data directory of the seeded
 * database below, unpacked as PGlite's own loader would (built once in memory, where PGlite starts
 * several times faster than on a new data directory).
 */
async function pgliteInstall(dataDir: string): Promise<void> {
  const dir = path.join(dataDir, 'db');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  execFileSync('tar', ['-xf', tarball, '-C', dir], { stdio: 'ignore' });
}

// Migrated, seeded and in use: sessions, a failed job, an outbox message, a sequence past its rows.
beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'kwoon-pglite-import-'));
  const pglite = await openPglite();
  try {
    await pglite.migrate();
    await seedDemo(pglite.db, localStorage(path.join(work, 'data', 'media')), { info: () => {} }, now);
    const [student] = await pglite.db.select().from(users).where(eq(users.is_admin, false)).limit(1);
    const userId = student!.id;
    await pglite.db.insert(sessions).values({
      user_id: userId,
      token_hash: 'a'.repeat(64),
      expires_at: new Date('2027-01-07T10:00:00.123Z'),
    });
    await pglite.db.insert(jobs).values({
      kind: 'mail.send',
      payload: { to: 'mei@example.org', lines: ['one', 'two'], nested: { n: 1.5 } },
      max_attempts: 5,
      status: 'dead',
      attempts: 5,
      last_error: 'connect ECONNREFUSED 127.0.0.1:25\nat line two',
    });
    await pglite.db.insert(mailOutbox).values({
      to_address: 'mei@example.org',
      subject: 'Welcome — 欢迎',
      text_body: 'Line one\r\nLine "two"\ttabbed\\',
      attachments: [{ filename: 'class.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR\n' }],
      status: 'failed',
      error: 'mail server down',
    });
    // Events 1-3, then the newest deleted: the sequence has gone past the rows left.
    const events = await pglite.db
      .insert(liveEvents)
      .values([1, 2, 3].map((n) => ({ user_id: userId, type: 'test', data: { n } })))
      .returning({ id: liveEvents.id });
    await pglite.db.delete(liveEvents).where(eq(liveEvents.id, events.at(-1)!.id));
    expected = {
      contents: await contents(pglite),
      samples: await samples(pglite),
      maxEvent: events.at(-1)!.id,
    };
    tarball = path.join(work, 'seeded.tar');
    await writeFile(tarball, Buffer.from(await (await pglite.dumpDataDir!('none')).arrayBuffer()));
  } finally {
    await pglite.close();
  }
}, 60_000);
afterAll(() => rm(work, { recursive: true, force: true }));

describe('importPglite', () => {
  it('moves every table of a PGlite install into PostgreSQL and keeps the PGlite folder, renamed', async () => {
    const dataDir = path.join(work, 'data');
    await pgliteInstall(dataDir);
    expect(hasPgliteDataDir(dataDir)).toBe(true);
    const { database: target, url, drop } = await openTestDatabase();
    try {
      const imported = await runCli(dataDir, ['import-pglite'], { DATABASE_URL: url });
      expect(imported.stderr).toBe('');
      expect(imported.code).toBe(0);
      const total = Object.values(expected.contents).reduce((sum, list) => sum + list.length, 0);
      const kept = /^db-pglite-imported-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/;
      const [keptName] = (await readdir(dataDir)).filter((name) => kept.test(name));
      expect(imported.stdout).toBe(
        `Imported the PGlite database of ${path.join(dataDir, 'db')} into PostgreSQL: ` +
          `${Object.keys(expected.contents).length} tables, ${total.toLocaleString('en')} rows (from migration level ${latestMigrationLevel()}).\n` +
          `The PGlite folder is kept as ${path.join(dataDir, keptName!)}; delete it once you are satisfied. ` +
          `The media stay in ${path.join(dataDir, 'media')}.\n`,
      );

      const copied = await contents(target);
      expect(Object.keys(copied)).toEqual(Object.keys(expected.contents));
      for (const [table, tableRows] of Object.entries(expected.contents)) {
        expect({ table, count: copied[table]!.length }).toEqual({ table, count: tableRows.length });
        expect({ table, rows: copied[table] }).toEqual({ table, rows: tableRows });
      }

      const sampled = await samples(target);
      expect(sampled).toEqual(expected.samples);
      expect(sampled.admin[0]!.password_hash).toMatch(/\S{20,}/);
      expect(sampled.orders.length).toBeGreaterThan(0);
      expect(sampled.progress.length).toBeGreaterThan(0);
      expect(sampled.outbox.some((row) => row.subject === 'Welcome — 欢迎')).toBe(true);

      // The counters came over as data (no trigger fired during the copy) and still add up.
      expect(await staleCourseStats(target)).toEqual([]);
      expect(
        (await rows<{ n: number }>(target, sql`select count(*)::int as n from course_stats`))[0]!.n,
      ).toBe(expected.contents.courses!.length);
      // The sequence continues past every id the PGlite database handed out, a deleted one included.
      const userId = sampled.admin[0]!.id;
      const [next] = await target.db.insert(liveEvents).values({ user_id: userId, type: 'next' }).returning();
      expect(next!.id).toBe(expected.maxEvent + 1);
      // And the triggers work again on what is written next.
      await target.db.execute(sql`delete from reviews`);
      expect(await staleCourseStats(target)).toEqual([]);

      expect(hasPgliteDataDir(dataDir)).toBe(false);
      expect(existsSync(path.join(dataDir, keptName!, 'PG_VERSION'))).toBe(true);
      expect((await readdir(dataDir)).sort()).toEqual([keptName, 'media']);
    } finally {
      await drop();
    }
  }, 60_000);

  it('refuses when there is nothing to import, and a database with users unless forced', async () => {
    const { database: target, drop } = await openTestDatabase();
    try {
      await target.db
        .insert(users)
        .values({ name: 'Later', email: 'later@example.org', username: 'later', password_hash: 'z' });
      const again = path.join(work, 'again');
      await expect(importPglite({ dataDir: again, target })).rejects.toThrow(
        `There is no PGlite database in ${path.join(again, 'db')} to import.`,
      );

      await pgliteInstall(again);
      await expect(importPglite({ dataDir: again, target })).rejects.toThrow(
        'The PostgreSQL database already holds users. Importing replaces all of its data; add --force to do that.',
      );
      expect(hasPgliteDataDir(again)).toBe(true);
      expect(await target.db.select({ username: users.username }).from(users)).toEqual([
        { username: 'later' },
      ]);
    } finally {
      await drop();
    }
  });

  it('restores a backup of the PGlite versions (format 1: the data directory as a tarball)', async () => {
    const folder = path.join(work, 'format-1');
    await mkdir(folder);
    await writeFile(path.join(folder, 'database.tar.gz'), gzipSync(await readFile(tarball)));
    const manifest = { format: 'kwoon-backup', version: 1, created_at: now.toISOString(), media_files: 0 };
    await writeFile(path.join(folder, 'kwoon-backup.json'), JSON.stringify(manifest));
    const { database: target, drop } = await openTestDatabase();
    try {
      const restored = await restoreBackup({ database: target, source: folder, force: false });
      expect(restored.fromLevel).toBeNull();
      expect(await contents(target)).toEqual(expected.contents);
    } finally {
      await drop();
    }
  });
});
