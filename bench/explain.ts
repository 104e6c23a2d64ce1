/**
 * EXPLAIN on the SQL behind an endpoint: the repo functions run against a Drizzle instance that
 * records every statement it sends, then each statement is explained (plan only, not executed)
 * with the same parameters on the app's own pool, then once more with ANALYZE for its time.
 */
import type { Logger } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import * as schema from '../server/db/schema';
import type { Database, Db } from '../server/db/client';

/** Tables that grow with students and content; a sequential scan on them is a finding. */
const BIG_TABLES = new Set(['lessons', 'lesson_progress', 'enrollments', 'messages', 'conversations']);

export interface ScanNode {
  node: string;
  table?: string;
  index?: string;
}

export interface ExplainedQuery {
  endpoint: string;
  sql: string;
  scans: ScanNode[];
  seqScansOnBigTables: string[];
  /** One execution, from EXPLAIN ANALYZE: the database's share of the request. */
  executionMs: number;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Every scan in a plan tree, outermost first. */
function scansOf(node: PlanNode, out: ScanNode[] = []): ScanNode[] {
  if (/Scan/.test(node['Node Type'])) {
    out.push({ node: node['Node Type'], table: node['Relation Name'], index: node['Index Name'] });
  }
  for (const child of node.Plans ?? []) scansOf(child, out);
  return out;
}

async function explain(client: pg.Pool, text: string, params: unknown[]) {
  const result = await client.query<Record<string, unknown>>(text, params);
  const cell = Object.values(result.rows[0]!)[0];
  const plans = (typeof cell === 'string' ? JSON.parse(cell) : cell) as {
    Plan: PlanNode;
    'Execution Time'?: number;
  }[];
  return plans[0]!;
}

/**
 * The statements `work` sends, with their parameters, captured through a logging Drizzle on the
 * app's pool, and that pool to explain them with.
 */
export async function captureStatements(
  database: Database,
  work: (db: Db) => Promise<unknown>,
): Promise<{ client: pg.Pool; captured: { sql: string; params: unknown[] }[] }> {
  const captured: { sql: string; params: unknown[] }[] = [];
  const logger: Logger = { logQuery: (query, params) => captured.push({ sql: query, params }) };
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const db = drizzle(pool, { schema, logger }) as unknown as Db;
  await work(db);
  return { client: pool, captured };
}

/**
 * Runs `work` with a Db that records its statements, then explains each one. A Bitmap Index Scan
 * names its index but not its table; the Bitmap Heap Scan above it names the table.
 */
export async function explainEndpoint(
  database: Database,
  endpoint: string,
  work: (db: Db) => Promise<unknown>,
): Promise<ExplainedQuery[]> {
  const { client, captured } = await captureStatements(database, work);
  const explained: ExplainedQuery[] = [];
  for (const query of captured) {
    const plan = await explain(client, `explain (format json) ${query.sql}`, query.params);
    const analyzed = await explain(client, `explain (analyze, format json) ${query.sql}`, query.params);
    const scans = scansOf(plan.Plan);
    explained.push({
      endpoint,
      sql: query.sql,
      scans,
      seqScansOnBigTables: scans
        .filter((s) => s.node === 'Seq Scan' && s.table && BIG_TABLES.has(s.table))
        .map((s) => s.table!),
      executionMs: analyzed['Execution Time'] ?? NaN,
    });
  }
  return explained;
}

export function describeScan(scan: ScanNode) {
  if (scan.node === 'Bitmap Index Scan') return `Bitmap Index Scan (${scan.index})`;
  if (scan.index) return `${scan.node} on ${scan.table} (${scan.index})`;
  return `${scan.node} on ${scan.table}`;
}

/** Each engine's plans: the scans of every statement, a sequential scan on a big table called out. */
export function printPlans(plans: Record<string, ExplainedQuery[]>) {
  for (const [engine, queries] of Object.entries(plans)) {
    console.log(`\nEXPLAIN (${engine}):`);
    for (const query of queries) {
      const verdict =
        query.seqScansOnBigTables.length > 0
          ? `SEQ SCAN on ${query.seqScansOnBigTables.join(', ')}`
          : 'indexes only on the big tables';
      console.log(`- ${query.endpoint}: ${verdict}, ${query.executionMs.toFixed(1)} ms in the database`);
      console.log(`    ${query.sql.replace(/\s+/g, ' ').slice(0, 140)}…`);
      console.log(`    ${query.scans.map(describeScan).join('; ')}`);
    }
  }
}
