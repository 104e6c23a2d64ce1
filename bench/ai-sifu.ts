/**
 * `npm run bench:sifu`: AI Sifu on the embedded PostgreSQL server started for the run and on the
 * server of BENCH_PG_URL, at 10 connections — the administrator's
 * analytics and popular questions over 100 000 logged questions (2 000 distinct questions, 2 000
 * askers, the last 60 days), then an enrolled student's questions answered from the answer cache,
 * with the server's own `response_time_ms` of 50 cached answers sampled during the load — as ratios
 * to a bare Fastify hello-world and a bare primary-key SELECT on the same database measured in the
 * same run; then the plans of the analytics' SQL (in full for a call that misses its target), and
 * bench/results/ai-sifu.json.
 *
 * This file is also its own server under test: bundled as bench/target.ts is (bench/lib.ts) and run
 * as `ai-sifu.js target <databaseUrl>` in a child process, it starts the real app, signs up the
 * benchmark student and an administrator, loads the data set and explains the analytics' SQL.
 */
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../server/db/client';
import { withEachEngine, type Engine } from './engines';
import { captureStatements, printPlans, type ExplainedQuery } from './explain';
import {
  bundleForNode,
  measureLoad,
  logDataset,
  machine,
  measure,
  measureHello,
  measureSelect,
  printTable,
  ratio,
  rows,
  rssMb,
  saveResults,
  SECONDS,
  SELECT,
  stopTarget,
  type Row,
  type Target,
  type TargetReady,
} from './lib';

const CONNECTIONS = 10;
/** As bench/lib.ts: one second of warm-up before each measured window. */
const WARMUP_SECONDS = 1;

const QUESTIONS_LOGGED = 100_000;
const DISTINCT_QUESTIONS = 2_000;
const ASKERS = 2_000;
const LOG_DAYS = 60;

/** What the benchmark student asks: once to fill the cache, then again and again under load. */
const QUESTIONS = [
  'How do I sink the shoulders and drop the elbows?',
  'What is zhan zhuang?',
  'How long should I hold santi shi?',
  'What does song mean in standing practice?',
  'How do I breathe into the dantian?',
  'What is silk reeling for?',
  'How do I walk the circle in baguazhang?',
  'Why do my knees ache in horse stance?',
  'What is the difference between jin and li?',
  'How do I keep the head suspended from above?',
] as const;

const SAMPLES = 50;
/** The product's target for an answer from the cache, in the server's own time. */
const CACHED_SERVER_LIMIT_MS = 20;
/** The p99 ceiling of the administrator's calls at 10 connections. */
const ADMIN_P99_LIMIT_MS = 50;

const ANALYTICS = 'GET /api/admin/ai-sifu/analytics (admin)';
const POPULAR = 'GET /api/admin/ai-sifu/popular-questions?limit=20 (admin)';
const CACHED = 'POST /api/ai-sifu/ask, 10 cached questions (student)';

/** What this target tells the benchmark beyond an ordinary target's fields. */
interface SifuReady extends TargetReady {
  adminToken: string;
  courseId: string;
  /** EXPLAIN (ANALYZE, BUFFERS) of each statement of an administrator's call, by scenario. */
  textPlans: Record<string, string[]>;
}
type SifuTarget = Target & SifuReady;

const askBody = (question: string, courseId: string) => JSON.stringify({ question, course_id: courseId });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The nearest-rank percentile of `values`. */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

// ---------------------------------------------------------------- the server under test (child)

const cleanups: (() => Promise<unknown>)[] = [];

/** Signs a user up through the public endpoint, as a visitor would. */
async function signUp(base: string, username: string): Promise<{ id: string; token: string }> {
  const response = await fetch(`${base}/api/create/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Bench ${username}`,
      city: 'Oakland',
      country: 'United States',
      martial_art: 'Taijiquan',
      email: `${username}@example.org`,
      username,
      password: 'bench-password-42',
    }),
  });
  if (response.status !== 201) {
    throw new Error(`POST /api/create/user answered ${response.status}: ${await response.text()}`);
  }
  const body = (await response.json()) as { token: string; user: { id: string } };
  return { id: body.user.id, token: body.token };
}

async function signIn(base: string, username: string): Promise<string> {
  const response = await fetch(`${base}/api/user/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'bench-password-42' }),
  });
  if (response.status !== 200) {
    throw new Error(`POST /api/user/authenticate answered ${response.status}: ${await response.text()}`);
  }
  return ((await response.json()) as { token: string }).token;
}

const LESSONS: [string, string][] = [
  [
    'Standing like a tree (zhan zhuang)',
    'Stand with the feet shoulder-width apart. Sink the shoulders, drop the elbows, keep the head suspended from above. Let the breath settle into the dantian.',
  ],
  [
    'Santi shi, the trinity posture',
    'Hold santi shi a few minutes on each side at first, then longer as the legs grow strong. The front knee stays over the foot.',
  ],
  [
    'Silk reeling',
    'Silk reeling turns the waist and spirals the arms as one. Song, relaxed without collapse, lets the movement pass through the joints.',
  ],
  [
    'Walking the circle',
    'In baguazhang the circle walk keeps the inner palm towards the centre. Step with the mud-wading step, knees close, the body turning around the circle.',
  ],
  [
    'Jin and li',
    'Li is the strength of the muscles; jin is trained force, whole-body and springy, which the forms and standing develop.',
  ],
];

/**
 * The benchmark's course (five lessons the questions draw on), the student's enrolment, 2 000
 * askers and 100 000 logged questions over 2 000 question keys (a long tail: the first keys asked
 * most), a third answered by the provider and the rest from the cache, over the last 60 days; and a
 * cached answer for each key. Set-based SQL, then ANALYZE, as autovacuum would soon after a bulk load.
 */
async function loadSifuData(database: Database, studentId: string) {
  const started = performance.now();
  const steps: string[] = [];
  const run = async (what: string, statement: string) => {
    const before = performance.now();
    let result: unknown;
    // A bulk load of this size may run longer than the server's statement timeout allows a request.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      result = await tx.execute(sql.raw(statement));
    });
    steps.push(`${what}: ${((performance.now() - before) / 1000).toFixed(1)} s`);
    return (result as { rows: Record<string, unknown>[] }).rows;
  };
  const [course] = await run(
    'insert into courses',
    `insert into courses (title, description, instructor_name, category, skill_level, estimated_hours,
       prerequisites, learning_objectives, is_published)
     values ('Bench course: internal foundations', 'Standing, silk reeling and the circle walk',
       'Bench Instructor', 'Taijiquan', 'beginner', 10, 'Patience', E'Stand\\nStep\\nBreathe', true)
     returning id`,
  );
  const courseId = String(course!.id);
  const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
  const lessons = LESSONS.map(([title, text], i) => `(${i + 1}, ${quote(title)}, ${quote(text)})`).join(', ');
  await run(
    'insert into modules, lessons, enrollments',
    `with m as (
       insert into modules (course_id, title, description, order_sequence)
       values ('${courseId}', 'Foundations', 'Generated module', 1) returning id
     ), l as (
       insert into lessons (module_id, title, lesson_type, content_text, duration_minutes, order_sequence)
       select m.id, t.title, 'article', t.body, 10, t.n from m, (values ${lessons}) t(n, title, body)
     )
     insert into enrollments (user_id, course_id, source, progress, start_date, created_at)
     values ('${studentId}', '${courseId}', 'free', 0, now(), now())`,
  );
  await run(
    'insert into users',
    `insert into users (name, email, username, password_hash, city, country, martial_art)
     select 'Asker ' || g, 'sifu-asker-' || g || '@example.org', 'sifu_asker_' || g, 'not-a-real-hash',
       'Oakland', 'United States', 'Taijiquan'
     from generate_series(1, ${ASKERS}) g`,
  );
  // k: a permutation of g (100 003 is prime) cubed, so key 1 is asked most and every key some.
  await run(
    'insert into ai_questions',
    `insert into ai_questions (user_id, course_id, question_key, question_text, cached, provider, cost_cents,
       input_tokens, output_tokens, response_time_ms, created_at)
     select u.ids[1 + s.g % ${ASKERS}], '${courseId}', 'bench question ' || s.k,
       case when s.g % 2 = 0 then 'Bench question ' || s.k || '?' else 'bench question ' || s.k end,
       s.g % 3 <> 0, case when s.g % 3 <> 0 then 'cache' else 'local' end,
       case when s.g % 3 <> 0 then 0 else 0.02 end,
       case when s.g % 3 <> 0 then 0 else 800 end, case when s.g % 3 <> 0 then 0 else 300 end,
       case when s.g % 3 <> 0 then 2 + s.g % 10 else 200 + s.g % 800 end,
       now() - ((s.g::bigint * 104729) % (${LOG_DAYS} * 86400)) * interval '1 second'
     from (
       select g, 1 + floor(${DISTINCT_QUESTIONS} * power(((g::bigint * 7919) % 100003) / 100003.0, 3))::int as k
       from generate_series(1, ${QUESTIONS_LOGGED}) g
     ) s
     cross join (select array_agg(id order by email) as ids from users where email like 'sifu-asker-%') u`,
  );
  await run(
    'insert into ai_answer_cache',
    `insert into ai_answer_cache (course_id, question_key, response_text, sources, hits, created_at, last_hit_at)
     select '${courseId}', 'bench question ' || k, 'A kept answer for the benchmark.',
       '{"terms_used":[],"manual_sections":[],"classical_references":[],"lessons_used":[]}'::jsonb,
       (k * 13) % 200, now() - interval '${LOG_DAYS} days', now()
     from generate_series(1, ${DISTINCT_QUESTIONS}) k`,
  );
  await run('analyze', 'analyze');
  const counted = await database.db.execute(
    sql`select (select count(*) from ai_questions)::int as ai_questions,
       (select count(distinct question_key) from ai_questions)::int as question_keys,
       (select count(distinct user_id) from ai_questions)::int as askers,
       (select count(*) from ai_answer_cache)::int as ai_answer_cache,
       (select count(*) from users)::int as users`,
  );
  const [counts] = (counted as { rows: Record<string, unknown>[] }).rows;
  return {
    courseId,
    dataset: {
      seconds: (performance.now() - started) / 1000,
      steps,
      counts: Object.fromEntries(Object.entries(counts!).map(([key, value]) => [key, Number(value)])),
    },
  };
}

/** EXPLAIN (ANALYZE, BUFFERS) of each statement `work` sends, as text, on the same connection. */
async function planText(database: Database, work: (db: Db) => Promise<unknown>): Promise<string[]> {
  const { client, captured } = await captureStatements(database, work);
  const plans: string[] = [];
  for (const query of captured) {
    const result = await client.query<Record<string, unknown>>(
      `explain (analyze, buffers) ${query.sql}`,
      query.params,
    );
    plans.push(result.rows.map((row) => String(Object.values(row)[0])).join('\n'));
  }
  return plans;
}

/** The real app as `server/main.ts` builds it, in production mode, with the data set loaded. */
async function serveTarget(databaseUrl: string): Promise<SifuReady> {
  const [
    { buildApp },
    { loadConfig, postgresOptions },
    { openDatabase },
    { createAnalyticsRepo },
    { ACTIVE_USER_DAYS },
    { addDays, dayBounds, schoolDate },
    { DAILY_USAGE_DAYS, POPULAR_QUESTIONS_DEFAULT_LIMIT },
    { explainEndpoint },
  ] = await Promise.all([
    import('../server/app'),
    import('../server/config'),
    import('../server/db/client'),
    import('../server/modules/ai-sifu/analytics/analytics.repo'),
    import('../server/modules/ai-sifu/analytics/analytics.service'),
    import('../common/school-time'),
    import('../common/ai-sifu'),
    import('./explain'),
  ]);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kwoon-bench-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    AI_PROVIDER: 'local',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    AI_SIFU_RATE_LIMIT_PER_MINUTE: '100000000',
    AI_SIFU_COURSE_MONTHLY_LIMIT: '100000000',
    DATABASE_URL: databaseUrl,
  });
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    postgres: postgresOptions(config),
  });
  cleanups.unshift(() => database.close());
  await database.migrate();
  // Logs at the production level to stdout, which the benchmark points at /dev/null.
  const app = await buildApp({ config, database });
  cleanups.unshift(() => app.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The server has no TCP address');
  const base = `http://127.0.0.1:${address.port}`;

  const student = await signUp(base, 'bench_student');
  const admin = await signUp(base, 'bench_admin');
  await database.db.execute(sql`update users set is_admin = true where id = ${admin.id}`);
  const adminToken = await signIn(base, 'bench_admin');
  const { courseId, dataset } = await loadSifuData(database, student.id);

  // The days and the active users' window as the analytics service works them out.
  const now = new Date();
  const today = schoolDate(now, config.SCHOOL_TIMEZONE);
  const days = Array.from({ length: DAILY_USAGE_DAYS }, (_, i) => {
    const date = addDays(today, -i);
    return { date, ...dayBounds(date, config.SCHOOL_TIMEZONE) };
  });
  const activeSince = new Date(now.getTime() - ACTIVE_USER_DAYS * 86_400_000);
  const work: Record<string, (db: Db) => Promise<unknown>> = {
    [ANALYTICS]: async (db) => {
      const repo = createAnalyticsRepo(db);
      await repo.totals(activeSince, days);
      await repo.popular(POPULAR_QUESTIONS_DEFAULT_LIMIT);
    },
    [POPULAR]: (db) => createAnalyticsRepo(db).popular(20),
  };
  const plans: ExplainedQuery[] = [];
  const textPlans: Record<string, string[]> = {};
  for (const [scenario, run] of Object.entries(work)) {
    plans.push(...(await explainEndpoint(database, scenario.replace(/ \(admin\)$/, ''), run)));
    textPlans[scenario] = await planText(database, run);
  }
  return {
    base,
    token: student.token,
    adminToken,
    courseId,
    dataset,
    plans,
    textPlans,
    paths: {
      ask: '/api/ai-sifu/ask',
      usage: '/api/ai-sifu/usage',
      analytics: '/api/admin/ai-sifu/analytics',
      popular: '/api/admin/ai-sifu/popular-questions?limit=20',
    },
  };
}

async function runTarget(databaseUrl: string) {
  const stop = async () => {
    for (const cleanup of cleanups) await cleanup().catch(() => {});
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('disconnect', () => void stop());
  try {
    process.send?.({ type: 'ready', ...(await serveTarget(databaseUrl)) });
  } catch (error) {
    process.send?.({ type: 'failed', message: error instanceof Error ? error.stack : String(error) });
    await stop();
  }
}

// ---------------------------------------------------------------- the benchmark (parent)

const BUNDLE_DIR = path.join(import.meta.dirname, 'results', 'ai-sifu-target');

/** This file bundled as the server is for production, so the target runs on plain Node. */
const bundleSelf = () => bundleForNode(path.join(import.meta.dirname, 'ai-sifu.ts'), BUNDLE_DIR);

/** Starts the bundled target on `databaseUrl`, runs `run`, stops it. */
async function withSifu(
  bundle: string,
  name: string,
  databaseUrl: string,
  run: (target: SifuTarget) => Promise<void>,
) {
  const child = fork(bundle, ['target', databaseUrl], {
    // The server's log lines go to stdout as in production; here that is /dev/null.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ready = await new Promise<SifuReady>((resolve, reject) => {
    child.once('message', (message: { type: string; message?: string } & SifuReady) => {
      if (message.type === 'ready') resolve(message);
      else reject(new Error(`${name} failed to start: ${message.message}`));
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code} before it was ready`)));
  });
  await sleep(1000);
  const target: SifuTarget = { ...ready, name, child, idleRssMb: (await rssMb(child.pid)) ?? 0 };
  try {
    await run(target);
  } finally {
    await stopTarget(target);
  }
}

interface AskAnswer {
  status: number;
  cached: boolean;
  serverMs: number;
  clientMs: number;
}

async function askOnce(app: SifuTarget, question: string): Promise<AskAnswer> {
  const sent = performance.now();
  const response = await fetch(`${app.base}${app.paths.ask}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json' },
    body: askBody(question, app.courseId),
  });
  const body = (await response.json()) as { data?: { cached: boolean; response_time_ms: number } };
  return {
    status: response.status,
    cached: body.data?.cached === true,
    serverMs: body.data?.response_time_ms ?? NaN,
    clientMs: performance.now() - sent,
  };
}

/** The student asks each question once (answered by the provider, then kept), then checks it is kept. */
async function warmCache(app: SifuTarget): Promise<string[]> {
  const problems: string[] = [];
  for (const question of QUESTIONS) {
    const first = await askOnce(app, question);
    const again = await askOnce(app, question);
    if (first.status !== 200 || again.status !== 200 || first.cached || !again.cached) {
      problems.push(
        `"${question}": ${first.status} cached ${first.cached}, then ${again.status} cached ${again.cached}`,
      );
    }
  }
  return problems;
}

/**
 * As bench/lib.ts `measure`, for the ask call: each connection posts the questions in turn, as
 * the student; warm-up, then the measured window with the child's memory sampled.
 */
async function measureAsk(app: SifuTarget, engine: string): Promise<{ row: Row; total: number }> {
  const options = {
    url: `${app.base}${app.paths.ask}`,
    method: 'POST',
    headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json' },
    requests: QUESTIONS.map((q) => ({
      method: 'POST',
      path: app.paths.ask!,
      body: askBody(q, app.courseId),
    })),
    connections: CONNECTIONS,
    workers: 1,
    timeout: 10,
  };
  const { row, result } = await measureLoad(app, options, CACHED, engine, CONNECTIONS);
  return { row, total: result.requests.total + result.errors };
}

/** SAMPLES cached answers asked one after another, spread over the measured window of the load. */
async function sampleDuringLoad(app: SifuTarget): Promise<AskAnswer[]> {
  await sleep(WARMUP_SECONDS * 1000 + 500);
  const spacing = ((SECONDS - 0.75) * 1000) / SAMPLES;
  const begin = performance.now();
  const samples: AskAnswer[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const wait = begin + i * spacing - performance.now();
    if (wait > 0) await sleep(wait);
    samples.push(await askOnce(app, QUESTIONS[i % QUESTIONS.length]!));
  }
  return samples;
}

interface ServerTimes {
  engine: string;
  samples: number;
  notCached: number;
  serverP50: number;
  serverP99: number;
  serverMax: number;
  clientP50: number;
  clientP99: number;
  /** The student's own allowance in the course after the run: only the first asks may count. */
  allowanceUsed: number | null;
  cachedAnswersServed: number;
}

async function allowanceUsed(app: SifuTarget): Promise<number | null> {
  const response = await fetch(`${app.base}${app.paths.usage}`, {
    headers: { authorization: `Bearer ${app.token}` },
  });
  const body = (await response.json()) as { courses?: { course_id: string; used: number }[] };
  return body.courses?.find((course) => course.course_id === app.courseId)?.used ?? null;
}

async function runBench() {
  const started = performance.now();
  const plans: Record<string, ExplainedQuery[]> = {};
  const textPlans: Record<string, Record<string, string[]>> = {};
  const datasets: Record<string, unknown> = {};
  const serverTimes: ServerTimes[] = [];
  const problems: string[] = [];

  console.log(`Kwoon AI Sifu benchmark: ${machine()}; ${SECONDS} s per scenario after a 1 s warm-up`);
  const bundle = await bundleSelf();
  const [helloRow] = await measureHello([CONNECTIONS]);

  const onEngine = async (engine: Engine, url: string) => {
    const name = engine.name;
    await measureSelect(engine, url, [CONNECTIONS]);
    await withSifu(bundle, `AI Sifu (${name})`, url, async (app) => {
      app.databaseProcesses = engine.processes;
      datasets[name] = app.dataset;
      plans[name] = app.plans ?? [];
      textPlans[name] = app.textPlans;
      logDataset(app.dataset);
      const admin = { authorization: `Bearer ${app.adminToken}` };
      await measure(app, ANALYTICS, name, app.paths.analytics!, CONNECTIONS, false, admin);
      await measure(app, POPULAR, name, app.paths.popular!, CONNECTIONS, false, admin);

      const warming = await warmCache(app);
      problems.push(...warming.map((problem) => `${name}: ${problem}`));
      const [{ total }, samples] = await Promise.all([measureAsk(app, name), sampleDuringLoad(app)]);
      const server = samples.filter((s) => s.cached).map((s) => s.serverMs);
      const client = samples.map((s) => s.clientMs);
      serverTimes.push({
        engine: name,
        samples: samples.length,
        notCached: samples.filter((s) => !s.cached).length,
        serverP50: percentile(server, 50),
        serverP99: percentile(server, 99),
        serverMax: Math.max(...server),
        clientP50: Math.round(percentile(client, 50) * 10) / 10,
        clientP99: Math.round(percentile(client, 99) * 10) / 10,
        allowanceUsed: await allowanceUsed(app),
        cachedAnswersServed: total,
      });
    });
  };
  await withEachEngine((engine) => engine.withDatabase((url) => onEngine(engine, url)));

  const selectRate = (engine: string) =>
    rows.find((row) => row.scenario === SELECT && row.engine === engine)?.requestsPerSecond ?? NaN;
  const timesOf = (engine: string) => serverTimes.find((times) => times.engine === engine);
  const verdict = (row: Row): string => {
    if (row.scenario === CACHED) {
      const times = timesOf(row.engine);
      if (!times) return '';
      const holds = times.serverP99 < CACHED_SERVER_LIMIT_MS && times.notCached === 0;
      return `server p99 ${times.serverP99} < ${CACHED_SERVER_LIMIT_MS} ms: ${holds ? 'yes' : 'NO'}`;
    }
    if (row.scenario === ANALYTICS || row.scenario === POPULAR) {
      const limit = ADMIN_P99_LIMIT_MS;
      return `p99 ≤ ${limit} ms: ${row.p99 <= limit ? 'yes' : 'NO'}`;
    }
    return '';
  };
  printTable(
    ['scenario', 'engine', 'conn', 'req/s', 'p50 ms', 'p99 ms', 'failed', 'vs hello', 'vs select', 'target'],
    rows.map((row) => [
      row.scenario,
      row.engine,
      String(row.connections),
      String(Math.round(row.requestsPerSecond)),
      String(row.p50),
      String(row.p99),
      String(row.failures),
      ratio(row.requestsPerSecond / helloRow!.requestsPerSecond),
      row.engine === '-' ? '' : ratio(row.requestsPerSecond / selectRate(row.engine)),
      verdict(row),
    ]),
  );

  console.log(
    `\nCached answers: the server's response_time_ms of ${SAMPLES} cached answers asked one at a time ` +
      `during the ${CONNECTIONS}-connection load, and the same requests' time seen by the client:`,
  );
  printTable(
    [
      'engine',
      'server p50',
      'server p99',
      'server max',
      'client p50',
      'client p99',
      'not cached',
      'allowance used',
    ],
    serverTimes.map((times) => [
      times.engine,
      `${times.serverP50} ms`,
      `${times.serverP99} ms`,
      `${times.serverMax} ms`,
      `${times.clientP50} ms`,
      `${times.clientP99} ms`,
      String(times.notCached),
      `${times.allowanceUsed} (${QUESTIONS.length} first asks; ${times.cachedAnswersServed} cached not counted)`,
    ]),
  );

  console.log(
    'response_time_ms of a cached answer is taken before its cache statement (ask.service.ts): it covers ' +
      'the course and enrolment check, not the statement that reads the answer and writes the history; ' +
      "the client's time includes that statement and the queue of the load.",
  );

  console.log('\nTargets:');
  for (const times of serverTimes) {
    const holds = times.serverP99 < CACHED_SERVER_LIMIT_MS && times.notCached === 0;
    console.log(
      `- a cached answer in < ${CACHED_SERVER_LIMIT_MS} ms of server time (${times.engine}): ` +
        `p50 ${times.serverP50} ms, p99 ${times.serverP99} ms — ${holds ? 'holds' : 'MISSED'}`,
    );
  }
  const missed: Row[] = [];
  for (const row of rows.filter((r) => r.scenario === ANALYTICS || r.scenario === POPULAR)) {
    const limit = ADMIN_P99_LIMIT_MS;
    const holds = row.p99 <= limit;
    if (!holds) missed.push(row);
    console.log(
      `- ${row.scenario} p99 ≤ ${limit} ms (${row.engine}): p99 ${row.p99} ms — ${holds ? 'holds' : 'MISSED'}`,
    );
  }
  for (const problem of problems) console.log(`- not answered from the cache as expected: ${problem}`);

  printPlans(plans);
  // bench/explain.ts flags the catalogue's and messaging's big tables; here the big table is the log.
  for (const [engine, queries] of Object.entries(plans)) {
    const scanned = queries.filter((query) =>
      query.scans.some((scan) => scan.node === 'Seq Scan' && scan.table === 'ai_questions'),
    );
    if (scanned.length > 0) {
      console.log(
        `\n${engine}: ${scanned.length} statements read all of ai_questions (Seq Scan): ` +
          scanned.map((query) => `${query.endpoint} ${query.executionMs.toFixed(1)} ms`).join('; '),
      );
    }
  }
  for (const row of missed) {
    console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of ${row.scenario} on ${row.engine}, which missed its target:`);
    for (const plan of textPlans[row.engine]?.[row.scenario] ?? []) console.log(`\n${plan}`);
  }

  await saveResults('ai-sifu.json', started, { datasets, serverTimes, plans, textPlans, problems });
  if (rows.some((row) => row.failures > 0) || problems.length > 0) process.exitCode = 1;
}

const [mode, databaseUrl] = process.argv.slice(2);
if (mode === 'target') await runTarget(databaseUrl!);
else await runBench();
