/**
 * One server under test, in a child process of `npm run bench` so that its resident memory is its
 * own and the load generator does not share its event loop. `argv[2]` says which:
 * - `hello`: a bare Fastify hello-world, the framework's limit;
 * - `select`: a bare Fastify route doing one primary-key SELECT over `pg` on the database whose URL
 *   is `argv[3]` — the database's limit;
 * - `app`: the real app (`buildApp`, every plugin and module) on the given database, with the course
 *   data set loaded, the benchmark student signed up and the SQL of each page explained;
 * - `new-site`: the same with no data set: the app as a new site starts;
 * - `media`: the real app on its own embedded PostgreSQL server in a temporary DATA_DIR, as
 *   `npm start` runs it, with an administrator signed in, keeping media on local disk or, given an
 *   S3 endpoint in `argv[3]`, in its bucket (`npm run bench:upload`);
 * - `s3rver`: an S3-compatible server with the bucket `media` uses, in a process of its own;
 * - `events`: the real app on the given database with `BENCH_STREAMS` students signed in,
 *   publishing one live event to each of them when the parent asks (`npm run bench:events`).
 * - `messages`: the real app on the given database with the messaging data set loaded and the SQL
 *   of the conversation list, a conversation's newest page and the unread count explained
 *   (`npm run bench:messages`).
 * - `search`: the real app on the given database with the course data set and the search
 *   additions loaded, and the SQL of a student's and an admin's search explained
 *   (`npm run bench:search`).
 * It tells the parent its address (and what the scenarios need) over IPC, then serves until killed.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Database } from '../server/db/client';
import type { SearchView } from '../server/modules/search/search.repo';
import { BENCH_BUCKET } from './bucket';
import type { TargetReady } from './lib';

// The second argument is a database URL, or for `media` an S3 endpoint.
const [kind = 'hello', databaseUrl] = process.argv.slice(2);
const cleanups: (() => Promise<unknown>)[] = [];

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The server has no TCP address');
  return `http://127.0.0.1:${address.port}`;
}

async function temporaryDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kwoon-bench-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function helloWorld(): Promise<TargetReady> {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  return { base: await listen(app), paths: { hello: '/' } };
}

const ITEMS = 1000;

/**
 * One primary-key SELECT per request on a small table, with nothing else on the way: a pool of
 * the app's default size (DB_POOL_MAX), the statement prepared.
 */
async function primaryKeySelect(): Promise<TargetReady> {
  if (!databaseUrl) throw new Error('The select target needs a database URL');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  cleanups.push(() => pool.end());
  await pool.query('drop table if exists items');
  await pool.query(`create table items (id integer primary key, name text not null)`);
  await pool.query(`insert into items select g, 'item ' || g from generate_series(1, ${ITEMS}) g`);
  const select = 'select id, name from items where id = $1';
  const query = async (id: number) =>
    (await pool.query({ name: 'item', text: select, values: [id] })).rows as unknown[];
  const app = Fastify({ logger: false });
  app.get<{ Params: { id: string } }>('/items/:id', async (request) => {
    const [row] = await query(Number(request.params.id));
    return row;
  });
  return { base: await listen(app), paths: { select: `/items/${ITEMS / 2}` } };
}

/** Creates the benchmark's user through the public sign-up endpoint, as a visitor would. */
async function signUp(base: string): Promise<{ id: string; token: string }> {
  const response = await fetch(`${base}/api/create/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench Student',
      city: 'Oakland',
      country: 'United States',
      martial_art: 'Taijiquan',
      email: 'bench@example.org',
      username: 'bench_student',
      password: 'bench-password-42',
    }),
  });
  if (response.status !== 201) {
    throw new Error(`POST /api/create/user answered ${response.status}: ${await response.text()}`);
  }
  const body = (await response.json()) as { token: string; user: { id: string } };
  return { id: body.user.id, token: body.token };
}

/** A published course the benchmark student is enrolled in. */
async function enrolledCourse(database: Database, userId: string): Promise<string> {
  const { sql } = await import('drizzle-orm');
  const result = await database.db.execute(
    sql`select e.course_id from enrollments e join courses c on c.id = e.course_id
        where e.user_id = ${userId} and c.is_published order by e.course_id limit 1`,
  );
  const row = (result as { rows: { course_id: string }[] }).rows[0];
  if (!row) throw new Error('The benchmark student has no published enrolment');
  return row.course_id;
}

/**
 * The real app (`buildApp`, every plugin and module) at the production log level, on a migrated
 * database — DATABASE_URL when `settings` gives one, else the embedded server in DATA_DIR — with
 * the pool `server/main.ts` sets up, and the benchmark's user signed up. Imported here only, so
 * the anchors' processes hold none of it in memory.
 */
async function startRealApp(settings: Record<string, string>) {
  const [{ buildApp }, { loadConfig, postgresOptions }, { openDatabase }] = await Promise.all([
    import('../server/app'),
    import('../server/config'),
    import('../server/db/client'),
  ]);
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    SEED_DEMO: 'false',
    DATA_DIR: await temporaryDir(),
    // The pool's size as `npm start` takes it: DB_POOL_MAX from the environment, else the default.
    ...(process.env.DB_POOL_MAX ? { DB_POOL_MAX: process.env.DB_POOL_MAX } : {}),
    ...settings,
  });
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    postgres: postgresOptions(config),
    ownServer: true,
  });
  // Before the temporary DATA_DIR goes: the embedded server, if it is one, stops first.
  cleanups.unshift(() => database.close());
  await database.migrate();
  // Logs at the production level to stdout, which the benchmark points at /dev/null.
  const app = await buildApp({ config, database });
  cleanups.unshift(() => app.close());
  const base = await listen(app);
  const { id, token } = await signUp(base);
  return { app, database, base, id, token };
}

/** The newest published post of the data set (bench/course-data.ts), for the post page. */
const BENCH_POST = 'bench-post-1';

/** The real app with the course data set loaded and the SQL of each page explained. */
async function realApp(loadData = process.env.BENCH_DATA !== '0'): Promise<TargetReady> {
  const [
    { createBlogRepo },
    { createCoursesRepo },
    { createEnrollmentsRepo },
    { createUsersRepo },
    { createProgressRepo },
    { createSessionStore },
    { systemClock },
    { loadCourseData },
    { explainEndpoint },
  ] = await Promise.all([
    import('../server/modules/blog/blog.repo'),
    import('../server/modules/courses/courses.repo'),
    import('../server/modules/enrollments/enrollments.repo'),
    import('../server/modules/users/users.repo'),
    import('../server/modules/progress/progress.repo'),
    import('../server/platform/auth'),
    import('../server/platform/clock'),
    import('./course-data'),
    import('./explain'),
  ]);
  const { database, base, id, token } = await startRealApp({
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const pipeline = {
    features: '/api/features',
    health: '/api/health',
    profile: `/api/user/${id}/profile`,
  };
  // Profiling a page that does not read the catalogue can skip loading it.
  if (!loadData) return { base, token, paths: pipeline };
  const dataset = await loadCourseData(database);
  const courseId = await enrolledCourse(database, id);
  // The profile's one statement, as the users service sends it.
  const readProfile = (db: Database['db']) =>
    createUsersRepo(db).findWithCourses(id, new Date(), (userId) =>
      createEnrollmentsRepo(db)
        .coursesJson(userId)
        .mapWith(() => []),
    );
  const plans = [
    ...(await explainEndpoint(database, 'every signed-in request: session', (db) =>
      createSessionStore(db, systemClock).resolve(token),
    )),
    ...(await explainEndpoint(database, 'profile', readProfile)),
    ...(await explainEndpoint(database, 'courses', (db) =>
      createCoursesRepo(db).list(id, { publishedOnly: false }, { limit: 50, offset: 0 }),
    )),
    ...(await explainEndpoint(database, 'course', async (db) => {
      const repo = createCoursesRepo(db);
      await repo.summary(id, courseId);
      await repo.content(courseId);
    })),
    ...(await explainEndpoint(database, 'blog', (db) =>
      createBlogRepo(db).list({ status: 'published' }, { limit: 10, offset: 0 }),
    )),
    ...(await explainEndpoint(database, 'post', (db) => createBlogRepo(db).findPublishedBySlug(BENCH_POST))),
    ...(await explainEndpoint(database, 'progress', async (db) => {
      await createCoursesRepo(db).find(courseId);
      await createProgressRepo(db).listCompleted(id, courseId, { limit: 50, offset: 0 });
    })),
  ];
  return {
    base,
    token,
    dataset,
    plans,
    paths: {
      ...pipeline,
      featuresAnswer: await answerAlone(`${base}/api/features`),
      profileStatement: await statementAlone(database, readProfile, 'bench_profile'),
      courses: '/api/courses',
      coursesStatement: await statementAlone(
        database,
        (db) => createCoursesRepo(db).enrolmentsOf(id),
        'bench_enrolments',
        await (await fetch(`${base}/api/courses`, { headers: { authorization: `Bearer ${token}` } })).text(),
      ),
      course: `/api/courses/${courseId}`,
      progress: `/api/user/${id}/course/${courseId}/lessons/progress`,
      blog: '/api/blog/posts?limit=10',
      post: `/blog/${BENCH_POST}`,
      home: '/',
    },
  };
}

/**
 * A page's own statement, as the app sends it, through a bare Fastify route on the app's database
 * (prepared under `name`, as the app prepares it): the most the page can reach with no plugins, no
 * session and no mapping. The route answers the statement's first row, or `body`,
 * the app's own answer sent as it is, when given. Answers at the absolute URL it returns.
 */
async function statementAlone(
  database: Database,
  read: (db: Database['db']) => Promise<unknown>,
  name: string,
  body?: string,
): Promise<string> {
  const { captureStatements } = await import('./explain');
  const { client, captured } = await captureStatements(database, read);
  const [statement] = captured;
  if (!statement) throw new Error(`${name} sent no statement`);
  const run = () => client.query({ name, text: statement.sql, values: statement.params });
  const bare = Fastify({ logger: false });
  bare.get('/', async (_request, reply) => {
    const { rows } = await run();
    return body === undefined ? rows[0] : reply.type('application/json').send(body);
  });
  cleanups.unshift(() => bare.close());
  return `${await listen(bare)}/`;
}

/** Headers a server sets for each answer itself; the rest of an answer's headers are replayed. */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * The app's answer at `url` — its status, headers and body — replayed by a bare Fastify route: what
 * writing that answer costs (the server's and the load generator's share of the same bytes) with
 * no plugins, hooks or handler. Answers at the absolute URL it returns.
 */
async function answerAlone(url: string): Promise<string> {
  const response = await fetch(url);
  const body = Buffer.from(await response.arrayBuffer());
  const headers = Object.fromEntries(
    [...response.headers].filter(([name]) => !PER_ANSWER.has(name) && name !== 'content-encoding'),
  );
  const bare = Fastify({ logger: false });
  bare.get('/', (_request, reply) => reply.code(response.status).headers(headers).send(body));
  cleanups.unshift(() => bare.close());
  return `${await listen(bare)}/`;
}

/** The real app as for uploads: no catalogue, an administrator (lesson videos are theirs). */
async function mediaApp(s3Endpoint: string | undefined): Promise<TargetReady> {
  const { sql } = await import('drizzle-orm');
  const { database, base, id, token } = await startRealApp(
    s3Endpoint ? { MEDIA_STORAGE: 's3', S3_ENDPOINT: s3Endpoint, ...BENCH_BUCKET } : {},
  );
  await database.db.execute(sql`update users set is_admin = true where id = ${id}`);
  return { base, token, paths: { upload: '/api/uploads' } };
}

/** The real app with the messaging data set: the benchmark student's list, newest page and count. */
async function messagesApp(): Promise<TargetReady> {
  const [{ createMessagesRepo }, { loadMessageData }, { explainEndpoint }] = await Promise.all([
    import('../server/modules/messages/messages.repo'),
    import('./message-data'),
    import('./explain'),
  ]);
  const { database, base, id, token } = await startRealApp({
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const dataset = await loadMessageData(database);
  const viewer = { id, is_admin: false };
  const repo = (db: Database['db']) => createMessagesRepo(db);
  const { rows } = await repo(database.db).listConversations(viewer, { limit: 1, offset: 0 });
  const conversationId = rows[0]!.conversation.id;
  const plans = [
    ...(await explainEndpoint(database, 'conversations', (db) =>
      repo(db).listConversations(viewer, { limit: 50, offset: 0 }),
    )),
    ...(await explainEndpoint(database, 'messages', (db) =>
      repo(db).messagePage(conversationId, viewer, { limit: 50, offset: 0 }),
    )),
    ...(await explainEndpoint(database, 'unread', (db) => repo(db).unreadCount(viewer))),
  ];
  return {
    base,
    token,
    dataset,
    plans,
    paths: {
      conversations: `/api/users/${id}/conversations`,
      messages: `/api/conversations/${conversationId}/messages`,
      unread: `/api/users/${id}/messages/unread-count`,
    },
  };
}

/** Queries the header sends: a typo, partial words, pinyin, older spellings, Chinese characters. */
const SEARCH_QUERIES = [
  'baguazang',
  'xingyi',
  'circle walk',
  '站桩',
  'tai chi push hands',
  'Hsing-I santi',
  'dantian breathing',
  '形意拳',
  'palm chang',
  'silk reel',
] as const;

/**
 * The real app with the course data set and the search additions, as the benchmark student;
 * `settings` for the app's configuration (CATALOGUE_CACHE_SECONDS '0': every search read afresh).
 */
async function searchApp(settings: Record<string, string> = {}): Promise<TargetReady> {
  const [{ createSearchRepo }, { planSearch }, { loadCourseData }, { loadSearchData }, { explainEndpoint }] =
    await Promise.all([
      import('../server/modules/search/search.repo'),
      import('../server/modules/search/search.service'),
      import('./course-data'),
      import('./search-data'),
      import('./explain'),
    ]);
  const { database, base, id, token } = await startRealApp({
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    SEARCH_RATE_LIMIT_PER_MINUTE: '1000000',
    ...settings,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const courses = await loadCourseData(database);
  const additions = await loadSearchData(database);
  const dataset = {
    seconds: courses.seconds + additions.seconds,
    steps: [...courses.steps, ...additions.steps],
    counts: { ...courses.counts, ...additions.counts },
  };
  const plans = [];
  for (const [q, isAdmin] of [
    ['baguazang', false],
    ['站桩', false],
    ['dantian breathing', false],
    ['xingyi', true],
  ] as const) {
    const { plan } = planSearch(q);
    const query = await createSearchRepo(database.db).parse(plan);
    const view: SearchView = isAdmin ? 'admin' : 'members';
    plans.push(
      ...(await explainEndpoint(database, `search "${q}" (${view}): words`, (db) =>
        createSearchRepo(db).matches(view, query, q, 10),
      )),
      ...(await explainEndpoint(database, `search "${q}" (${view}): typos`, (db) =>
        createSearchRepo(db).typos(view, plan.words, 10),
      )),
    );
    if (!isAdmin) {
      plans.push(
        ...(await explainEndpoint(database, `search "${q}" (student): own courses`, (db) =>
          createSearchRepo(db).own(id, query, 10),
        )),
      );
    }
  }
  const paths: Record<string, string> = {};
  SEARCH_QUERIES.forEach((q, i) => (paths[`q${i}`] = `/api/search?q=${encodeURIComponent(q)}&limit=10`));
  return { base, token, dataset, plans, paths };
}

/** s3rver on a free port, keeping its objects in a temporary folder, with the benchmark's bucket. */
async function s3Server(): Promise<TargetReady> {
  const [{ default: S3rver }, { CreateBucketCommand, S3Client }] = await Promise.all([
    import('s3rver'),
    import('@aws-sdk/client-s3'),
  ]);
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: await temporaryDir() });
  const { port } = await server.run();
  cleanups.unshift(() => server.close());
  const base = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint: base,
    region: BENCH_BUCKET.S3_REGION,
    forcePathStyle: true,
    credentials: {
      accessKeyId: BENCH_BUCKET.S3_ACCESS_KEY_ID,
      secretAccessKey: BENCH_BUCKET.S3_SECRET_ACCESS_KEY,
    },
  });
  await client.send(new CreateBucketCommand({ Bucket: BENCH_BUCKET.S3_BUCKET }));
  client.destroy();
  return { base, paths: {} };
}

/**
 * The real app with many students signed in (rows written directly: signing each up through the
 * API would spend minutes hashing passwords), for the event-stream benchmark. On the parent's
 * `publish` it sends each of them one live event carrying the time it started publishing.
 */
async function eventsApp(): Promise<TargetReady> {
  const [{ sql }, { createSessionStore }, { systemClock }] = await Promise.all([
    import('drizzle-orm'),
    import('../server/platform/auth'),
    import('../server/platform/clock'),
  ]);
  const { app, database, base } = await startRealApp(databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  const count = Number(process.env.BENCH_STREAMS ?? 1000);
  const created = await database.db.execute(
    sql`insert into users (name, email, username, password_hash)
        select 'Stream ' || g, 'stream' || g || '@example.org', 'stream_' || g, u.password_hash
        from generate_series(1, ${count}) g, (select password_hash from users limit 1) u
        returning id`,
  );
  const ids = (created as { rows: { id: string }[] }).rows.map((row) => row.id);
  const sessions = createSessionStore(database.db, systemClock);
  const tokens: string[] = [];
  for (const id of ids) tokens.push(await sessions.create(id));
  process.on('message', (message: { type: string }) => {
    if (message.type !== 'publish') return;
    void (async () => {
      const sentAt = Date.now();
      await Promise.all(ids.map((id) => app.live.publish(id, { type: 'bench.ping', data: { sentAt } })));
      process.send?.({ type: 'published' });
    })();
  });
  return { base, paths: { events: '/api/events' }, tokens, eventsKind: app.events.kind };
}

/** CPU profiling on the parent's word, so a profile covers the load phase and nothing else. */
let profiler: Session | undefined;
process.on('message', (message: { type: string; file?: string }) => {
  void (async () => {
    if (message.type === 'profile-start') {
      profiler = new Session();
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.setSamplingInterval', { interval: 250 });
      await profiler.post('Profiler.start');
      process.send?.({ type: 'profiling' });
    } else if (message.type === 'profile-stop' && profiler && message.file) {
      const { profile } = await profiler.post('Profiler.stop');
      await writeFile(message.file, JSON.stringify(profile));
      profiler.disconnect();
      process.send?.({ type: 'profiled' });
    }
  })();
});

async function stop() {
  for (const cleanup of cleanups) await cleanup().catch(() => {});
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('disconnect', () => void stop());

try {
  const targets: Record<string, () => Promise<TargetReady>> = {
    app: () => realApp(),
    'new-site': () => realApp(false),
    select: primaryKeySelect,
    media: () => mediaApp(databaseUrl),
    s3rver: s3Server,
    events: eventsApp,
    messages: messagesApp,
    search: () => searchApp(),
    'search-afresh': () => searchApp({ CATALOGUE_CACHE_SECONDS: '0' }),
  };
  const ready = await (targets[kind] ?? helloWorld)();
  process.send?.({ type: 'ready', ...ready });
} catch (error) {
  process.send?.({ type: 'failed', message: error instanceof Error ? error.stack : String(error) });
  await stop();
}
