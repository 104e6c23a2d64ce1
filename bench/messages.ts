/**
 * `npm run bench:messages`: the three messaging reads a signed-in page makes on every visit — the
 * conversation list, a conversation's newest 50 messages and the unread count — on the embedded
 * PostgreSQL server started for the run (or the server of BENCH_PG_URL when that is set) with
 * `BENCH_MESSAGES` messages (default 1 000 000) among `BENCH_USERS` people (default 5 000), at 10
 * connections, as ratios to a bare Fastify hello-world and a bare primary-key SELECT on the same
 * server measured in the same run; then the query plans, and bench/results/messages.json.
 */
import { measureDatasetReads } from './dataset-reads';
import { printPlans } from './explain';
import { machine, measure, printCeilingTable, rows, saveResults, SECONDS } from './lib';

const CONNECTIONS = 10;
const SCENARIOS = [
  ['conversations', 'GET /api/users/{id}/conversations'],
  ['messages', 'GET /api/conversations/{id}/messages (newest 50)'],
  ['unread', 'GET /api/users/{id}/messages/unread-count'],
] as const;
/** p99 ceilings at 10 connections: a page's reads stay well under a frame of patience. */
const P99_LIMIT_MS = 50;

const started = performance.now();

console.log(`Kwoon messaging benchmark: ${machine()}; ${SECONDS} s per scenario after a 1 s warm-up`);
const { helloRow, selectRate, dataset, plans } = await measureDatasetReads({
  kind: 'messages',
  connections: CONNECTIONS,
  run: async (app, engine) => {
    for (const [page, scenario] of SCENARIOS)
      await measure(app, scenario, engine.name, app.paths[page]!, CONNECTIONS, true);
  },
});

printCeilingTable(helloRow, selectRate, P99_LIMIT_MS, (scenario) =>
  SCENARIOS.some(([, name]) => name === scenario),
);
printPlans(plans);

await saveResults('messages.json', started, { dataset, plans });
if (rows.some((row) => row.failures > 0)) process.exitCode = 1;
