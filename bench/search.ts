/**
 * `npm run bench:search`: the header's global search (`GET /api/search`) as the benchmark student,
 * on the embedded PostgreSQL server started for the run (or the server of BENCH_PG_URL when that
 * is set) with the course data set (200 courses × 100 lessons, bench/course-data.ts) and the
 * search additions (2 000 resources, 2 000 news items, titles in the school's vocabulary;
 * bench/search-data.ts), at 10 connections asking a rotating set of ten queries — a typo, partial
 * words, pinyin, an older spelling, Chinese characters — as ratios to a bare Fastify hello-world
 * and a bare primary-key SELECT on the same server measured in the same run. What every
 * member finds is kept for CATALOGUE_CACHE_SECONDS, as in production; the same load with nothing
 * kept (CATALOGUE_CACHE_SECONDS=0) is measured too, on a database of its own, without a ceiling.
 * Then the query plans, and bench/results/search.json.
 */
import { measureDatasetReads } from './dataset-reads';
import { printPlans } from './explain';
import { machine, measure, printCeilingTable, rows, saveResults, SECONDS, withTarget } from './lib';

const CONNECTIONS = 10;
const SCENARIO = 'GET /api/search (10 rotating queries, student)';
/** The same with nothing kept between requests: what a query no member asked for lately costs. */
const SCENARIO_AFRESH = 'same, every search read afresh';
/** As the other reads a page makes: well under a frame of patience at 10 connections. */
const P99_LIMIT_MS = 50;

const started = performance.now();
let queries: string[] = [];

console.log(`Kwoon search benchmark: ${machine()}; ${SECONDS} s per scenario after a 1 s warm-up`);
const { helloRow, selectRate, dataset, plans } = await measureDatasetReads({
  kind: 'search',
  connections: CONNECTIONS,
  run: async (app, engine) => {
    queries = Object.values(app.paths);
    await measure(app, SCENARIO, engine.name, queries, CONNECTIONS, true);
  },
  // A database of its own: the data set is loaded again.
  afterwards: (engine) =>
    engine.withDatabase(async (url) => {
      await withTarget(`search, nothing kept (${engine.name})`, 'search-afresh', url, async (app) => {
        app.databaseProcesses = engine.processes;
        await measure(app, SCENARIO_AFRESH, engine.name, Object.values(app.paths), CONNECTIONS, true);
      });
    }),
});

printCeilingTable(helloRow, selectRate, P99_LIMIT_MS, (scenario) => scenario === SCENARIO);
console.log(`\nQueries: ${queries.map((q) => decodeURIComponent(q.replace(/^.*q=|&.*$/g, ''))).join(' · ')}`);
printPlans(plans);

await saveResults('search.json', started, { queries, dataset, plans });
if (rows.some((row) => row.failures > 0)) process.exitCode = 1;
