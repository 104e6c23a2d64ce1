/**
 * Review rules for the committed migrations, run by `npm run db:check` (CI) and its tests. They
 * catch what drizzle-kit does not: a journal the migrator would silently skip part of, and
 * statements that lock or break a populated database while the previous version still serves it.
 */

export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export interface Journal {
  entries: JournalEntry[];
}

/** Migrations up to 0004 ran before these rules existed; every later one is reviewed. */
export const FIRST_REVIEWED_MIGRATION = 5;

const BREAKPOINT = '--> statement-breakpoint';
const iso = (when: number) => new Date(when).toISOString();

/**
 * The migrator applies a migration only when its `when` is later than the newest one a database
 * has applied; a migration generated earlier on a branch and merged after a later one would be
 * skipped everywhere, without an error. So `when` must increase strictly with `idx`.
 */
export function checkJournal(journal: Journal, sqlFiles: readonly string[]): string[] {
  const problems: string[] = [];
  journal.entries.forEach((entry, position) => {
    if (entry.idx !== position) problems.push(`${entry.tag}: idx is ${entry.idx}, expected ${position}.`);
    if (!entry.tag.startsWith(`${String(entry.idx).padStart(4, '0')}_`)) {
      problems.push(`${entry.tag}: the tag does not start with its idx ${entry.idx}.`);
    }
    if (!sqlFiles.includes(`${entry.tag}.sql`)) problems.push(`${entry.tag}: ${entry.tag}.sql is missing.`);
    const previous = journal.entries[position - 1];
    if (previous && !(entry.when > previous.when)) {
      problems.push(
        `${entry.tag}: generated at ${iso(entry.when)}, not after ${previous.tag} (${iso(previous.when)}). ` +
          `The migrator would skip it on every database that already has ${previous.tag}. ` +
          'Delete it and its snapshot and run "npm run db:generate" again on top of the merged migrations.',
      );
    }
  });
  const tags = new Set(journal.entries.map((entry) => `${entry.tag}.sql`));
  for (const file of sqlFiles) {
    if (!tags.has(file)) problems.push(`${file}: not in meta/_journal.json, so it is never applied.`);
  }
  return problems;
}

const NAME = String.raw`(?:"?\w+"?\.)?"?(\w+)"?`;
const CREATE_TABLE = new RegExp(
  String.raw`\bcreate\s+(?:unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?${NAME}`,
  'gi',
);
const CREATE_INDEX = new RegExp(
  String.raw`\bcreate\s+(?:unique\s+)?index\s+(concurrently\s+)?(?:if\s+not\s+exists\s+)?(?:"?\w+"?\s+)?on\s+(?:only\s+)?${NAME}`,
  'i',
);
const ALTER_TABLE = new RegExp(String.raw`\balter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?${NAME}`, 'i');

interface Rule {
  /** Why the statement is unsafe, or undefined when it is not. */
  check(statement: string, newTables: ReadonlySet<string>): string | undefined;
}

const RULES: Rule[] = [
  {
    check(statement) {
      if (!/\badd\s+column\b/i.test(statement)) return undefined;
      if (!/\bnot\s+null\b/i.test(statement) || /\bdefault\b/i.test(statement)) return undefined;
      return 'adds a NOT NULL column without a default: it fails on a table that has rows';
    },
  },
  {
    check(statement, newTables) {
      const match = CREATE_INDEX.exec(statement);
      if (!match) return undefined;
      if (match[1]) {
        return "CREATE INDEX CONCURRENTLY cannot run inside the migrator's transaction";
      }
      const table = match[2]!.toLowerCase();
      if (newTables.has(table)) return undefined;
      return `CREATE INDEX on the existing table "${table}" blocks its writes for the whole build`;
    },
  },
  {
    check(statement) {
      if (/\bdrop\s+table\b/i.test(statement)) {
        return 'drops a table that the running version may still read';
      }
      if (ALTER_TABLE.test(statement) && /\bdrop\s+column\b/i.test(statement)) {
        return 'drops a column that the running version may still read';
      }
      return undefined;
    },
  },
  {
    check(statement) {
      if (!/\balter\s+type\b[\s\S]*\badd\s+value\b/i.test(statement)) return undefined;
      return "ALTER TYPE … ADD VALUE: the value is unusable in the migrator's transaction and cannot be removed; use text with a CHECK";
    },
  },
  {
    check(statement, newTables) {
      if (!/\balter\s+column\s+"?\w+"?\s+(?:set\s+data\s+)?type\b/i.test(statement)) return undefined;
      const table = ALTER_TABLE.exec(statement)?.[1]?.toLowerCase();
      if (table && newTables.has(table)) return undefined;
      return 'changes a column type: most changes rewrite the table under an exclusive lock';
    },
  },
];

/** A `-- safe: <reason>` comment inside a statement accepts that statement, and only that one. */
const SAFE = /^[ \t]*--[ \t]*safe:[ \t]*\S/im;

const withoutComments = (statement: string) => statement.replace(/--.*$/gm, '');

/** The unsafe statements of one migration, each with why it is unsafe. */
export function lintMigration(name: string, text: string): string[] {
  const statements = text.split(BREAKPOINT);
  const newTables = new Set<string>();
  for (const statement of statements) {
    for (const match of withoutComments(statement).matchAll(CREATE_TABLE))
      newTables.add(match[1]!.toLowerCase());
  }
  const problems: string[] = [];
  for (const statement of statements) {
    if (SAFE.test(statement)) continue;
    const code = withoutComments(statement).trim();
    if (!code) continue;
    for (const rule of RULES) {
      const reason = rule.check(code, newTables);
      if (reason) problems.push(`${name}: ${reason}:\n    ${code.split('\n')[0]}`);
    }
  }
  return problems;
}
