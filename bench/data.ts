/**
 * Loading a benchmark's data set: statements generated in SQL (INSERT … SELECT over
 * generate_series), run one by one and timed, then the row counts of the tables that matter.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';

/** How a data set loaded: in how many seconds, each step's time, and the row counts. */
export interface DataLoad {
  seconds: number;
  steps: string[];
  counts: Record<string, number>;
}

const STEP = /^\s*(insert into \w+|update \w+|create unlogged table \w+|drop table \w+|analyze)/;

const secondsSince = (start: number) => ((performance.now() - start) / 1000).toFixed(1);

/**
 * Runs `statements` in order, each in a transaction of its own; with `vacuum`, a VACUUM ANALYZE
 * after them (it cannot run inside a transaction), as autovacuum would do soon after a real bulk
 * load, so that it does not run in the middle of a measured scenario. Then counts the rows of
 * `tables`.
 */
export async function loadStatements(
  database: Database,
  statements: readonly string[],
  tables: readonly string[],
  { vacuum }: { vacuum: boolean },
): Promise<DataLoad> {
  const started = performance.now();
  const steps: string[] = [];
  for (const statement of statements) {
    const before = performance.now();
    // A bulk load of this size may run longer than the server's statement timeout allows a request.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql.raw(statement));
    });
    steps.push(`${STEP.exec(statement)?.[1] ?? statement.slice(0, 20)}: ${secondsSince(before)} s`);
  }
  if (vacuum) {
    const before = performance.now();
    await database.db.execute(sql`vacuum analyze`);
    steps.push(`vacuum analyze: ${secondsSince(before)} s`);
  }
  const seconds = (performance.now() - started) / 1000;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
    counts[table] = Number((result as { rows: { n: number }[] }).rows[0]!.n);
  }
  return { seconds, steps, counts };
}
