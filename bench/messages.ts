/**
 * `npm run bench:messages`: the three messaging reads a signed-in page makes on every visit — the
 * conversation list, a conversation's newest 50 messages and the unread count — on PostgreSQL with
 * `BENCH_MESSAGES` messages (default 1 000 000) among `BENCH_USERS` people (default 5 000), at 10
 * connections, as ratios to a bare Fastify hello-world and a bare primary-key SELECT on the same
 * PostgreSQL server measured in the same run; then the query plans, and bench/results/messages.json.
 */
import { printPlans, type ExplainedQuery } from './explain';
import {
  logDataset,
  machine,
  measure,
  measureHello,
  measureSelect,
  printCeilingTable,
  rows,
  saveResults,
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
    logDataset(app.dataset);
    for (const [page, scenario] of SCENARIOS)
      await measure(app, scenario, 'PostgreSQL', app.paths[page]!, CONNECTIONS, true);
  });
});

printCeilingTable(helloRow!, selectRate, P99_LIMIT_MS, (scenario) =>
  SCENARIOS.some(([, name]) => name === scenario),
);
printPlans(plans);

await saveResults('messages.json', started, { dataset, plans });
if (rows.some((row) => row.failures > 0)) process.exitCode = 1;
