import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lesson, Module } from '../../../common/courses';
import { courses, lessons, modules } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';
import { STARTER_QUIZ } from '../../../common/quiz';
import { createCourse, DEFAULT_QUIZ } from './test/factories';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let student: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  student = await createUser(t);
});
afterAll(async () => t.close());

type Method = 'POST' | 'PUT' | 'DELETE';
const send = (method: Method, url: string, payload?: unknown, headers = admin.auth) =>
  t.app.inject({ method, url, payload: payload as object, headers });
const db = () => t.database.db;
const moduleOrder = async (courseId: string) =>
  (
    await db()
      .select({ id: modules.id, order: modules.order_sequence })
      .from(modules)
      .where(eq(modules.course_id, courseId))
      .orderBy(asc(modules.order_sequence))
  ).map((m) => [m.id, m.order]);
const lessonOrder = async (moduleId: string) =>
  (
    await db()
      .select({ id: lessons.id, order: lessons.order_sequence })
      .from(lessons)
      .where(eq(lessons.module_id, moduleId))
      .orderBy(asc(lessons.order_sequence))
  ).map((l) => [l.id, l.order]);
const courseUpdatedAt = async (id: string) =>
  (await db().select().from(courses).where(eq(courses.id, id)))[0]!.updated_at.toISOString();

describe('modules', () => {
  it('POST adds a module with the defaults, last in order, and bumps the course', async () => {
    const course = await createCourse(t, { modules: 2 });
    t.clock.advance(5000);
    const res = await send('POST', `/api/courses/${course.id}/modules`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ module: Module }>().module).toMatchObject({
      course_id: course.id,
      title: 'New Module',
      description: 'Add a description',
      order_sequence: 3,
      lessons: [],
    });
    expect(await courseUpdatedAt(course.id)).toBe(t.clock.now().toISOString());
  });

  it('POST with an order_sequence inserts there and shifts the rest', async () => {
    const course = await createCourse(t, { modules: 2 });
    const res = await send('POST', `/api/courses/${course.id}/modules`, {
      title: 'Warm-up',
      description: 'Standing',
      order_sequence: 1,
    });
    const created = res.json<{ module: Module }>().module;
    expect(created).toMatchObject({ title: 'Warm-up', description: 'Standing', order_sequence: 1 });
    expect(await moduleOrder(course.id)).toEqual([
      [created.id, 1],
      [course.moduleIds[0], 2],
      [course.moduleIds[1], 3],
    ]);
  });

  it('PUT renames and moves a module', async () => {
    const course = await createCourse(t, { modules: 3 });
    const [a, b, c] = course.moduleIds;
    const res = await send('PUT', `/api/modules/${c}`, { title: 'Renamed', order_sequence: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().module).toMatchObject({ title: 'Renamed', order_sequence: 1 });
    expect(await moduleOrder(course.id)).toEqual([
      [c, 1],
      [a, 2],
      [b, 3],
    ]);
  });

  it('PUT changes the description alone, which students then read, and may clear it', async () => {
    const course = await createCourse(t, { modules: 1 });
    const moduleId = course.moduleIds[0]!;
    const res = await send('PUT', `/api/modules/${moduleId}`, { description: 'Rooting the stance.' });
    expect(res.statusCode).toBe(200);
    const updated = res.json<{ module: Module }>().module;
    expect(updated.description).toBe('Rooting the stance.');
    const detail = await t.call('GET', `/api/courses/${course.id}`, undefined, student.auth);
    expect(detail.json().course.modules[0]).toMatchObject({
      title: updated.title,
      description: 'Rooting the stance.',
    });
    const cleared = await send('PUT', `/api/modules/${moduleId}`, { description: '' });
    expect(cleared.json<{ module: Module }>().module.description).toBe('');
  });

  it.each([
    [{ title: '  ' }, 'Module title cannot be blank'],
    [{ order_sequence: 0 }, 'Order must be a whole number, 1 or more'],
    [{ description: 5 }, 'Description must be text'],
  ])('PUT rejects %j', async (payload, message) => {
    const course = await createCourse(t, { modules: 1 });
    const res = await send('PUT', `/api/modules/${course.moduleIds[0]}`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it('DELETE removes the module with its lessons and renumbers the rest', async () => {
    const course = await createCourse(t, { modules: 3, lessonsPerModule: 2 });
    const [a, b, c] = course.moduleIds;
    expect((await send('DELETE', `/api/modules/${b}`)).json()).toEqual({ success: true });
    expect(await moduleOrder(course.id)).toEqual([
      [a, 1],
      [c, 2],
    ]);
    expect(await lessonOrder(b!)).toEqual([]);
    expect((await send('DELETE', `/api/modules/${b}`)).json().error).toBe('Module not found');
  });

  it('answers 404 for unknown modules and courses', async () => {
    expect((await send('POST', `/api/courses/${randomUUID()}/modules`, {})).json().error).toBe(
      'Course not found',
    );
    expect((await send('PUT', `/api/modules/${randomUUID()}`, {})).json().error).toBe('Module not found');
    expect((await send('POST', `/api/modules/${randomUUID()}/lessons`, {})).json().error).toBe(
      'Module not found',
    );
  });
});

describe('PUT /api/courses/:id/modules/order', () => {
  it('rewrites the whole order at once', async () => {
    const course = await createCourse(t, { modules: 3 });
    const [a, b, c] = course.moduleIds;
    const res = await send('PUT', `/api/courses/${course.id}/modules/order`, { module_ids: [c, a, b] });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ modules: Module[] }>().modules.map((m) => [m.id, m.order_sequence])).toEqual([
      [c, 1],
      [a, 2],
      [b, 3],
    ]);
    const detail = await t.app.inject({ method: 'GET', url: `/api/courses/${course.id}` });
    expect(detail.json().course.modules.map((m: Module) => m.id)).toEqual([c, a, b]);
  });

  it.each([
    ['a missing module', (ids: string[]) => ids.slice(0, 2)],
    ['a duplicate', (ids: string[]) => [ids[0], ids[0], ids[1]]],
    ['a foreign id', (ids: string[]) => [ids[0], ids[1], randomUUID()]],
    ['an extra id', (ids: string[]) => [...ids, randomUUID()]],
  ])('rejects a list with %s and changes nothing', async (_case, wrong) => {
    const course = await createCourse(t, { modules: 3 });
    const before = await moduleOrder(course.id);
    const res = await send('PUT', `/api/courses/${course.id}/modules/order`, {
      module_ids: wrong(course.moduleIds),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("module_ids must list each of the course's modules exactly once");
    expect(await moduleOrder(course.id)).toEqual(before);
  });

  it('rejects malformed ids and unknown courses', async () => {
    const course = await createCourse(t, { modules: 1 });
    const bad = await send('PUT', `/api/courses/${course.id}/modules/order`, { module_ids: ['x'] });
    expect(bad.json().error).toBe('module_ids must be a list of ids');
    const res = await send('PUT', `/api/courses/${randomUUID()}/modules/order`, { module_ids: [] });
    expect(res.statusCode).toBe(404);
  });
});

describe('lessons', () => {
  it('POST adds a lesson with the defaults, last in order', async () => {
    const course = await createCourse(t, { modules: 1, lessonsPerModule: 2 });
    const res = await send('POST', `/api/modules/${course.moduleIds[0]}/lessons`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ lesson: Lesson }>().lesson).toMatchObject({
      module_id: course.moduleIds[0],
      title: 'New Lesson',
      lesson_type: 'video',
      content_url: null,
      content_text: '',
      duration_minutes: 0,
      is_required: true,
      order_sequence: 3,
    });
  });

  it('POST stores every field; a "10:30" duration keeps its minutes', async () => {
    const course = await createCourse(t, { modules: 1, lessonsPerModule: 1 });
    const res = await send('POST', `/api/modules/${course.moduleIds[0]}/lessons`, {
      title: 'Santi stance',
      lesson_type: 'video',
      content_url: '/media/videos/santi.mp4',
      content_text: 'Stand for five minutes',
      duration_minutes: '10:30',
      is_required: false,
      order_sequence: 1,
    });
    const lesson = res.json<{ lesson: Lesson }>().lesson;
    expect(lesson).toMatchObject({
      content_url: '/media/videos/santi.mp4',
      duration_minutes: 10,
      is_required: false,
      order_sequence: 1,
    });
    expect(await lessonOrder(course.moduleIds[0]!)).toEqual([
      [lesson.id, 1],
      [course.lessonIds[0]![0], 2],
    ]);
  });

  it('PUT updates and moves a lesson; DELETE renumbers the rest', async () => {
    const course = await createCourse(t, { modules: 1, lessonsPerModule: 3 });
    const [a, b, c] = course.lessonIds[0]!;
    const res = await send('PUT', `/api/lessons/${a}`, { title: 'Last now', order_sequence: 3 });
    expect(res.json().lesson).toMatchObject({ title: 'Last now', order_sequence: 3 });
    expect((await send('DELETE', `/api/lessons/${b}`)).json()).toEqual({ success: true });
    expect(await lessonOrder(course.moduleIds[0]!)).toEqual([
      [c, 1],
      [a, 2],
    ]);
    expect((await send('PUT', `/api/lessons/${b}`, {})).json().error).toBe('Lesson not found');
    expect((await send('DELETE', `/api/lessons/${b}`)).statusCode).toBe(404);
  });

  it.each([
    [{ lesson_type: 'podcast' }, 'Lesson type must be video, article or quiz'],
    [{ duration_minutes: -5 }, 'Duration must be a whole number of minutes, 0 or more'],
    [{ content_url: 'ftp://x/y' }, 'Must be a /media/ path or an http(s) URL'],
    [{ title: '' }, 'Lesson title cannot be blank'],
  ])('POST rejects %j', async (payload, message) => {
    const course = await createCourse(t, { modules: 1 });
    const res = await send('POST', `/api/modules/${course.moduleIds[0]}/lessons`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    expect(await lessonOrder(course.moduleIds[0]!)).toEqual([]);
  });

  it('PUT /modules/:id/lessons/order reorders atomically and rejects a wrong list', async () => {
    const course = await createCourse(t, { modules: 2, lessonsPerModule: 3 });
    const [a, b, c] = course.lessonIds[0]!;
    const url = `/api/modules/${course.moduleIds[0]}/lessons/order`;
    const res = await send('PUT', url, { lesson_ids: [b, c, a] });
    expect(res.json<{ lessons: Lesson[] }>().lessons.map((l) => l.id)).toEqual([b, c, a]);
    const before = await lessonOrder(course.moduleIds[0]!);
    const wrong = await send('PUT', url, { lesson_ids: [a, b, course.lessonIds[1]![0]] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe("lesson_ids must list each of the module's lessons exactly once");
    expect(await lessonOrder(course.moduleIds[0]!)).toEqual(before);
  });
});

describe('quiz lessons', () => {
  const addQuiz = async (content_text: unknown) => {
    const course = await createCourse(t, { modules: 1 });
    return send('POST', `/api/modules/${course.moduleIds[0]}/lessons`, { lesson_type: 'quiz', content_text });
  };

  it('stores valid questions in their normal form (question becomes text)', async () => {
    const res = await addQuiz(
      JSON.stringify([
        { id: 'a', question: 'Which foot leads?', options: ['Left', 'Right'], correctAnswer: 1 },
      ]),
    );
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.json().lesson.content_text)).toEqual([
      { id: 'a', text: 'Which foot leads?', options: ['Left', 'Right'], correctAnswer: 1 },
    ]);
  });

  it('accepts the list itself; a quiz created without content starts with one question', async () => {
    expect(JSON.parse((await addQuiz(DEFAULT_QUIZ)).json().lesson.content_text)).toEqual(DEFAULT_QUIZ);
    const starter = await addQuiz(undefined);
    expect(starter.statusCode).toBe(200);
    expect(JSON.parse(starter.json().lesson.content_text)).toEqual(STARTER_QUIZ);
  });

  const onlyQuestion = (fields: Record<string, unknown>) => [{ id: 'a', text: 'Q', ...fields }];

  // Each rule: the content sent, the message, and the field it names in details.
  const refusals: [string, unknown, string, string][] = [
    ['an empty list', [], 'A quiz needs at least one question', 'content_text'],
    ['an empty JSON list', '[]', 'A quiz needs at least one question', 'content_text'],
    ['blank text', ' ', 'A quiz needs at least one question', 'content_text'],
    [
      'a question without a correct answer',
      onlyQuestion({ options: ['x', 'y'] }),
      'Question 1: Each question needs a correct answer',
      'content_text.0.correctAnswer',
    ],
    [
      'a question whose correct answer is null',
      onlyQuestion({ options: ['x', 'y'], correctAnswer: null }),
      'Question 1: Each question needs a correct answer',
      'content_text.0.correctAnswer',
    ],
    [
      'a question with one option',
      onlyQuestion({ options: ['only'], correctAnswer: 0 }),
      'Question 1: A question needs at least 2 options',
      'content_text.0.options',
    ],
    [
      'a question without options',
      onlyQuestion({ correctAnswer: 0 }),
      'Question 1: A question needs at least 2 options',
      'content_text.0.options',
    ],
  ];

  it.each(refusals)('POST refuses %s and stores nothing', async (_name, content, message, path) => {
    const course = await createCourse(t, { modules: 1 });
    const res = await send('POST', `/api/modules/${course.moduleIds[0]}/lessons`, {
      lesson_type: 'quiz',
      content_text: content,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, code: 'INVALID_QUIZ', details: [{ path, message }] });
    expect(await lessonOrder(course.moduleIds[0]!)).toEqual([]);
  });

  it.each(refusals)('PUT refuses %s and changes nothing', async (_name, content, message, path) => {
    const course = await createCourse(t, { modules: 1, quiz: true });
    const before = await courseUpdatedAt(course.id);
    t.clock.advance(5000);
    const res = await send('PUT', `/api/lessons/${course.quizLessonId}`, {
      title: 'Renamed',
      content_text: content,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, code: 'INVALID_QUIZ', details: [{ path, message }] });
    const [row] = await db().select().from(lessons).where(eq(lessons.id, course.quizLessonId!));
    expect(row).toMatchObject({ title: 'Quiz', content_text: JSON.stringify(DEFAULT_QUIZ) });
    expect(await courseUpdatedAt(course.id)).toBe(before);
  });

  it('PUT refuses turning a lesson without content into a quiz, which would have no questions', async () => {
    const course = await createCourse(t, { modules: 1 });
    const created = await send('POST', `/api/modules/${course.moduleIds[0]}/lessons`, {
      lesson_type: 'article',
    });
    const id = created.json<{ lesson: Lesson }>().lesson.id;
    const res = await send('PUT', `/api/lessons/${id}`, { lesson_type: 'quiz' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('A quiz needs at least one question');
    const [row] = await db().select().from(lessons).where(eq(lessons.id, id));
    expect(row).toMatchObject({ lesson_type: 'article', content_text: '' });
  });

  it.each([
    ['not json', 'Quiz questions must be a JSON list'],
    ['{"id":"a"}', 'Quiz questions must be a JSON list'],
    [[{ id: 'a', text: 'Q', options: ['x', ' '], correctAnswer: 0 }], 'Question 1: Options cannot be blank'],
    [
      [{ id: 'a', text: 'Q', options: ['x', 'y'], correctAnswer: 2 }],
      'Question 1: The correct answer must be one of the options',
    ],
    [[{ id: 'a', options: ['x', 'y'], correctAnswer: 0 }], 'Question 1: Each question needs text'],
    [[{ text: 'Q', options: ['x', 'y'], correctAnswer: 0 }], 'Question 1: Each question needs an id'],
    [
      [
        { id: 'a', text: 'Q', options: ['x', 'y'], correctAnswer: 0 },
        { id: 'a', text: 'R', options: ['x', 'y'], correctAnswer: 1 },
      ],
      'Question 2: Question ids must be unique',
    ],
  ])('rejects %j', async (content, message) => {
    const res = await addQuiz(content);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, code: 'INVALID_QUIZ' });
  });

  it('validates when a lesson becomes a quiz or its questions change, and changes nothing on error', async () => {
    const course = await createCourse(t, { modules: 1, lessonsPerModule: 1, quiz: true });
    const video = course.lessonIds[0]![0]!;
    const toQuiz = await send('PUT', `/api/lessons/${video}`, { lesson_type: 'quiz' });
    expect(toQuiz.json().error).toBe('Quiz questions must be a JSON list');
    const bad = await send('PUT', `/api/lessons/${course.quizLessonId}`, {
      title: 'Renamed',
      content_text: [{ id: 'q', text: 'Q', options: ['x'], correctAnswer: 0 }],
    });
    expect(bad.json().error).toBe('Question 1: A question needs at least 2 options');
    const [row] = await db().select().from(lessons).where(eq(lessons.id, course.quizLessonId!));
    expect(row).toMatchObject({ title: 'Quiz', content_text: JSON.stringify(DEFAULT_QUIZ) });
  });
});

describe('content routes: access', () => {
  it.each([
    ['POST', `/api/courses/${randomUUID()}/modules`],
    ['PUT', `/api/courses/${randomUUID()}/modules/order`],
    ['PUT', `/api/modules/${randomUUID()}`],
    ['DELETE', `/api/modules/${randomUUID()}`],
    ['POST', `/api/modules/${randomUUID()}/lessons`],
    ['PUT', `/api/modules/${randomUUID()}/lessons/order`],
    ['PUT', `/api/lessons/${randomUUID()}`],
    ['DELETE', `/api/lessons/${randomUUID()}`],
  ] as const)('%s %s: 401 without a token, 403 for a student', async (method, url) => {
    const payload = method === 'DELETE' ? undefined : {};
    expect((await t.app.inject({ method, url, payload })).statusCode).toBe(401);
    const res = await send(method, url, payload, student.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Admin access required');
  });
});
