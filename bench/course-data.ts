/**
 * The course data set for `npm run bench:api`, generated in SQL (INSERT … SELECT over
 * generate_series), so it loads in seconds.
 */
import type { Database } from '../server/db/client';
import { loadStatements } from './data';

const COURSES = 200;
const MODULES_PER_COURSE = 10;
const LESSONS_PER_MODULE = 10;
const STUDENTS = 5000;
const ENROLMENTS_PER_STUDENT = 3;
const BLOG_POSTS = 300;

/**
 * Each student (the generated ones plus any already signed up) is enrolled in three courses, spread
 * evenly over the catalogue, and has finished the first 1–5 modules of each (3 on average, so
 * ~30 % of the lessons); enrolment progress says the same.
 */
const STATEMENTS = [
  `insert into courses (title, description, instructor_name, category, skill_level, estimated_hours,
     price_cents, prerequisites, learning_objectives, is_published, created_at, updated_at)
   select 'Bench course ' || g, 'A generated course for the benchmark, number ' || g, 'Bench Instructor',
     (array['Xingyiquan', 'Taijiquan', 'Baguazhang'])[1 + g % 3],
     (array['beginner', 'intermediate', 'advanced'])[1 + g % 3], 10,
     case when g % 4 = 0 then 0 else 4900 end, 'Patience', E'Stand\\nStep\\nBreathe',
     g % 20 <> 0, now() - make_interval(mins => ${COURSES} - g), now()
   from generate_series(1, ${COURSES}) g`,
  `insert into course_features (course_id, feature_id)
   select c.id, f from courses c cross join generate_series(1, 5) f`,
  `insert into modules (course_id, title, description, order_sequence)
   select c.id, 'Module ' || m, 'Generated module', m
   from courses c cross join generate_series(1, ${MODULES_PER_COURSE}) m`,
  `insert into lessons (module_id, title, lesson_type, content_url, content_text, duration_minutes, order_sequence)
   select mo.id, 'Lesson ' || mo.order_sequence || '.' || l,
     (array['video', 'article', 'quiz'])[1 + l % 3],
     case when l % 3 = 1 then '/media/lesson-videos/bench.mp4' end,
     'Generated lesson text. ' || repeat('Sink the shoulders, drop the elbows. ', 10), 10, l
   from modules mo cross join generate_series(1, ${LESSONS_PER_MODULE}) l`,
  `insert into users (name, email, username, password_hash, city, country, martial_art)
   select 'Student ' || g, 'bench-student-' || g || '@example.org', 'bench_s' || g,
     'not-a-real-hash', 'Oakland', 'United States', 'Taijiquan'
   from generate_series(1, ${STUDENTS} - (select count(*) from users where not is_admin)) g`,
  `insert into enrollments (user_id, course_id, source, progress, start_date, created_at)
   select u.id, c.id, 'free', (1 + (u.n + k) % 5) * 10, now(), now()
   from (select id, row_number() over (order by id) - 1 as n from users where not is_admin) u
   cross join generate_series(0, ${ENROLMENTS_PER_STUDENT - 1}) k
   join (select id, row_number() over (order by created_at, id) - 1 as n from courses) c
     on c.n = (u.n * 7 + k * 67) % ${COURSES}`,
  `insert into lesson_progress (user_id, lesson_id, course_id, completed_at)
   select e.user_id, l.id, e.course_id, now()
   from enrollments e
   join modules m on m.course_id = e.course_id and m.order_sequence <= e.progress / 10
   join lessons l on l.module_id = m.id`,
  // A school blog of some years: published posts (every tenth a draft) with two of six tags.
  `insert into blog_posts (slug, title, excerpt, content, author, status, tags, published_at, created_at)
   select 'bench-post-' || g, 'Bench post ' || g, 'What this post is about, in a sentence or two.',
     '<h2>Practice</h2><p>' || repeat('Sink the shoulders, drop the elbows. ', 60) || '</p>', 'Sifu Lin Wei',
     case when g % 10 = 0 then 'draft' else 'published' end,
     array[(array['taijiquan', 'xingyiquan', 'baguazhang'])[1 + g % 3], (array['practice', 'history', 'beginners'])[1 + (g / 3) % 3]],
     case when g % 10 = 0 then null else now() - g * interval '1 day' end, now() - g * interval '1 day'
   from generate_series(1, ${BLOG_POSTS}) g`,
];

/**
 * Loads the data set; returns the row counts of the big tables and how long it took. The VACUUM
 * ANALYZE after it gives fresh statistics and the visibility map.
 */
export const loadCourseData = (database: Database) =>
  loadStatements(
    database,
    STATEMENTS,
    ['courses', 'modules', 'lessons', 'users', 'enrollments', 'lesson_progress', 'blog_posts'],
    { vacuum: true },
  );
