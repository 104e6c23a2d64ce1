/**
 * `npm run bench:api`: the real app's request pipeline and course pages at a large school's scale, as
 * ratios to two anchors measured in the same run on the same machine — a bare Fastify hello-world
 * and a bare Fastify route doing one primary-key SELECT on the same engine — at 10 and 50
 * connections, on the embedded PostgreSQL server started for the run (the app's default), then on
 * the PostgreSQL server of BENCH_PG_URL; with the idle memory of the app and its embedded server's
 * processes; then the targets, the query plans, and bench/results/latest.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  EMBEDDED,
  memoryOf,
  POSTGRESQL,
  withEachEngine,
  type Engine,
  type Memory,
  type ServerMemory,
} from './engines';
import { printPlans, type ExplainedQuery } from './explain';
import {
  machine,
  measure,
  printTable,
  ratio,
  rows,
  SECONDS,
  withTarget,
  HELLO,
  measureHello,
  measureSelect,
  SELECT,
  type Row,
  type Target,
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
/** Seconds the app sits idle after its start (and the data load) before its memory is read. */
const IDLE_SECONDS = 5;
const ENGINES = [EMBEDDED, POSTGRESQL] as const;

/**
 * The app's process and its database server's (the embedded server, which the run started): the
 * node process's PSS, plus the server's processes' PSS outside shared memory and its shared memory
 * counted once in full (bench/engines.ts).
 */
interface AppMemory {
  node: Memory;
  database: ServerMemory | null;
  totalMb: number | null;
  /** The same with the server's shared memory as its processes' PSS shows it (pages still mapped). */
  totalPssMb: number | null;
}
const memory: Record<
  string,
  { newSite?: AppMemory; idle: AppMemory; afterLoad: AppMemory; nodePeakRssMb: number | null }
> = {};
let newSite: AppMemory | undefined;
const datasets: Record<string, unknown> = {};
const plans: Record<string, ExplainedQuery[]> = {};

async function appMemory(target: Target, engine: Engine): Promise<AppMemory> {
  const node = await memoryOf(target.child.pid ? [target.child.pid] : []);
  const database = engine.memory ? await engine.memory() : null;
  return {
    node,
    database,
    totalMb: database ? node.pssMb + database.totalMb : null,
    totalPssMb: database ? node.pssMb + database.pssMb : null,
  };
}

function describeMemory(m: AppMemory) {
  const node = `node ${m.node.pssMb} MB PSS (${m.node.rssMb} MB RSS)`;
  if (!m.database) return `${node}; the database server is not the benchmark's`;
  const db = m.database;
  return (
    `${node} + database ${db.totalMb} MB (${db.processes} processes: ${db.pssMb - db.pssShmemMb} MB PSS ` +
    `outside shared memory, ${db.sharedMb} MB of shared memory resident; PSS ${db.pssMb} MB, RSS ${db.rssMb} MB)` +
    ` = ${m.totalMb} MB (by PSS alone ${m.totalPssMb} MB)`
  );
}

async function app(engine: Engine, databaseUrl: string) {
  await withTarget(`app (${engine.name})`, 'app', databaseUrl, async (target) => {
    target.databaseProcesses = engine.processes;
    datasets[engine.name] = target.dataset;
    plans[engine.name] = target.plans ?? [];
    console.log(
      `  ${engine.name}: data set loaded in ${target.dataset?.seconds.toFixed(1)} s, ` +
        `${JSON.stringify(target.dataset?.counts)}`,
    );
    // startTarget has waited a second already.
    await new Promise((resolve) => setTimeout(resolve, (IDLE_SECONDS - 1) * 1000));
    const idle = await appMemory(target, engine);
    console.log(`  ${engine.name}: idle memory after ${IDLE_SECONDS} s: ${describeMemory(idle)}`);
    let peak: number | null = null;
    for (const [page, scenario] of SCENARIOS) {
      for (const connections of CONNECTIONS) {
        const signedIn = !VISITOR.has(page);
        const headers = BROWSER_PAGES.has(page) ? BROWSER : {};
        const row = await measure(
          target,
          scenario,
          engine.name,
          target.paths[page]!,
          connections,
          signedIn,
          headers,
        );
        if (row.peakRssMb !== null) peak = Math.max(peak ?? 0, row.peakRssMb);
      }
    }
    const afterLoad = await appMemory(target, engine);
    console.log(`  ${engine.name}: memory after the load: ${describeMemory(afterLoad)}`);
    memory[engine.name] = { newSite, idle, afterLoad, nodePeakRssMb: peak };
    newSite = undefined;
  });
}

console.log(`Kwoon benchmark: ${machine()}; ${SECONDS} s per scenario after a 1 s warm-up`);
await measureHello(CONNECTIONS);
await withEachEngine(async (engine) => {
  // The app as a new site starts (no data yet), on the embedded server before anything else ran on it.
  if (engine.memory) {
    await engine.withDatabase((url) =>
      withTarget(`app, a new site (${engine.name})`, 'new-site', url, async (target) => {
        await new Promise((resolve) => setTimeout(resolve, (IDLE_SECONDS - 1) * 1000));
        newSite = await appMemory(target, engine);
        console.log(`  ${engine.name}: a new site, idle after ${IDLE_SECONDS} s: ${describeMemory(newSite)}`);
      }),
    );
  }
  await engine.withDatabase(async (url) => {
    await measureSelect(engine, url, CONNECTIONS);
    await app(engine, url);
  });
});

// ---------------------------------------------------------------------------------------------
// Figures, ratios and targets

const find = (scenario: string, engine: string, connections: number) =>
  rows.find((r) => r.scenario === scenario && r.engine === engine && r.connections === connections);
const hello = (connections: number) => find(HELLO, '-', connections);
const select = (engine: string, connections: number) => find(SELECT, engine, connections);
const cell = (value: number | null) => (value === null ? '—' : String(value));

printTable(
  [
    'scenario',
    'engine',
    'conn',
    'req/s',
    'p50 ms',
    'p99 ms',
    'max ms',
    '>1 s',
    'failed',
    'RSS MB',
    'CPU µs/req',
    'DB CPU µs/req',
    'vs hello',
    'vs select',
  ],
  rows.map((row: Row) => [
    row.scenario,
    row.engine,
    String(row.connections),
    String(Math.round(row.requestsPerSecond)),
    String(row.p50),
    String(row.p99),
    String(row.max),
    String(row.overOneSecond),
    String(row.failures),
    cell(row.peakRssMb),
    cell(row.cpuUsPerRequest),
    cell(row.databaseCpuUsPerRequest),
    ratio(row.requestsPerSecond / (hello(row.connections)?.requestsPerSecond ?? NaN)),
    row.engine === '-'
      ? ''
      : ratio(row.requestsPerSecond / (select(row.engine, row.connections)?.requestsPerSecond ?? NaN)),
  ]),
);

console.log(
  "\nMemory of the app (node, PSS) and of its database server (its processes' PSS outside shared memory, " +
    'and its shared memory resident, counted once), from /proc/<pid>/smaps_rollup and map_files:',
);
printTable(
  [
    'engine',
    'when',
    'node PSS (RSS)',
    'database: processes',
    'database: own + shared',
    'total',
    'total by PSS',
  ],
  Object.entries(memory).flatMap(([engine, m]) =>
    (
      [
        ...(m.newSite
          ? [[`a new site (no data), idle ${IDLE_SECONDS} s after start`, m.newSite] as const]
          : []),
        [`the catalogue loaded, idle ${IDLE_SECONDS} s after start`, m.idle],
        ['after the load', m.afterLoad],
      ] as const
    ).map(([when, figures]) => {
      const db = figures.database;
      return [
        engine,
        when,
        `${figures.node.pssMb} (${figures.node.rssMb}) MB`,
        db ? String(db.processes) : "not the benchmark's server",
        db ? `${db.pssMb - db.pssShmemMb} + ${db.sharedMb} MB` : '—',
        figures.totalMb === null ? '—' : `${figures.totalMb} MB`,
        figures.totalPssMb === null ? '—' : `${figures.totalPssMb} MB`,
      ];
    }),
  ),
);

interface Reached {
  what: string;
  engine: string;
  holds: boolean | null;
  reached: string;
}
const targets: Reached[] = [];
/** A target on each engine: `reached(engine)` against `limit`, at least or at most. */
function check(
  what: string,
  reached: (engine: string) => number | null | undefined,
  limit: number,
  atLeast: boolean,
  unit = '×',
) {
  for (const engine of ENGINES) {
    const value = reached(engine) ?? null;
    const measured = value !== null && Number.isFinite(value);
    targets.push({
      what,
      engine,
      holds: !measured ? null : atLeast ? value >= limit : value <= limit,
      reached: !measured ? 'not measured' : unit === '×' ? ratio(value) : `${value} ${unit}`,
    });
  }
}
const scenarioOf = (page: Page) => SCENARIOS.find(([p]) => p === page)![1];
const rate = (page: Page, engine: string, connections = 50) =>
  find(scenarioOf(page), engine, connections)?.requestsPerSecond;
const p99 = (page: Page, engine: string, connections: number) =>
  find(scenarioOf(page), engine, connections)?.p99;
const vsSelect = (page: Page) => (engine: string) =>
  (rate(page, engine) ?? NaN) / (select(engine, 50)?.requestsPerSecond ?? NaN);
const vsHello = (page: Page) => (engine: string) =>
  (rate(page, engine) ?? NaN) / (hello(50)?.requestsPerSecond ?? NaN);
const SIGNED_IN_PAGES = SCENARIOS.map(([page]) => page).filter((page) => !VISITOR.has(page));

check('features ≥ 0.50× hello world (50 conn)', vsHello('features'), 0.5, true);
check('health ≥ 0.90× the select (50 conn)', vsSelect('health'), 0.9, true);
check('profile ≥ 0.60× the select (50 conn)', vsSelect('profile'), 0.6, true);
check('courses ≥ 0.30× the select (50 conn)', vsSelect('courses'), 0.3, true);
check('course ≥ 0.40× the select (50 conn)', vsSelect('course'), 0.4, true);
check('progress ≥ 0.40× the select (50 conn)', vsSelect('progress'), 0.4, true);
for (const [connections, limit] of [
  [10, 50],
  [50, 250],
] as const) {
  for (const page of SIGNED_IN_PAGES) {
    check(
      `${page} p99 ≤ ${limit} ms (${connections} conn)`,
      (e) => p99(page, e, connections),
      limit,
      false,
      'ms',
    );
  }
}
check('profile p99 ≤ 30 ms (50 conn)', (e) => p99('profile', e, 50), 30, false, 'ms');
check('blog ≥ 0.06× hello world (50 conn)', vsHello('blog'), 0.06, true);
check('post ≥ 0.03× hello world (50 conn)', vsHello('post'), 0.03, true);
check(
  'idle memory, node + database server (catalogue loaded) ≤ 250 MB',
  (engine) => memory[engine]?.idle.totalMb,
  250,
  false,
  'MB',
);

const verdict = (t: Reached | undefined) =>
  !t ? '' : `${t.reached}${t.holds === null ? '' : t.holds ? ' — yes' : ' — NO'}`;
printTable(
  ['target', ...ENGINES],
  [...new Set(targets.map((t) => t.what))].map((what) => [
    what,
    ...ENGINES.map((engine) => verdict(targets.find((t) => t.what === what && t.engine === engine))),
  ]),
);

for (const engine of ENGINES) {
  // What writing the features answer costs by itself: the ceiling of the features row.
  console.log(
    `features (${engine}, 50 conn): ${ratio((rate('features', engine) ?? NaN) / (rate('featuresAnswer', engine) ?? NaN))} ` +
      `of its answer replayed by a bare route, which is ${ratio(vsHello('featuresAnswer')(engine))} hello world`,
  );
  // What a page's own statement allows: the ceiling of its rows above.
  for (const [page, ceiling] of [
    ['profile', 'profileStatement'],
    ['courses', 'coursesStatement'],
  ] as const) {
    console.log(
      `${page} (${engine}, 50 conn): ${ratio((rate(page, engine) ?? NaN) / (rate(ceiling, engine) ?? NaN))} of its statement ` +
        `alone, which is ${ratio(vsSelect(ceiling)(engine))} the primary-key select`,
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
    `Some requests failed (errors, timeouts or non-2xx): ${failed.map((r) => `${r.scenario} (${r.engine})`).join(', ')}`,
  );
  process.exitCode = 1;
}
