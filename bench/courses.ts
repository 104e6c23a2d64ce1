/**
 * `npm run bench:courses`: the course pages on a realistic catalogue — 200 courses × 10 modules ×
 * 10 lessons and 5,000 students with enrolments and lesson progress — as req/s and p99, in ratios
 * to a bare Fastify server, on PGlite and PostgreSQL; then EXPLAIN on the SQL behind each page.
 * Only 127.0.0.1; every load phase is bounded in time.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import { createCoursesRepo } from '../server/modules/courses/courses.repo';
import { createProgressRepo } from '../server/modules/progress/progress.repo';
import { createSessionStore } from '../server/platform/auth';
import { systemClock } from '../server/platform/clock';
import { loadCourseData } from './course-data';
import { describeScan, explainEndpoint, type ExplainedQuery } from './explain';
import { measure, runScenarios, saveResults, signUp, withRealApp } from './lib';

const LIST = 'GET /api/courses (signed in)';
const DETAIL = 'GET /api/courses/{id} (enrolled student)';
const PROGRESS = 'GET /api/user/{id}/course/{courseId}/lessons/progress';

const datasets: Record<string, unknown> = {};
const plans: Record<string, ExplainedQuery[]> = {};
const responseBytes: Record<string, Record<string, number>> = {};

/** A published course the benchmark student is enrolled in. */
async function enrolledCourse(database: Database, userId: string): Promise<string> {
  const result = await database.db.execute(
    sql`select e.course_id from enrollments e join courses c on c.id = e.course_id
        where e.user_id = ${userId} and c.is_published order by e.course_id limit 1`,
  );
  const row = (result as { rows: { course_id: string }[] }).rows[0];
  if (!row) throw new Error('The benchmark student has no published enrolment');
  return row.course_id;
}

/** Fails loudly when a page does not answer as the benchmark expects, before it is measured. */
async function check(url: string, headers: Record<string, string>, expect: (body: never) => boolean) {
  const response = await fetch(url, { headers });
  const text = await response.text();
  const body = JSON.parse(text) as never;
  if (response.status !== 200 || !expect(body)) {
    throw new Error(`${url} answered ${response.status}: ${text.slice(0, 300)}`);
  }
  return Buffer.byteLength(text);
}

async function scenarios(driver: string, databaseUrl?: string) {
  await withRealApp(databaseUrl, async (base, database) => {
    const { id, token } = await signUp(base);
    const load = await loadCourseData(database);
    datasets[driver] = load;
    console.log(
      `  ${driver}: data set loaded in ${load.seconds.toFixed(1)} s (${load.steps.join('; ')})\n` +
        `    ${JSON.stringify(load.counts)}`,
    );
    const courseId = await enrolledCourse(database, id);
    const auth = { authorization: `Bearer ${token}` };
    const urls = {
      list: `${base}/api/courses`,
      detail: `${base}/api/courses/${courseId}`,
      progress: `${base}/api/user/${id}/course/${courseId}/lessons/progress`,
    };
    const sizes: Record<string, number> = {};
    sizes[LIST] = await check(urls.list, auth, (b: { courses: unknown[] }) => b.courses.length === 50);
    sizes[DETAIL] = await check(
      urls.detail,
      auth,
      (b: { course: { has_content_access: boolean; modules: unknown[] } }) => {
        return b.course.has_content_access && b.course.modules.length === 10;
      },
    );
    sizes[PROGRESS] = await check(urls.progress, auth, (b: unknown[]) => Array.isArray(b) && b.length >= 10);
    responseBytes[driver] = sizes;
    for (const [page, bytes] of Object.entries(sizes))
      console.log(`  ${page}: ${(bytes / 1024).toFixed(1)} kB`);

    await measure(LIST, driver, urls.list, auth);
    await measure(DETAIL, driver, urls.detail, auth);
    await measure(PROGRESS, driver, urls.progress, auth);

    plans[driver] = [
      ...(await explainEndpoint(database, 'every signed-in request: session', (db) =>
        createSessionStore(db, systemClock).resolve(token),
      )),
      ...(await explainEndpoint(database, LIST, (db) =>
        createCoursesRepo(db).list(id, { publishedOnly: false }, { limit: 50, offset: 0 }),
      )),
      ...(await explainEndpoint(database, DETAIL, async (db) => {
        const repo = createCoursesRepo(db);
        await repo.summary(id, courseId);
        await repo.content(courseId);
      })),
      ...(await explainEndpoint(database, PROGRESS, async (db) => {
        const repo = createProgressRepo(db);
        await createCoursesRepo(db).find(courseId);
        await repo.listCompleted(id, courseId, { limit: 50, offset: 0 });
      })),
    ];
  });
}

function printPlans() {
  for (const [driver, queries] of Object.entries(plans)) {
    console.log(`\nEXPLAIN (${driver}):`);
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
  const findings = Object.entries(plans).flatMap(([driver, queries]) =>
    queries.filter((q) => q.seqScansOnBigTables.length > 0).map((q) => ({ driver, ...q })),
  );
  console.log(
    findings.length === 0
      ? '\nNo sequential scan on lessons, lesson_progress or enrollments.'
      : `\n${findings.length} quer${findings.length === 1 ? 'y' : 'ies'} scan a big table sequentially (see above).`,
  );
}

await runScenarios('Kwoon course benchmark', scenarios);
printPlans();
await saveResults('courses-', { datasets, responseBytes, plans });
