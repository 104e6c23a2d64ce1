/**
 * The search data set for `npm run bench:search`, on top of the course data set
 * (bench/course-data.ts: 200 courses × 100 lessons, 5 000 students, 300 posts): the courses and
 * lessons get titles in the school's vocabulary (pinyin, English, some Chinese characters), and
 * `BENCH_RESOURCES` resources and `BENCH_NEWS` news items (2 000 each, every tenth unpublished)
 * are added, all generated in SQL (INSERT … SELECT over generate_series).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';

const RESOURCES = Number(process.env.BENCH_RESOURCES ?? 2000);
const NEWS = Number(process.env.BENCH_NEWS ?? 2000);

/** Title words: g picks one of each list, so neighbouring rows differ. */
const ARTS = `array['Xingyiquan', 'Baguazhang', 'Taijiquan', 'Qigong', '形意拳', '八卦掌', '太極拳', 'Zhan Zhuang']`;
const TOPICS = `array['circle walking', 'five element fists', 'santi shi', 'push hands', 'standing practice',
  'dantian breathing', 'single palm change', 'silk reeling', 'footwork', 'partner drills', '站桩', 'history']`;
const LEVELS = `array['for beginners', 'deepening', 'in depth', 'notes', 'workshop', 'questions and answers']`;
const pick = (list: string, n: string) => `(${list})[1 + (${n}) % cardinality(${list})]`;

const STATEMENTS = [
  `update courses c set title = ${pick(ARTS, 'o.n')} || ' ' || ${pick(TOPICS, 'o.n / 8')} || ' ' || o.n,
     description = 'A course on ' || ${pick(TOPICS, 'o.n + 3')} || ' in the ' || ${pick(ARTS, 'o.n')} || ' tradition.'
   from (select id, row_number() over (order by created_at, id) as n from courses) o where o.id = c.id`,
  `update lessons l set title = ${pick(TOPICS, 'o.n')} || ': ' || ${pick(LEVELS, 'o.n / 12')} || ' ' || o.n % 100,
     content_text = 'How to practise ' || ${pick(TOPICS, 'o.n + 5')} || ' in ' || ${pick(ARTS, 'o.n / 3')}
       || '. ' || repeat('Sink the shoulders, drop the elbows, keep the qi in the dantian. ', 6)
   from (select id, row_number() over (order by id) as n from lessons) o where o.id = l.id`,
  `insert into resources (type, title, description, author, content, is_published, created_at, updated_at)
   select (array['blog', 'video', 'audio'])[1 + g % 3],
     ${pick(ARTS, 'g')} || ' ' || ${pick(TOPICS, 'g / 8')} || ' — ' || ${pick(LEVELS, 'g / 96')} || ' ' || g,
     'A reading on ' || ${pick(TOPICS, 'g + 1')} || ' for ' || ${pick(ARTS, 'g + 2')} || ' students.',
     'Sifu Lin Wei', repeat('Stand like a tree, walk the circle, let the qi sink to the dantian. ', 15),
     g % 10 <> 0, now() - g * interval '1 hour', now() - g * interval '1 hour'
   from generate_series(1, ${RESOURCES}) g`,
  `insert into news (title, description, body, author_name, tags, status, created_at, updated_at)
   select ${pick(ARTS, 'g + 4')} || ' ' || ${pick(LEVELS, 'g')} || ' on ' || ${pick(TOPICS, 'g / 6')} || ' ' || g,
     'This month at the school: ' || ${pick(TOPICS, 'g + 7')} || ' with Sifu Lin.',
     repeat('Bring water and flat shoes; we begin with zhan zhuang and end with push hands. ', 10),
     'Sifu Lin Wei', array[lower(${pick(ARTS, 'g')})],
     case when g % 10 = 0 then 'draft' else 'published' end,
     now() - g * interval '3 hours', now() - g * interval '3 hours'
   from generate_series(1, ${NEWS}) g`,
];

/** Loads the search additions; returns the row counts and how long each step took. */
export async function loadSearchData(database: Database) {
  const started = performance.now();
  const steps: string[] = [];
  for (const statement of STATEMENTS) {
    const before = performance.now();
    // A bulk load of this size may run longer than the server's statement timeout allows a request.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql.raw(statement));
    });
    const what = /^\s*(insert into \w+|update \w+)/.exec(statement)?.[1] ?? statement.slice(0, 20);
    steps.push(`${what}: ${((performance.now() - before) / 1000).toFixed(1)} s`);
  }
  // As autovacuum would soon after such a load: the GIN indexes' pending entries are merged (a
  // search would read them one by one) and the planner's statistics are fresh.
  const before = performance.now();
  await database.db.execute(sql`vacuum analyze`);
  steps.push(`vacuum analyze: ${((performance.now() - before) / 1000).toFixed(1)} s`);
  const seconds = (performance.now() - started) / 1000;
  const counts: Record<string, number> = {};
  for (const table of ['courses', 'lessons', 'resources', 'news', 'blog_posts', 'users']) {
    const result = await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
    counts[table] = Number((result as { rows: { n: number }[] }).rows[0]!.n);
  }
  return { seconds, steps, counts };
}
