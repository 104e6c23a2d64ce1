/**
 * `npm run bench:api`: the real app's request pipeline and course pages at a large school's scale, as
 * ratios to two anchors measured in the same run on the same machine — a bare Fastify hello-world
 * and a bare Fastify route doing one primary-key SELECT (on PGlite; on PostgreSQL over `pg`) — at
 * 10 and 50 connections, with each server's resident memory; then the targets, the query plans,
 * and bench/results/latest.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { printPlans, type ExplainedQuery } from './explain';
import {
  machine,
  measure,
  printTable,
  ratio,
  rows,
  SECONDS,
  withPostgres,
  withTarget,
  HELLO,
  measureHello,
  measureSelect,
  SELECT,
  type Row,
} from './lib';

const CONNECTIONS = [10, 50] as const;

/** Page and scenario; the visitor's pages (VISITOR) are asked without a token, the others signed in. */
const SCENARIOS = [
  ['features', 'GET /api/features'],
  ['featuresAnswer', 'the features answer, headers and body, replayed by a bare route'],
  ['health', 'GET /api/health'],
  ['profile', 'GET /api/user/{id}/profile (signed in)'],
  ['profileStatement', "the profile's statement alone (bare Fastify, same database)"],
  ['courses', 'GET /api/courses (signed in, 200 courses)'],
  ['coursesStatement', "the course list's enrolments statement and its answer's bytes (bare Fastify)"],
  ['course', 'GET /api/courses/{id} (enrolled student)'],
  ['progress', 'GET /api/user/{id}/course/{courseId}/lessons/progress'],
  ['blog', 'GET /api/blog/posts?limit=10 (visitor, 300 posts)'],
  ['post', 'GET /blog/{slug} (visitor, server-rendered post, br)'],
  ['home', 'GET / (visitor, server-rendered landing page, br)'],
] as const;
type Page = (typeof SCENARIOS)[number][0];
const VISITOR = new Set<Page>([
  'features',
  'featuresAnswer',
  'health',
  'profileStatement',
  'coursesStatement',
  'blog',
  'post',
  'home',
]);
/** The public pages are asked for as a browser asks for them, which always accepts brotli. */
const BROWSER_PAGES = new Set<Page>(['post', 'home']);
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

const started = performance.now();
const memory: Record<string, { idleMb: number; peakMb: number | null }> = {};
const datasets: Record<string, unknown> = {};
const plans: Record<string, ExplainedQuery[]> = {};

async function app(driver: string, databaseUrl?: string) {
  await withTarget(`app (${driver})`, 'app', databaseUrl, async (target) => {
    datasets[driver] = target.dataset;
    plans[driver] = target.plans ?? [];
    console.log(
      `  ${driver}: data set loaded in ${target.dataset?.seconds.toFixed(1)} s, ` +
        `${JSON.stringify(target.dataset?.counts)}; idle RSS ${target.idleRssMb} MB`,
    );
    let peak: number | null = null;
    for (const [page, scenario] of SCENARIOS) {
      for (const connections of CONNECTIONS) {
        const signedIn = !VISITOR.has(page);
        const headers = BROWSER_PAGES.has(page) ? BROWSER : {};
        const row = await measure(
          target,
          scenario,
          driver,
          target.paths[page]!,
          connections,
          signedIn,
          headers,
        );
        if (row.peakRssMb !== null) peak = Math.max(peak ?? 0, row.peakRssMb);
      }
    }
    memory[driver] = { idleMb: target.idleRssMb, peakMb: peak };
  });
}

console.log(`Kwoon benchmark: ${machine()}; ${SECONDS} s per scenario after a 1 s warm-up`);
await measureHello(CONNECTIONS);
await measureSelect('PGlite', undefined, CONNECTIONS);
await app('PGlite');
await withPostgres(async (url) => {
  await measureSelect('PostgreSQL', url, CONNECTIONS);
  await app('PostgreSQL', url);
});

// ---------------------------------------------------------------------------------------------
// Figures, ratios and targets

const find = (scenario: string, driver: string, connections: number) =>
  rows.find((r) => r.scenario === scenario && r.driver === driver && r.connections === connections);
const hello = (connections: number) => find(HELLO, '-', connections);
const select = (driver: string, connections: number) => find(SELECT, driver, connections);

printTable(
  [
    'scenario',
    'driver',
    'conn',
    'req/s',
    'p50 ms',
    'p99 ms',
    'max ms',
    '>1 s',
    'failed',
    'RSS MB',
    'CPU µs/req',
    'vs hello',
    'vs select',
  ],
  rows.map((row: Row) => [
    row.scenario,
    row.driver,
    String(row.connections),
    String(Math.round(row.requestsPerSecond)),
    String(row.p50),
    String(row.p99),
    String(row.max),
    String(row.overOneSecond),
    String(row.failures),
    String(row.peakRssMb ?? '—'),
    String(row.cpuUsPerRequest ?? '—'),
    ratio(row.requestsPerSecond / (hello(row.connections)?.requestsPerSecond ?? NaN)),
    row.driver === '-'
      ? ''
      : ratio(row.requestsPerSecond / (select(row.driver, row.connections)?.requestsPerSecond ?? NaN)),
  ]),
);

interface Target_ {
  what: string;
  holds: boolean | null;
  reached: string;
}
const targets: Target_[] = [];
function check(
  what: string,
  reached: number | null | undefined,
  limit: number,
  atLeast: boolean,
  unit = '×',
) {
  const value = reached ?? null;
  targets.push({
    what,
    holds: value === null || !Number.isFinite(value) ? null : atLeast ? value >= limit : value <= limit,
    reached:
      value === null || !Number.isFinite(value)
        ? 'not measured'
        : unit === '×'
          ? ratio(value)
          : `${value} ${unit}`,
  });
}
const scenarioOf = (page: Page) => SCENARIOS.find(([p]) => p === page)![1];
const rate = (page: Page, driver: string, connections = 50) =>
  find(scenarioOf(page), driver, connections)?.requestsPerSecond;
const p99 = (page: Page, driver: string, connections = 10) =>
  find(scenarioOf(page), driver, connections)?.p99;
const vsSelect = (page: Page, driver: string) =>
  (rate(page, driver) ?? NaN) / (select(driver, 50)?.requestsPerSecond ?? NaN);

check(
  'features ≥ 0.50× hello world (50 conn, PGlite)',
  (rate('features', 'PGlite') ?? NaN) / (hello(50)?.requestsPerSecond ?? NaN),
  0.5,
  true,
);
check('health ≥ 0.90× the select (50 conn, PGlite)', vsSelect('health', 'PGlite'), 0.9, true);
check('profile ≥ 0.60× the select (50 conn, PGlite)', vsSelect('profile', 'PGlite'), 0.6, true);
check('profile ≥ 0.60× the select (50 conn, PostgreSQL)', vsSelect('profile', 'PostgreSQL'), 0.6, true);
check('profile p99 ≤ 30 ms (50 conn, PostgreSQL)', p99('profile', 'PostgreSQL', 50), 30, false, 'ms');
check('courses ≥ 0.30× the select (50 conn, PostgreSQL)', vsSelect('courses', 'PostgreSQL'), 0.3, true);
check('courses p99 ≤ 50 ms (10 conn, PostgreSQL)', p99('courses', 'PostgreSQL'), 50, false, 'ms');
check('courses ≥ 0.30× the select (50 conn, PGlite)', vsSelect('courses', 'PGlite'), 0.3, true);
check('courses p99 ≤ 150 ms (10 conn, PGlite)', p99('courses', 'PGlite'), 150, false, 'ms');
check(
  'courses: none over 1 s (50 conn, PGlite)',
  find(scenarioOf('courses'), 'PGlite', 50)?.overOneSecond,
  0,
  false,
  'requests',
);
for (const page of ['course', 'progress'] as const) {
  check(`${page} p99 ≤ 50 ms (10 conn, PostgreSQL)`, p99(page, 'PostgreSQL'), 50, false, 'ms');
  check(`${page} p99 ≤ 150 ms (10 conn, PGlite)`, p99(page, 'PGlite'), 150, false, 'ms');
}
for (const driver of ['PGlite', 'PostgreSQL']) {
  for (const [page, limit] of [
    ['blog', 0.06],
    ['post', 0.03],
  ] as const) {
    check(
      `${page} ≥ ${limit}× hello world (50 conn, ${driver})`,
      (rate(page, driver) ?? NaN) / (hello(50)?.requestsPerSecond ?? NaN),
      limit,
      true,
    );
  }
}
check('server RSS idle ≤ 350 MB (PGlite)', memory.PGlite?.idleMb, 350, false, 'MB');
check('server RSS under load ≤ 350 MB (PGlite)', memory.PGlite?.peakMb, 350, false, 'MB');

printTable(
  ['target', 'reached', 'holds'],
  targets.map((t) => [t.what, t.reached, t.holds === null ? '—' : t.holds ? 'yes' : 'NO']),
);

// What writing the features answer costs by itself: the ceiling of the features row.
console.log(
  `features (PGlite, 50 conn): ${ratio((rate('features', 'PGlite') ?? NaN) / (rate('featuresAnswer', 'PGlite') ?? NaN))} ` +
    `of its answer replayed by a bare route, which is ${ratio((rate('featuresAnswer', 'PGlite') ?? NaN) / (hello(50)?.requestsPerSecond ?? NaN))} hello world`,
);
// What a page's own statement allows: the ceiling of its rows above.
for (const [page, ceiling] of [
  ['profile', 'profileStatement'],
  ['courses', 'coursesStatement'],
] as const) {
  for (const driver of ['PGlite', 'PostgreSQL']) {
    const alone = rate(ceiling, driver);
    console.log(
      `${page} (${driver}, 50 conn): ${ratio((rate(page, driver) ?? NaN) / (alone ?? NaN))} of its statement ` +
        `alone, which is ${ratio((alone ?? NaN) / (select(driver, 50)?.requestsPerSecond ?? NaN))} the primary-key select`,
    );
  }
}

printPlans(plans);

const seconds = Math.round((performance.now() - started) / 1000);
const results = path.join(import.meta.dirname, 'results');
await mkdir(results, { recursive: true });
const file = path.join(results, 'latest.json');
await writeFile(
  file,
  JSON.stringify(
    { date: new Date().toISOString(), machine: machine(), seconds, rows, memory, targets, datasets, plans },
    null,
    2,
  ),
);
console.log(`\nWhole run: ${seconds} s. Raw figures: ${path.relative(process.cwd(), file)}`);
const failed = rows.filter((row) => row.failures > 0);
if (failed.length > 0) {
  console.error(
    `Some requests failed (errors, timeouts or non-2xx): ${failed.map((r) => `${r.scenario} (${r.driver})`).join(', ')}`,
  );
  process.exitCode = 1;
}
