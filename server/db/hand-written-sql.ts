/**
 * The functions and triggers drizzle-kit cannot declare have one home each: a `*.sql` file beside
 * the code that owns them (`server/modules/courses/course-stats.sql`), holding their current
 * definitions as `CREATE OR REPLACE` statements separated by `--> statement-breakpoint`, as in a
 * migration. Migrations apply them; `npm run db:check` compares a migrated database with the files,
 * so a definition that lives only in a migration, or a file a migration never applied, is caught.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from './client';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where hand-written SQL lives: the modules, the platform, and the shared column helpers. */
const SQL_FOLDERS = ['server/modules', 'server/platform', 'server/db/schema'];

export interface SqlFile {
  file: string;
  statements: string[];
}

/** Every hand-written SQL file, relative to the project root, with its statements. */
export async function readHandWrittenSql(): Promise<SqlFile[]> {
  const files = await Promise.all(
    SQL_FOLDERS.map(async (folder) =>
      (await readdir(path.join(root, folder), { recursive: true }))
        .filter((file) => file.endsWith('.sql'))
        .map((file) => path.posix.join(folder, file.split(path.sep).join('/'))),
    ),
  );
  return Promise.all(
    files
      .flat()
      .sort()
      .map(async (file) => ({
        file,
        statements: (await readFile(path.join(root, file), 'utf8'))
          .split('--> statement-breakpoint')
          .filter((statement) => statement.trim() !== ''),
      })),
  );
}

/** The objects a file's statements create, as `function <name>` and `trigger <name>`. */
function declaredObjects(files: SqlFile[]): Map<string, string> {
  const declared = new Map<string, string>();
  for (const { file, statements } of files) {
    for (const statement of statements) {
      for (const [, kind, name] of statement.matchAll(
        /^\s*create\s+(?:or\s+replace\s+)?(function|trigger)\s+([a-z_][a-z0-9_]*)/gim,
      ))
        declared.set(`${kind!.toLowerCase()} ${name}`, file);
    }
  }
  return declared;
}

/**
 * The database's own functions and triggers (not an extension's, not a constraint's), by
 * `function <name>` / `trigger <name>`, each with its definition as PostgreSQL prints it.
 */
async function definitions(db: Pick<Db, 'execute'>): Promise<Map<string, string>> {
  const result: unknown = await db.execute(sql`
    select 'function ' || p.proname as object, pg_get_functiondef(p.oid) as definition
    from pg_proc p
    where p.pronamespace = 'public'::regnamespace
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
    union all
    select 'trigger ' || t.tgname, pg_get_triggerdef(t.oid)
    from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where not t.tgisinternal and c.relnamespace = 'public'::regnamespace
    order by 1, 2
  `);
  const rows = (result as { rows: { object: string; definition: string }[] }).rows;
  const found = new Map<string, string>();
  for (const { object, definition } of rows)
    found.set(object, found.has(object) ? `${found.get(object)}\n${definition}` : definition);
  return found;
}

class RolledBack extends Error {}

/**
 * How a migrated database disagrees with the hand-written SQL files: objects on one side only,
 * and objects whose definition changes when the files are applied over the migrations (in a
 * transaction rolled back, so the database is left as it was).
 */
export async function handWrittenSqlDrift(db: Db, files: SqlFile[]): Promise<string[]> {
  const problems: string[] = [];
  const migrated = await definitions(db);
  const declared = declaredObjects(files);
  for (const object of migrated.keys()) {
    if (!declared.has(object))
      problems.push(`${object} is created by a migration but declared in no hand-written SQL file.`);
  }
  for (const [object, file] of declared) {
    if (!migrated.has(object)) problems.push(`${object} (${file}) is in no migration.`);
  }
  let applied = migrated;
  await db
    .transaction(async (tx) => {
      for (const { statements } of files) {
        for (const statement of statements) await tx.execute(sql.raw(statement));
      }
      applied = await definitions(tx);
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  for (const [object, definition] of migrated) {
    const file = declared.get(object);
    if (file && applied.get(object) !== definition)
      problems.push(`${object} differs between the migrations and ${file}.`);
  }
  return problems;
}
