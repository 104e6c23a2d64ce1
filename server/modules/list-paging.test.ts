import { and, arrayContains, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWLEDGE_LIST_DEFAULT_LIMIT, KNOWLEDGE_LIST_MAX_LIMIT } from '../../common/ai-sifu';
import {
  ADMIN_CONVERSATIONS_DEFAULT_LIMIT,
  ADMIN_CONVERSATIONS_MAX_LIMIT,
  AI_CONVERSATIONS_MAX_LIMIT,
  AI_CONVERSATIONS_PAGE_SIZE,
} from '../../common/ai-sifu';
import {
  ADMIN_BLOG_DEFAULT_LIMIT,
  ADMIN_BLOG_MAX_LIMIT,
  BLOG_LIST_DEFAULT_LIMIT,
  BLOG_LIST_MAX_LIMIT,
} from '../../common/blog';
import {
  COURSE_REQUESTS_DEFAULT_LIMIT,
  COURSE_REQUESTS_MAX_LIMIT,
  type CourseRequestStatus,
} from '../../common/course-requests';
import {
  LESSON_PROGRESS_DEFAULT_LIMIT,
  LESSON_PROGRESS_MAX_LIMIT,
  QUIZ_ATTEMPTS_DEFAULT_LIMIT,
  QUIZ_ATTEMPTS_MAX_LIMIT,
  QUIZ_RESULTS_DEFAULT_LIMIT,
  QUIZ_RESULTS_MAX_LIMIT,
} from '../../common/progress';
import {
  ADMIN_NEWS_DEFAULT_LIMIT,
  ADMIN_NEWS_MAX_LIMIT,
  NEWS_LIST_DEFAULT_LIMIT,
  NEWS_LIST_MAX_LIMIT,
} from '../../common/news';
import { ADMIN_QUOTES_DEFAULT_LIMIT, ADMIN_QUOTES_MAX_LIMIT } from '../../common/quotes';
import { ADMIN_REVIEWS_DEFAULT_LIMIT, REVIEWS_DEFAULT_LIMIT, REVIEWS_MAX_LIMIT } from '../../common/reviews';
import { ADMIN_TESTIMONIALS_DEFAULT_LIMIT, ADMIN_TESTIMONIALS_MAX_LIMIT } from '../../common/testimonials';
import {
  USER_COURSES_DEFAULT_LIMIT,
  USER_COURSES_MAX_LIMIT,
  USERS_DEFAULT_LIMIT,
  USERS_MAX_LIMIT,
} from '../../common/users';
import {
  aiConversations,
  blogPosts,
  courseRequests,
  knowledgeEntries,
  lessonProgress,
  lessons,
  news,
  quizAttempts,
  quotes,
  reviews,
  studentNotes,
  testimonials,
  users,
} from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { createAdmin, createUser } from '../test/factories';
import { createCourse, enrollUser } from './courses/test/factories';

/*
 * Every list that grows with use answers one page at a time: `limit` (a default and a maximum
 * per list) and `offset` in the query, the rows and the `total` that match in the body. Each
 * list is seeded past its default page size with rows that tie on every sort key but the id,
 * so a page boundary that is not stable would repeat or skip rows.
 */

type Headers = Record<string, string>;

interface ListCase {
  /** The route as the OpenAPI document names it. */
  route: string;
  method: 'GET' | 'POST';
  defaultLimit: number;
  maxLimit: number;
  /** The response field that holds the rows. */
  rows: string;
  /** Seeds the list; resolves to its URL, the caller allowed to read it and its rows' keys in order. */
  seed: () => Promise<{ url: string; auth?: Headers; expected: () => Promise<string[]> }>;
  /** The key that identifies a row of the response. */
  key: (row: Record<string, unknown>) => string;
  /** Who keeps being refused ({} has no token), and with which status. */
  refused: () => Promise<[Headers, number][]>;
}

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let stranger: Awaited<ReturnType<typeof createUser>>;
/** Every seeded row shares this moment, so only the id can order them. */
const TIE = new Date('2026-03-01T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 10_000 });
  admin = await createAdmin(t);
  stranger = await createUser(t);
});
afterAll(async () => t?.close());

const db = () => t.database.db;
/** Refused to a student reading an admin list, and to a visitor. */
const adminOnly = async (): Promise<[Headers, number][]> => [
  [stranger.auth, 403],
  [{}, 401],
];
/** Refused to another student reading someone's own list. */
const ownerOnly = async (): Promise<[Headers, number][]> => [[stranger.auth, 403]];
/** A seeded list whose rows, in order, were known when it was seeded. */
const seeded = (url: string, auth: Headers, expected: string[]) => ({
  url,
  auth,
  expected: async () => expected,
});
const byId = (ids: string[], direction: 'asc' | 'desc') =>
  [...ids].sort((a, b) => (direction === 'asc' ? a.localeCompare(b) : b.localeCompare(a)));
/** The inserted rows' ids in the order of a list whose rows tie on everything but the id. */
const idsOf = (rows: { id: string }[], direction: 'asc' | 'desc') =>
  byId(
    rows.map((row) => row.id),
    direction,
  );
const times = <T>(n: number, make: (i: number) => Promise<T>) =>
  Array.from({ length: n }, (_, i) => i).reduce<Promise<T[]>>(
    async (done, i) => [...(await done), await make(i)],
    Promise.resolve([]),
  );

/** A course of `count` lessons in one module, all at position 1, created at the same moment. */
async function courseWithTiedLessons(count: number) {
  const course = await createCourse(t, { modules: 1, lessonsPerModule: count });
  await db()
    .update(lessons)
    .set({ order_sequence: 1, created_at: TIE })
    .where(eq(lessons.module_id, course.moduleIds[0]!));
  return course;
}

/** `count` reviews of one course by as many students, all written at the same moment. */
async function courseWithReviews(count: number) {
  const course = await createCourse(t, { modules: 1, lessonsPerModule: 1 });
  const authors = await times(count, () => createUser(t));
  const rows = await db()
    .insert(reviews)
    .values(
      authors.map(({ user }) => ({ course_id: course.id, user_id: user.id, rating: 4, created_at: TIE })),
    )
    .returning({ id: reviews.id });
  return { course, ids: rows.map((row) => row.id) };
}

/**
 * `count` posts sharing a tag and a title word, all published (or created) at the same moment;
 * the third is a draft when `withDraft`, which public lists leave out.
 */
async function tiedPosts(count: number, name: string, withDraft = false) {
  const rows = await db()
    .insert(blogPosts)
    .values(
      Array.from({ length: count }, (_, i) => ({
        slug: `${name}-${i}`,
        title: `Post ${name} ${i}`,
        excerpt: 'Tied',
        content: '<p>Tied</p>',
        author: 'Sifu Lin',
        tags: [name],
        status: withDraft && i === 2 ? ('draft' as const) : ('published' as const),
        published_at: withDraft && i === 2 ? null : TIE,
        created_at: TIE,
      })),
    )
    .returning({ id: blogPosts.id, status: blogPosts.status });
  return {
    all: idsOf(rows, 'desc'),
    published: byId(
      rows.filter((row) => row.status === 'published').map((row) => row.id),
      'desc',
    ),
  };
}

/** A public list of posts; `name` is the tag (and title word) only its posts carry. */
const blogCase = (route: string, name: string, url: string): ListCase => ({
  route,
  method: 'GET',
  defaultLimit: BLOG_LIST_DEFAULT_LIMIT,
  maxLimit: BLOG_LIST_MAX_LIMIT,
  rows: 'posts',
  key: (row) => String(row.id),
  // More posts than the largest page, so the ones past it are reached by paging.
  seed: async () => {
    const { published } = await tiedPosts(BLOG_LIST_MAX_LIMIT + 5, name, true);
    return { url, expected: async () => published };
  },
  refused: async () => [],
});

const cases: ListCase[] = [
  blogCase('GET /api/blog/posts', 'pagingposts', '/api/blog/posts?tags=pagingposts'),
  blogCase('GET /api/blog/tag/{tag}', 'pagingtag', '/api/blog/tag/pagingtag'),
  blogCase('GET /api/blog/search', 'pagingsearch', '/api/blog/search?q=pagingsearch'),
  {
    route: 'GET /api/admin/blog/posts',
    method: 'GET',
    defaultLimit: ADMIN_BLOG_DEFAULT_LIMIT,
    maxLimit: ADMIN_BLOG_MAX_LIMIT,
    rows: 'posts',
    key: (row) => String(row.id),
    seed: async () => {
      const { all } = await tiedPosts(ADMIN_BLOG_DEFAULT_LIMIT + 5, 'pagingadmin', true);
      return { url: '/api/admin/blog/posts?tags=pagingadmin', auth: admin.auth, expected: async () => all };
    },
    refused: adminOnly,
  },
  {
    route: 'POST /api/verify/users',
    method: 'POST',
    defaultLimit: USERS_DEFAULT_LIMIT,
    maxLimit: USERS_MAX_LIMIT,
    rows: 'users',
    key: (row) => String(row.id),
    seed: async () => {
      const seeded = await times(USERS_DEFAULT_LIMIT + 5, () => createUser(t));
      await db()
        .update(users)
        .set({ created_at: TIE })
        .where(
          inArray(
            users.id,
            seeded.map((s) => s.user.id),
          ),
        );
      return {
        url: '/api/verify/users',
        auth: admin.auth,
        // Everyone in the database is listed, not only the seeded accounts.
        expected: async () =>
          (await db().select({ id: users.id }).from(users).orderBy(asc(users.created_at), asc(users.id))).map(
            (row) => row.id,
          ),
      };
    },
    refused: adminOnly,
  },
  {
    route: 'GET /api/user/{id}/courses',
    method: 'GET',
    defaultLimit: USER_COURSES_DEFAULT_LIMIT,
    maxLimit: USER_COURSES_MAX_LIMIT,
    rows: 'courses',
    key: (row) => String(row.courseId),
    seed: async () => {
      const student = await createUser(t);
      // Every enrolment starts at the fixed test clock's moment.
      const enrolments = await times(USER_COURSES_DEFAULT_LIMIT + 5, async () =>
        enrollUser(t, student.user.id, (await createCourse(t)).id),
      );
      const order = new Map(enrolments.map((row) => [row.id, row.course_id]));
      const expected = byId([...order.keys()], 'desc').map((id) => order.get(id)!);
      return seeded(`/api/user/${student.user.id}/courses`, student.auth, expected);
    },
    refused: ownerOnly,
  },
  {
    route: 'GET /api/user/{userId}/course/{courseId}/lessons/progress',
    method: 'GET',
    defaultLimit: LESSON_PROGRESS_DEFAULT_LIMIT,
    maxLimit: LESSON_PROGRESS_MAX_LIMIT,
    rows: 'lessons',
    key: (row) => String(row.lesson_id),
    seed: async () => {
      const student = await createUser(t);
      const course = await courseWithTiedLessons(LESSON_PROGRESS_DEFAULT_LIMIT + 5);
      await enrollUser(t, student.user.id, course.id);
      await db()
        .insert(lessonProgress)
        .values(
          course.allLessonIds.map((lesson_id) => ({
            user_id: student.user.id,
            lesson_id,
            course_id: course.id,
            completed_at: TIE,
          })),
        );
      const expected = byId(course.allLessonIds, 'asc');
      return seeded(
        `/api/user/${student.user.id}/course/${course.id}/lessons/progress`,
        student.auth,
        expected,
      );
    },
    refused: ownerOnly,
  },
  {
    route: 'GET /api/lessons/{id}/quiz-attempts',
    method: 'GET',
    defaultLimit: QUIZ_ATTEMPTS_DEFAULT_LIMIT,
    maxLimit: QUIZ_ATTEMPTS_MAX_LIMIT,
    rows: 'attempts',
    key: (row) => String(row.attempt_number),
    seed: async () => {
      const student = await createUser(t);
      const course = await createCourse(t, { quiz: true });
      const count = QUIZ_ATTEMPTS_DEFAULT_LIMIT + 5;
      await db()
        .insert(quizAttempts)
        .values(
          Array.from({ length: count }, (_, i) => ({
            user_id: student.user.id,
            lesson_id: course.quizLessonId!,
            attempt_number: i + 1,
            score: 50,
            submitted_at: TIE,
          })),
        );
      const expected = Array.from({ length: count }, (_, i) => String(count - i));
      return seeded(
        `/api/lessons/${course.quizLessonId}/quiz-attempts?userId=${student.user.id}`,
        student.auth,
        expected,
      );
    },
    refused: ownerOnly,
  },
  {
    route: 'GET /api/admin/quizzes/{id}/results',
    method: 'GET',
    defaultLimit: QUIZ_RESULTS_DEFAULT_LIMIT,
    maxLimit: QUIZ_RESULTS_MAX_LIMIT,
    rows: 'results',
    key: (row) => String(row.user_id),
    seed: async () => {
      const course = await createCourse(t, { quiz: true });
      // Students of one name: only their ids order them.
      const students = await Promise.all(
        Array.from({ length: QUIZ_RESULTS_DEFAULT_LIMIT + 5 }, () => createUser(t, { name: 'Tie Student' })),
      );
      await db()
        .insert(quizAttempts)
        .values(
          students.map((s) => ({
            user_id: s.user.id,
            lesson_id: course.quizLessonId!,
            attempt_number: 1,
            score: 50,
            submitted_at: TIE,
          })),
        );
      const expected = students.map((s) => s.user.id).sort();
      return seeded(`/api/admin/quizzes/${course.quizLessonId}/results`, admin.auth, expected);
    },
    refused: adminOnly,
  },
  {
    route: 'GET /api/courses/{id}/reviews',
    method: 'GET',
    defaultLimit: REVIEWS_DEFAULT_LIMIT,
    maxLimit: REVIEWS_MAX_LIMIT,
    rows: 'reviews',
    key: (row) => String(row.id),
    // More reviews than the largest page: the ones past 100 are reached by paging.
    seed: async () => {
      const { course, ids } = await courseWithReviews(REVIEWS_MAX_LIMIT + 5);
      const expected = byId(ids, 'desc');
      return { url: `/api/courses/${course.id}/reviews`, expected: async () => expected };
    },
    refused: async () => [],
  },
  {
    route: 'GET /api/admin/reviews',
    method: 'GET',
    defaultLimit: ADMIN_REVIEWS_DEFAULT_LIMIT,
    maxLimit: REVIEWS_MAX_LIMIT,
    rows: 'reviews',
    key: (row) => String(row.id),
    seed: async () => {
      const { course, ids } = await courseWithReviews(ADMIN_REVIEWS_DEFAULT_LIMIT + 5);
      const expected = byId(ids, 'desc');
      return seeded(`/api/admin/reviews?course_id=${course.id}`, admin.auth, expected);
    },
    refused: adminOnly,
  },
  {
    route: 'GET /api/users/{id}/reviews',
    method: 'GET',
    defaultLimit: REVIEWS_DEFAULT_LIMIT,
    maxLimit: REVIEWS_MAX_LIMIT,
    rows: 'reviews',
    key: (row) => String(row.id),
    seed: async () => {
      const author = await createUser(t);
      const courses = await times(REVIEWS_DEFAULT_LIMIT + 5, () => createCourse(t));
      const rows = await db()
        .insert(reviews)
        .values(
          courses.map((course) => ({
            course_id: course.id,
            user_id: author.user.id,
            rating: 5,
            created_at: TIE,
          })),
        )
        .returning({ id: reviews.id });
      const expected = idsOf(rows, 'desc');
      return seeded(`/api/users/${author.user.id}/reviews`, author.auth, expected);
    },
    refused: ownerOnly,
  },
  ...(['own', 'admin'] as const).map((whose): ListCase => ({
    route: whose === 'own' ? 'GET /api/users/{id}/course-requests' : 'GET /api/admin/course-requests',
    method: 'GET',
    defaultLimit: COURSE_REQUESTS_DEFAULT_LIMIT,
    maxLimit: COURSE_REQUESTS_MAX_LIMIT,
    rows: 'requests',
    key: (row) => String(row.id),
    seed: async () => {
      const student = await createUser(t);
      // The admin list is filtered to a status only this student's requests have.
      const status: CourseRequestStatus = whose === 'own' ? 'pending' : 'planned';
      const rows = await db()
        .insert(courseRequests)
        .values(
          Array.from({ length: COURSE_REQUESTS_DEFAULT_LIMIT + 5 }, (_, i) => ({
            user_id: student.user.id,
            subject: `Subject ${i}`,
            experience: 'Some',
            reason: 'Curious',
            status,
            created_at: TIE,
          })),
        )
        .returning({ id: courseRequests.id });
      const expected = idsOf(rows, 'desc');
      return whose === 'own'
        ? seeded(`/api/users/${student.user.id}/course-requests`, student.auth, expected)
        : seeded(`/api/admin/course-requests?status=${status}`, admin.auth, expected);
    },
    refused: adminOnly,
  })),
];

cases.push({
  route: 'GET /api/admin/testimonials',
  method: 'GET',
  defaultLimit: ADMIN_TESTIMONIALS_DEFAULT_LIMIT,
  maxLimit: ADMIN_TESTIMONIALS_MAX_LIMIT,
  rows: 'testimonials',
  key: (row) => String(row.id),
  seed: async () => {
    const rows = await db()
      .insert(testimonials)
      .values(
        Array.from({ length: ADMIN_TESTIMONIALS_DEFAULT_LIMIT + 5 }, (_, i) => ({
          student_name: `Student ${i}`,
          instructor_context: 'Taijiquan',
          testimonial_text: 'Standing practice changed my knees. '.repeat(4),
          status: 'rejected' as const,
          submitted_at: TIE,
        })),
      )
      .returning({ id: testimonials.id });
    const expected = idsOf(rows, 'desc');
    return seeded('/api/admin/testimonials?status=rejected', admin.auth, expected);
  },
  refused: adminOnly,
});

/** `count` news items sharing a tag and a title word, all created at the same moment; every third a draft. */
async function tiedNews(count: number, name: string) {
  await db()
    .insert(news)
    .values(
      Array.from({ length: count }, (_, i) => ({
        title: `News ${name} ${i}`,
        description: 'Tied',
        body: 'Tied',
        author_name: 'Sifu Lin',
        tags: [name],
        status: i % 3 === 2 ? ('draft' as const) : ('published' as const),
        created_at: TIE,
      })),
    );
}

/** The ids of the news a list shows, in its order (newest first, then by id), read from the table. */
const newsIds = async (where: SQL) =>
  (
    await db().select({ id: news.id }).from(news).where(where).orderBy(desc(news.created_at), desc(news.id))
  ).map((row) => row.id);

/** A members' list of news; `name` is the tag (and title word) only its items carry. */
const newsCase = (route: string, name: string, url: string, whole = false): ListCase => ({
  route,
  method: 'GET',
  defaultLimit: NEWS_LIST_DEFAULT_LIMIT,
  maxLimit: NEWS_LIST_MAX_LIMIT,
  rows: 'news',
  key: (row) => String(row.id),
  // More items than the largest page, so the ones past it are reached by paging.
  seed: async () => {
    await tiedNews(NEWS_LIST_MAX_LIMIT + 10, name);
    const published = eq(news.status, 'published');
    return {
      url,
      auth: stranger.auth,
      // The whole list holds every published item, not only this case's.
      expected: () => newsIds(whole ? published : and(published, arrayContains(news.tags, [name]))!),
    };
  },
  refused: async () => [[{}, 401]],
});

cases.push(
  newsCase('GET /api/news', 'pagingnews', '/api/news', true),
  newsCase('GET /api/news/tag/{tag}', 'pagingnewstag', '/api/news/tag/PagingNewsTag'),
  newsCase('GET /api/news/search', 'pagingnewssearch', '/api/news/search?q=pagingnewssearch'),
  {
    route: 'GET /api/admin/news',
    method: 'GET',
    defaultLimit: ADMIN_NEWS_DEFAULT_LIMIT,
    maxLimit: ADMIN_NEWS_MAX_LIMIT,
    rows: 'news',
    key: (row) => String(row.id),
    seed: async () => {
      // Every third is a draft: more drafts than the default page.
      await tiedNews(3 * (ADMIN_NEWS_DEFAULT_LIMIT + 5), 'pagingadminnews');
      return {
        url: '/api/admin/news?status=draft',
        auth: admin.auth,
        expected: () => newsIds(eq(news.status, 'draft')),
      };
    },
    refused: adminOnly,
  },
  {
    route: 'GET /api/admin/quotes',
    method: 'GET',
    defaultLimit: ADMIN_QUOTES_DEFAULT_LIMIT,
    maxLimit: ADMIN_QUOTES_MAX_LIMIT,
    rows: 'quotes',
    key: (row) => String(row.id),
    seed: async () => {
      await db()
        .insert(quotes)
        .values(
          Array.from({ length: ADMIN_QUOTES_DEFAULT_LIMIT + 5 }, (_, i) => ({
            text: `Tied quote ${i}`,
            author: 'Traditional',
            category: 'combat' as const,
            created_at: TIE,
          })),
        );
      // The built-in quotes of the category are listed too.
      const expected = async () =>
        (
          await db()
            .select({ id: quotes.id })
            .from(quotes)
            .where(eq(quotes.category, 'combat'))
            .orderBy(desc(quotes.created_at), desc(quotes.id))
        ).map((row) => row.id);
      return { url: '/api/admin/quotes?category=combat', auth: admin.auth, expected };
    },
    refused: adminOnly,
  },
);

/** `count` conversations of one new student, all at the same moment; with a note on each when `noted`. */
async function tiedConversations(count: number, noted = false) {
  const student = await createUser(t);
  const rows = await db()
    .insert(aiConversations)
    .values(
      Array.from({ length: count }, (_, i) => ({
        user_id: student.user.id,
        question_text: `Question ${i}`,
        response_text: 'Tied',
        created_at: TIE,
      })),
    )
    .returning({ id: aiConversations.id });
  if (!noted) return { student, ids: rows.map((row) => row.id) };
  const notes = await db()
    .insert(studentNotes)
    .values(
      rows.map((row) => ({
        user_id: student.user.id,
        ai_conversation_id: row.id,
        note_text: 'Tied',
        created_at: TIE,
      })),
    )
    .returning({ id: studentNotes.id });
  return { student, ids: notes.map((row) => row.id) };
}

cases.push(
  ...(['ai-conversations', 'notes'] as const).map((list): ListCase => ({
    route: `GET /api/users/{id}/${list}`,
    method: 'GET',
    defaultLimit: AI_CONVERSATIONS_PAGE_SIZE,
    maxLimit: AI_CONVERSATIONS_MAX_LIMIT,
    rows: list === 'notes' ? 'notes' : 'conversations',
    key: (row) => String(row.id),
    seed: async () => {
      const { student, ids } = await tiedConversations(AI_CONVERSATIONS_PAGE_SIZE + 5, list === 'notes');
      const expected = byId(ids, 'desc');
      return seeded(`/api/users/${student.user.id}/${list}`, student.auth, expected);
    },
    refused: adminOnly,
  })),
  {
    route: 'GET /api/admin/ai-conversations',
    method: 'GET',
    defaultLimit: ADMIN_CONVERSATIONS_DEFAULT_LIMIT,
    maxLimit: ADMIN_CONVERSATIONS_MAX_LIMIT,
    rows: 'conversations',
    key: (row) => String(row.id),
    seed: async () => {
      await tiedConversations(ADMIN_CONVERSATIONS_DEFAULT_LIMIT + 5);
      // Every student's conversations, the other lists' included.
      const expected = async () =>
        (
          await db()
            .select({ id: aiConversations.id })
            .from(aiConversations)
            .orderBy(desc(aiConversations.created_at), desc(aiConversations.id))
        ).map((row) => row.id);
      return { url: '/api/admin/ai-conversations', auth: admin.auth, expected };
    },
    refused: adminOnly,
  },
);
cases.push({
  route: 'GET /api/admin/ai-sifu/knowledge',
  method: 'GET',
  defaultLimit: KNOWLEDGE_LIST_DEFAULT_LIMIT,
  maxLimit: KNOWLEDGE_LIST_MAX_LIMIT,
  rows: 'entries',
  key: (row) => String(row.id),
  seed: async () => {
    // One title and text for all: the search ranks them alike, so only the id orders them.
    const rows = await db()
      .insert(knowledgeEntries)
      .values(
        Array.from({ length: KNOWLEDGE_LIST_MAX_LIMIT + 5 }, (_, i) => ({
          key: `paging-${i}`,
          kind: 'term' as const,
          title: 'Pagingknowledge',
          body: 'Tied',
          created_at: TIE,
          updated_at: TIE,
        })),
      )
      .returning({ id: knowledgeEntries.id });
    const expected = idsOf(rows, 'asc');
    return seeded('/api/admin/ai-sifu/knowledge?q=pagingknowledge', admin.auth, expected);
  },
  refused: adminOnly,
});

const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

describe.each(cases)('$route', (list) => {
  let url: string;
  let auth: Headers | undefined;
  let expected: () => Promise<string[]>;

  beforeAll(async () => {
    ({ url, auth, expected } = await list.seed());
  });

  const read = (query = '', headers = auth) =>
    t.app.inject({ method: list.method, url: query ? withQuery(url, query) : url, headers });
  const page = async (query = '') => {
    const res = await read(query);
    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, unknown>>();
    return { keys: (body[list.rows] as Record<string, unknown>[]).map(list.key), total: body.total };
  };

  it('answers the default page size and the total', async () => {
    const all = await expected();
    expect(all.length).toBeGreaterThan(list.defaultLimit);
    expect(await page()).toEqual({ keys: all.slice(0, list.defaultLimit), total: all.length });
  });

  it('answers the page asked for with limit and offset', async () => {
    const all = await expected();
    expect(await page('limit=3&offset=2')).toEqual({ keys: all.slice(2, 5), total: all.length });
  });

  it('answers up to the maximum and refuses a larger limit with the shared message', async () => {
    const all = await expected();
    expect((await page(`limit=${list.maxLimit}`)).keys).toEqual(all.slice(0, list.maxLimit));
    const res = await read(`limit=${list.maxLimit + 1}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: `Limit must be at most ${list.maxLimit}`,
      code: 'VALIDATION_ERROR',
    });
  });

  it('answers an empty page past the end', async () => {
    const all = await expected();
    expect(await page(`offset=${all.length}`)).toEqual({ keys: [], total: all.length });
  });

  it('keeps one order across pages, neither repeating nor skipping rows that tie', async () => {
    const all = await expected();
    const size = 7;
    const seen: string[] = [];
    for (let offset = 0; offset < all.length; offset += size) {
      seen.push(...(await page(`limit=${size}&offset=${offset}`)).keys);
    }
    expect(seen).toEqual(all);
  });

  it('still refuses those it refused before', async () => {
    for (const [headers, status] of await list.refused()) {
      expect((await read('', headers)).statusCode).toBe(status);
    }
  });
});

describe('the OpenAPI document', () => {
  it('states each list’s default and maximum page size', async () => {
    const doc = (await t.call('GET', '/api/openapi.json')).json<{
      paths: Record<
        string,
        Record<string, { parameters?: { name: string; in: string; description?: string }[] }>
      >;
    }>();
    for (const list of cases) {
      const [method, path] = list.route.split(' ') as [string, string];
      const parameters = doc.paths[path]?.[method.toLowerCase()]?.parameters ?? [];
      const query = (name: string) =>
        parameters.find((p) => p.in === 'query' && p.name === name)?.description;
      expect(query('limit'), list.route).toBe(
        `How many rows to return: ${list.defaultLimit} by default, at most ${list.maxLimit}`,
      );
      expect(query('offset'), list.route).toBe('How many rows to skip: 0 by default');
    }
  });
});
