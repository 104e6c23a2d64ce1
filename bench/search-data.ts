/**
 * The search data set for `npm run bench:search`, on top of the course data set
 * (bench/course-data.ts: 200 courses × 100 lessons, 5 000 students, 300 posts): the courses and
 * lessons get titles in the school's vocabulary (pinyin, English, some Chinese characters), and
 * `BENCH_RESOURCES` resources and `BENCH_NEWS` news items (2 000 each, every tenth unpublished)
 * are added, all generated in SQL (INSERT … SELECT over generate_series).
 */
import type { Database } from '../server/db/client';
import { loadStatements } from './data';

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

/**
 * Loads the search additions; returns the row counts and how long each step took. The VACUUM
 * ANALYZE after it merges the GIN indexes' pending entries (a search would read them one by one)
 * and freshens the planner's statistics.
 */
export const loadSearchData = (database: Database) =>
  loadStatements(database, STATEMENTS, ['courses', 'lessons', 'resources', 'news', 'blog_posts', 'users'], {
    vacuum: true,
  });
