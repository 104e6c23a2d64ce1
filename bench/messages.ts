/**
 * `npm run bench:messages`: the three messaging reads a signed-in page makes on every visit — the
 * conversation list, a conversation's newest 50 messages and the unread count — on PostgreSQL with
 * `BENCH_MESSAGES` messages (default 1 000 000) among `BENCH_USERS` people (default 5 000), at 10
 * connections, as ratios to a bare Fastify hello-world and a bare primary-key SELECT on the same
 * PostgreSQL server measured in the same run; then the query plans, and bench/results/messages.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { printPlans, type ExplainedQuery } from './explain';
import {
  machine,
  measure,
  measureHello,
  measureSelect,
  printTable,
  ratio,
  rows,
  SECONDS,
  withTarget,
  withPostgres,
} from './lib';

const CONNECTIONS = 10;
const SCENARIOS = [
  ['conversations', 'GET /api/users/{id}/conversations'],
  ['messages', 'GET /api/conversations/{id}/messages (newest 50)'],
  ['unread', 'GET /api/users/{id}/messages/unread-count'],
] as const;
/** p99 ceilings at 10 connections on PostgreSQL: a page's reads stay well under a frame of patience. */
const P99_LIMIT_MS = 50;

const started = performance.now();
const plans: Record<string, ExplainedQuery[]> = {};
let dataset: unknown;

console.log(`Kwoon messaging benchmark: ${machine()}; ${SECONDS} s per scenario after a 1 s warm-up`);
const [helloRow] = await measureHello([CONNECTIONS]);

let selectRate = NaN;
await withPostgres(async (url) => {
  selectRate = (await measureSelect('PostgreSQL', url, [CONNECTIONS]))[0]!.requestsPerSecond;

  await withTarget('messages (PostgreSQL)', 'messages', url, async (app) => {
    dataset = app.dataset;
    plans.PostgreSQL = app.plans ?? [];
    console.log(
      `  data set loaded in ${app.dataset?.seconds.toFixed(1)} s: ${JSON.stringify(app.dataset?.counts)}`,
    );
    for (const step of app.dataset?.steps ?? []) console.log(`    ${step}`);
    for (const [page, scenario] of SCENARIOS)
      await measure(app, scenario, 'PostgreSQL', app.paths[page]!, CONNECTIONS, true);
  });
});

printTable(
  [
    'scenario',
    'conn',
    'req/s',
    'p50 ms',
    'p99 ms',
    'failed',
    'vs hello',
    'vs select',
    `p99 ≤ ${P99_LIMIT_MS} ms`,
  ],
  rows.map((row) => [
    row.scenario,
    String(row.connections),
    String(Math.round(row.requestsPerSecond)),
    String(row.p50),
    String(row.p99),
    String(row.failures),
    ratio(row.requestsPerSecond / helloRow!.requestsPerSecond),
    row.driver === '-' ? '' : ratio(row.requestsPerSecond / selectRate),
    SCENARIOS.some(([, scenario]) => scenario === row.scenario)
      ? row.p99 <= P99_LIMIT_MS
        ? 'yes'
        : 'NO'
      : '',
  ]),
);
printPlans(plans);

const seconds = Math.round((performance.now() - started) / 1000);
const results = path.join(import.meta.dirname, 'results');
await mkdir(results, { recursive: true });
const file = path.join(results, 'messages.json');
await writeFile(
  file,
  JSON.stringify(
    { date: new Date().toISOString(), machine: machine(), seconds, rows, dataset, plans },
    null,
    2,
  ),
);
console.log(`\nWhole run: ${seconds} s. Raw figures: ${path.relative(process.cwd(), file)}`);
if (rows.some((row) => row.failures > 0)) process.exitCode = 1;
