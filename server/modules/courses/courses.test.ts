import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetail, CourseSummary } from '../../../common/courses';
import { courses, reviews } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';
import { createCourse, DEFAULT_QUIZ, enrollUser, type CreatedCourse } from './test/factories';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let student: Awaited<ReturnType<typeof createUser>>;
let enrolled: Awaited<ReturnType<typeof createUser>>;
let paid: CreatedCourse;
let series: CreatedCourse;
let hidden: CreatedCourse;

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.delete(courses);
  admin = await createAdmin(t);
  student = await createUser(t);
  enrolled = await createUser(t);
  paid = await createCourse(t, {
    title: 'Xingyiquan Foundations',
    category: 'Xingyiquan',
    modules: 2,
    lessonsPerModule: 3,
    price: 49.99,
    quiz: true,
  });
  t.clock.advance(1000);
  series = await createCourse(t, {
    title: 'Baguazhang Circle Walking',
    category: 'Baguazhang',
    instructor_name: 'Sifu Wang',
    is_series: true,
    modules: 1,
    lessonsPerModule: 1,
  });
  t.clock.advance(1000);
  hidden = await createCourse(t, {
    title: 'Taiji Sword (draft)',
    category: 'Taijiquan',
    is_published: false,
    modules: 1,
    lessonsPerModule: 2,
  });
  await enrollUser(t, enrolled.user.id, paid.id, { progress: 40 });
  await enrollUser(t, student.user.id, series.id);
  await t.database.db.insert(reviews).values([
    { course_id: paid.id, user_id: enrolled.user.id, rating: 5 },
    { course_id: paid.id, user_id: student.user.id, rating: 4 },
    { course_id: paid.id, user_id: admin.user.id, rating: 1, is_published: false },
  ]);
});
afterAll(async () => t.close());

const get = (url: string, headers?: Record<string, string>) => t.call('GET', url, undefined, headers);
const list = async (url: string, headers?: Record<string, string>) => {
  const res = await get(url, headers);
  expect(res.statusCode).toBe(200);
  return res.json<{ courses: CourseSummary[]; total: number }>();
};
const detailOf = async (id: string, headers?: Record<string, string>) => {
  const res = await get(`/api/courses/${id}`, headers);
  expect(res.statusCode).toBe(200);
  return res.json<{ course: CourseDetail }>().course;
};

describe('GET /api/courses', () => {
  it('lists every course with counts, price in dollars and features, to visitors', async () => {
    const body = await list('/api/courses');
    expect(body.total).toBe(3);
    expect(body.courses.map((c) => c.title)).toEqual([
      'Xingyiquan Foundations',
      'Baguazhang Circle Walking',
      'Taiji Sword (draft)',
    ]);
    const course = body.courses[0]!;
    expect(course).toMatchObject({
      id: paid.id,
      regular_price: 49.99,
      currency: 'USD',
      is_published: true,
      is_series: false,
      enrolled_students: 1,
      average_progress: 40,
      module_count: 2,
      lesson_count: 7,
      total_duration_minutes: 65,
      average_rating: 4.5,
      total_reviews: 2,
      enrollment: null,
    });
    expect(course.features).toEqual([
      { id: 3, name: 'Community Access' },
      { id: 4, name: 'Certificate of Completion' },
      { id: 5, name: 'Lifetime Access' },
    ]);
    expect(course).not.toHaveProperty('modules');
    expect(body.courses[2]).toMatchObject({ enrolled_students: 0, average_progress: 0 });
  });

  it('shows unpublished courses to students flagged, without content', async () => {
    const body = await list('/api/courses', student.auth);
    const draft = body.courses.find((c) => c.id === hidden.id)!;
    expect(draft.is_published).toBe(false);
    expect(draft).not.toHaveProperty('modules');
  });

  it('gives a signed-in caller their own enrolment state', async () => {
    const body = await list('/api/courses', enrolled.auth);
    expect(body.courses.find((c) => c.id === paid.id)!.enrollment).toEqual({
      progress: 40,
      start_date: '2026-03-02T18:00:02.000Z',
      completed_date: null,
    });
    expect(body.courses.find((c) => c.id === series.id)!.enrollment).toBeNull();
  });

  it('filters by is_series and category, and pages with limit and offset', async () => {
    expect((await list('/api/courses?is_series=true')).courses.map((c) => c.id)).toEqual([series.id]);
    expect((await list('/api/courses?is_series=false')).courses.map((c) => c.id)).toEqual([
      paid.id,
      hidden.id,
    ]);
    expect((await list('/api/courses?category=xingyiquan')).courses.map((c) => c.id)).toEqual([paid.id]);
    const page = await list('/api/courses?limit=1&offset=1');
    expect(page).toMatchObject({ total: 3, courses: [{ id: series.id }] });
  });

  it.each([
    ['limit=0', 'Limit must be at least 1'],
    ['limit=201', 'Limit must be at most 200'],
    ['offset=-1', 'Offset must be 0 or more'],
    ['is_series=maybe', 'is_series must be true or false'],
  ])('rejects %s', async (query, message) => {
    const res = await get(`/api/courses?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });
});

describe('GET /api/courses/:id', () => {
  it('gives visitors and non-enrolled students the outline only', async () => {
    for (const headers of [undefined, student.auth]) {
      const course = await detailOf(paid.id, headers);
      expect(course.has_content_access).toBe(false);
      expect(course.modules.map((m) => m.title)).toEqual(['Module 1', 'Module 2']);
      const lessons = course.modules.flatMap((m) => m.lessons);
      expect(lessons).toHaveLength(7);
      expect(lessons[0]).toMatchObject({ title: 'Lesson 1.1', lesson_type: 'video', duration_minutes: 10 });
      expect(lessons.every((l) => l.content_url === null && l.content_text === '')).toBe(true);
    }
  });

  it('gives enrolled students the content, and quizzes without answers or explanations', async () => {
    const course = await detailOf(paid.id, enrolled.auth);
    expect(course.has_content_access).toBe(true);
    expect(course.enrollment?.progress).toBe(40);
    const [first, , , quiz] = course.modules[0]!.lessons;
    expect(first).toMatchObject({
      content_url: 'https://www.youtube.com/watch?v=lesson11',
      content_text: 'Notes for lesson 1.1',
    });
    expect(quiz!.lesson_type).toBe('quiz');
    expect(JSON.parse(quiz!.content_text)).toEqual(
      DEFAULT_QUIZ.map(({ id, text, options }) => ({ id, text, options })),
    );
    expect(quiz!.content_text).not.toMatch(/correctAnswer|explanation/);
  });

  it('gives admins everything, quiz answers included', async () => {
    const course = await detailOf(paid.id, admin.auth);
    expect(course.has_content_access).toBe(true);
    const quiz = course.modules[0]!.lessons.find((l) => l.lesson_type === 'quiz')!;
    expect(JSON.parse(quiz.content_text)).toEqual(DEFAULT_QUIZ);
  });

  it('lists modules and lessons by order_sequence', async () => {
    const course = await detailOf(paid.id, admin.auth);
    expect(course.modules.map((m) => m.order_sequence)).toEqual([1, 2]);
    expect(course.modules[0]!.lessons.map((l) => l.id)).toEqual(paid.lessonIds[0]);
  });

  it('hides an unpublished course from everyone but admins', async () => {
    for (const headers of [undefined, student.auth]) {
      const res = await get(`/api/courses/${hidden.id}`, headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'Course not found', code: 'COURSE_NOT_FOUND' });
    }
    expect((await detailOf(hidden.id, admin.auth)).is_published).toBe(false);
  });

  it('answers 404 for an unknown course and 400 for a malformed id', async () => {
    expect((await get(`/api/courses/${randomUUID()}`)).json().error).toBe('Course not found');
    expect((await get('/api/courses/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('GET /api/courses/search', () => {
  it('matches title, description, category and instructor, published only for students', async () => {
    const search = async (q: string, headers?: Record<string, string>) =>
      (await list(`/api/courses/search?q=${encodeURIComponent(q)}`, headers)).courses.map((c) => c.id);
    expect(await search('xingyi')).toEqual([paid.id]);
    expect(await search('sifu wang')).toEqual([series.id]);
    expect(await search('baguazhang')).toEqual([series.id]);
    expect(await search('internal arts')).toHaveLength(2);
    expect(await search('taiji', student.auth)).toEqual([]);
    expect(await search('taiji', admin.auth)).toEqual([hidden.id]);
    expect(await search('100%_')).toEqual([]);
  });

  it('takes a limit and needs a search term', async () => {
    expect((await list('/api/courses/search?q=course&limit=1', admin.auth)).courses).toHaveLength(1);
    const res = await get('/api/courses/search?q=%20');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Please enter a search term');
    expect((await get('/api/courses/search?q=a&limit=101')).json().error).toBe('Limit must be at most 100');
  });
});

describe('categories and features', () => {
  it('lists distinct categories, of published courses for non-admins', async () => {
    expect((await get('/api/courses/categories')).json()).toEqual({
      categories: ['Baguazhang', 'Xingyiquan'],
    });
    expect((await get('/api/courses/categories', admin.auth)).json()).toEqual({
      categories: ['Baguazhang', 'Taijiquan', 'Xingyiquan'],
    });
  });

  it('lists the feature catalogue', async () => {
    const res = await get('/api/features');
    expect(res.statusCode).toBe(200);
    expect(res.json().features).toHaveLength(8);
    expect(res.json().features[7]).toEqual({ id: 8, name: 'Interactive Quizzes' });
  });

  it("lists a course's features; 404 for an unknown course", async () => {
    expect(
      (await get(`/api/courses/${paid.id}/features`)).json().features.map((f: { id: number }) => f.id),
    ).toEqual([3, 4, 5]);
    const res = await get(`/api/courses/${randomUUID()}/features`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Course not found');
  });
});

describe('GET /api/courses/:id/students', () => {
  it('lists enrolled students for admins', async () => {
    const res = await get(`/api/courses/${paid.id}/students`, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 1,
      students: [
        {
          user_id: enrolled.user.id,
          course_id: paid.id,
          user_name: enrolled.user.name,
          email: enrolled.user.email,
          user_avatar: null,
          progress: 40,
          start_date: '2026-03-02T18:00:02.000Z',
          completed_date: null,
        },
      ],
    });
  });

  it('is for admins only, and 404 for an unknown course', async () => {
    const url = `/api/courses/${paid.id}/students`;
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, enrolled.auth)).statusCode).toBe(403);
    const res = await get(`/api/courses/${randomUUID()}/students`, admin.auth);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Course not found');
  });
});

// These courses would change the counts the lists above assert: they are gone after this block.
describe('published courses without lessons', () => {
  let empty: CreatedCourse;
  let modulesOnly: CreatedCourse;
  let draft: CreatedCourse;

  beforeAll(async () => {
    t.clock.advance(1000);
    empty = await createCourse(t, { title: 'Chen Laojia (coming)', category: 'Taijiquan' });
    modulesOnly = await createCourse(t, { title: 'Yang Long Form (outline)', modules: 2 });
    draft = await createCourse(t, { title: 'Wudang Sword (draft)', is_published: false });
  });
  afterAll(async () => {
    await t.database.db.delete(courses).where(inArray(courses.id, [empty.id, modulesOnly.id, draft.id]));
  });

  it('are not listed to visitors or students; unpublished ones still are, as Under Construction', async () => {
    for (const headers of [undefined, student.auth]) {
      const body = await list('/api/courses', headers);
      const ids = body.courses.map((c) => c.id);
      expect(ids).not.toContain(empty.id);
      expect(ids).not.toContain(modulesOnly.id);
      expect(ids).toContain(draft.id);
      expect(body.total).toBe(4);
      expect(body.courses.every((c) => !c.is_published || c.lesson_count > 0)).toBe(true);
    }
  });

  it('are listed to admins, who fill them', async () => {
    const body = await list('/api/courses', admin.auth);
    expect(body.courses.map((c) => c.id)).toEqual(expect.arrayContaining([empty.id, modulesOnly.id]));
    expect(body.total).toBe(6);
  });

  it('are not found by the search for students', async () => {
    expect((await list('/api/courses/search?q=laojia', student.auth)).courses).toEqual([]);
    expect((await list('/api/courses/search?q=laojia', admin.auth)).courses.map((c) => c.id)).toEqual([
      empty.id,
    ]);
  });

  it('still open by id, with an outline that has nothing to lock', async () => {
    const course = await detailOf(modulesOnly.id, student.auth);
    expect(course.modules).toHaveLength(2);
    expect(course.modules.flatMap((m) => m.lessons)).toEqual([]);
  });
});
