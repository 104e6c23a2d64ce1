/**
 * `npm run db:check`: the committed migrations agree with the Drizzle schema and with the
 * hand-written functions and triggers (hand-written-sql.ts), the journal can be applied in order,
 * and every new migration is safe on a populated database (migration-rules.ts).
 */
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCHEMA_FILES } from '../../drizzle.config';
import { MIGRATIONS_FOLDER, openPglite } from './client';
import { handWrittenSqlDrift, readHandWrittenSql } from './hand-written-sql';
import { checkJournal, FIRST_REVIEWED_MIGRATION, lintMigration, type Journal } from './migration-rules';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const drizzleKit = path.join(root, 'node_modules', '.bin', 'drizzle-kit');

function runDrizzleKit(args: string[]): { ok: boolean; output: string } {
  const result = spawnSync(drizzleKit, args, { cwd: root, encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

const sqlFilesIn = async (folder: string) =>
  (await readdir(folder)).filter((file) => file.endsWith('.sql')).sort();

export async function readJournal(folder: string): Promise<Journal> {
  return JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/**
 * The migration `drizzle-kit generate` would write for the schema on top of `folder`, or undefined
 * when the migrations already describe the schema. It generates into a copy: the folder is untouched.
 */
export async function pendingSchemaChange(folder: string): Promise<string | undefined> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'kwoon-migrations-'));
  try {
    const copy = path.join(scratch, 'migrations');
    await cp(folder, copy, { recursive: true });
    const before = new Set(await sqlFilesIn(copy));
    const generated = runDrizzleKit([
      'generate',
      '--dialect=postgresql',
      `--schema=${SCHEMA_FILES}`,
      // drizzle-kit prefixes "./" to --out, so it has to be relative.
      `--out=${path.relative(root, copy)}`,
      '--name=pending',
    ]);
    // drizzle-kit can exit 0 after an error, so success is read from what it says.
    const answered = /No schema changes|Your SQL migration file/.test(generated.output);
    if (!generated.ok || !answered) throw new Error(`drizzle-kit generate failed:\n${generated.output}`);
    const added = (await sqlFilesIn(copy)).filter((file) => !before.has(file));
    if (added.length === 0) return undefined;
    return (await Promise.all(added.map((file) => readFile(path.join(copy, file), 'utf8')))).join('\n');
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const problems: string[] = [];

  const check = runDrizzleKit(['check']);
  if (!check.ok) problems.push(`drizzle-kit check failed:\n${check.output}`);

  const change = await pendingSchemaChange(MIGRATIONS_FOLDER);
  if (change) {
    problems.push(
      'The tables declared in *.schema.ts differ from the migrations; "npm run db:generate" would add:\n' +
        change,
    );
  }

  const journal = await readJournal(MIGRATIONS_FOLDER);
  problems.push(...checkJournal(journal, await sqlFilesIn(MIGRATIONS_FOLDER)));

  const database = await openPglite();
  try {
    await database.migrate();
    const drift = await handWrittenSqlDrift(database.db, await readHandWrittenSql());
    if (drift.length > 0) {
      problems.push(
        'The migrated functions and triggers differ from their *.sql files (a change made in a file ' +
          'needs a migration that applies it):\n' +
          drift.join('\n'),
      );
    }
  } finally {
    await database.close();
  }

  for (const entry of journal.entries.filter((e) => e.idx >= FIRST_REVIEWED_MIGRATION)) {
    const file = `${entry.tag}.sql`;
    const text = await readFile(path.join(MIGRATIONS_FOLDER, file), 'utf8').catch(() => '');
    problems.push(...lintMigration(file, text));
  }

  if (problems.length === 0) {
    console.log(
      `Migrations OK: ${journal.entries.length} in order, matching the schema and the hand-written SQL, new ones reviewed.`,
    );
    return 0;
  }
  console.error(problems.join('\n\n'));
  console.error(
    '\nA statement that is safe here (a small table, a column no release reads any more) can be ' +
      'accepted with a "-- safe: <reason>" comment inside it; see docs/architecture.md#migrations.',
  );
  return 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
