import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pendingSchemaChange, readJournal } from './check-migrations';
import { MIGRATIONS_FOLDER } from './client';
import { checkJournal, FIRST_REVIEWED_MIGRATION, lintMigration, type Journal } from './migration-rules';

const sqlFiles = async () => (await readdir(MIGRATIONS_FOLDER)).filter((file) => file.endsWith('.sql'));

const journalOf = (...entries: [tag: string, when: number][]): Journal => ({
  entries: entries.map(([tag, when], idx) => ({ idx, tag, when })),
});
const filesOf = (journal: Journal) => journal.entries.map((entry) => `${entry.tag}.sql`);

describe('the migration journal', () => {
  it('is in order in the repository', async () => {
    expect(checkJournal(await readJournal(MIGRATIONS_FOLDER), await sqlFiles())).toEqual([]);
  });

  it('flags a migration generated before the one it follows (a branch merged late)', () => {
    const journal = journalOf(['0000_init', 1_000], ['0001_mail', 3_000], ['0002_courses', 2_000]);
    const problems = checkJournal(journal, filesOf(journal));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^0002_courses: generated at .* not after 0001_mail .*skip it/);
  });

  it('flags two migrations with the same time', () => {
    const journal = journalOf(['0000_init', 1_000], ['0001_mail', 1_000]);
    expect(checkJournal(journal, filesOf(journal))).toEqual([
      expect.stringMatching(/^0001_mail: generated at/),
    ]);
  });

  it('flags a gap in idx, a tag that names another number, and files missing on either side', () => {
    const journal: Journal = {
      entries: [
        { idx: 0, tag: '0000_init', when: 1 },
        { idx: 2, tag: '0003_courses', when: 2 },
      ],
    };
    expect(checkJournal(journal, ['0000_init.sql', '0001_stray.sql'])).toEqual([
      '0003_courses: idx is 2, expected 1.',
      '0003_courses: the tag does not start with its idx 2.',
      '0003_courses: 0003_courses.sql is missing.',
      '0001_stray.sql: not in meta/_journal.json, so it is never applied.',
    ]);
  });
});

describe('the review of new migrations', () => {
  const lint = (...statements: string[]) =>
    lintMigration('0009_x.sql', statements.join('--> statement-breakpoint\n'));

  it('passes every migration after 0004 in the repository', async () => {
    const journal = await readJournal(MIGRATIONS_FOLDER);
    const reviewed = journal.entries.filter((entry) => entry.idx >= FIRST_REVIEWED_MIGRATION);
    expect(reviewed.length).toBeGreaterThan(0);
    for (const entry of reviewed) {
      const text = await readFile(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), 'utf8');
      expect(lintMigration(entry.tag, text)).toEqual([]);
    }
  });

  it('flags a NOT NULL column without a default, and accepts one with a default', () => {
    expect(lint('ALTER TABLE "users" ADD COLUMN "belt_rank" integer NOT NULL;')).toEqual([
      expect.stringContaining('adds a NOT NULL column without a default'),
    ]);
    expect(lint(`ALTER TABLE "users" ADD COLUMN "belt_rank" integer DEFAULT 0 NOT NULL;`)).toEqual([]);
    expect(lint('ALTER TABLE "users" ADD COLUMN "nickname" text;')).toEqual([]);
  });

  it('flags CREATE INDEX on an existing table but not on a table the migration creates', () => {
    expect(lint('CREATE INDEX "users_belt_idx" ON "users" USING btree ("belt");')).toEqual([
      expect.stringContaining('CREATE INDEX on the existing table "users"'),
    ]);
    expect(
      lint(
        'CREATE TABLE "events" (\n\t"id" uuid PRIMARY KEY NOT NULL,\n\t"user_id" uuid NOT NULL\n);',
        'CREATE UNIQUE INDEX "events_user_idx" ON "events" USING btree ("user_id");',
        'CREATE INDEX IF NOT EXISTS "events_id_idx" ON "public"."events" ("id");',
      ),
    ).toEqual([]);
  });

  it("flags CREATE INDEX CONCURRENTLY, which cannot run in the migrator's transaction", () => {
    expect(lint('CREATE INDEX CONCURRENTLY "users_belt_idx" ON "users" ("belt");')).toEqual([
      expect.stringContaining('cannot run inside'),
    ]);
  });

  it('flags dropped tables and columns', () => {
    expect(lint('DROP TABLE "old_things" CASCADE;', 'ALTER TABLE "users" DROP COLUMN "belt";')).toEqual([
      expect.stringContaining('drops a table'),
      expect.stringContaining('drops a column'),
    ]);
    expect(lint('ALTER TABLE "orders" DROP CONSTRAINT "orders_paid_at_check";')).toEqual([]);
  });

  it('flags ALTER TYPE … ADD VALUE and column type changes', () => {
    expect(lint(`ALTER TYPE "public"."mail_status" ADD VALUE 'bounced';`)).toEqual([
      expect.stringContaining('ADD VALUE'),
    ]);
    expect(lint('ALTER TABLE "orders" ALTER COLUMN "status" SET DATA TYPE text;')).toEqual([
      expect.stringContaining('changes a column type'),
    ]);
  });

  it('accepts an unsafe statement that carries a "-- safe: <reason>" comment, and only that one', () => {
    const problems = lint(
      '-- safe: media_files holds a few thousand rows\nCREATE INDEX "media_files_owner_idx" ON "media_files" ("owner_id");',
      'CREATE INDEX "users_belt_idx" ON "users" ("belt");',
    );
    expect(problems).toEqual([expect.stringContaining('"users"')]);
    // A marker without a reason is not a review.
    expect(lint('-- safe:\nDROP TABLE "old_things";')).toHaveLength(1);
  });
});

describe('the schema and the migrations', { timeout: 60_000 }, () => {
  it('agree: drizzle-kit generate has nothing to add', async () => {
    expect(await pendingSchemaChange(MIGRATIONS_FOLDER)).toBeUndefined();
  });

  it('disagree when a schema change has no migration, and the check shows the missing SQL', async () => {
    const scratch = await mkdtemp(path.join(os.tmpdir(), 'kwoon-migrations-'));
    try {
      // The repository's migrations without the newest one: the schema is ahead of them.
      const folder = path.join(scratch, 'migrations');
      await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
      const journal = await readJournal(folder);
      const newest = journal.entries.pop()!;
      await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
      // The check names what the removed migration did, e.g. the table it changed.
      const removed = await readFile(path.join(folder, `${newest.tag}.sql`), 'utf8');
      const table = /(?:TABLE|ON) "([a-z_]+)"/.exec(removed)![1]!;
      await rm(path.join(folder, `${newest.tag}.sql`));
      await rm(path.join(folder, 'meta', `${newest.tag.slice(0, 4)}_snapshot.json`));
      expect(await pendingSchemaChange(folder)).toContain(`"${table}"`);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });
});
