import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetail } from '../../../common/courses';
import { courseFeatures, courses, enrollments, lessons, modules, reviews } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';
import { createCourse, enrollUser } from './test/factories';

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
const send = (method: Method, url: string, payload?: object, headers = admin.auth) =>
  t.app.inject({ method, url, payload, headers });
const create = async (payload?: object) => {
  const res = await send('POST', '/api/courses', payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ course: CourseDetail }>().course;
};
const rowOf = async (id: string) => (await t.database.db.select().from(courses).where(eq(courses.id, id)))[0];

describe('POST /api/courses', () => {
  it('applies the defaults to missing fields', async () => {
    const course = await create({});
    expect(course).toMatchObject({
      title: 'Untitled Course',
      category: 'General',
      language: 'English',
      skill_level: 'beginner',
      is_published: true,
      is_series: false,
      regular_price: 0,
      estimated_hours: 0,
      currency: 'USD',
      modules: [],
      enrolled_students: 0,
    });
    expect(course.features.map((f) => f.name)).toEqual([
      'Community Access',
      'Certificate of Completion',
      'Lifetime Access',
    ]);
    expect((await rowOf(course.id))!.created_by).toBe(admin.user.id);
  });

  it('takes a body-less request as all defaults', async () => {
    const res = await t.call('POST', '/api/courses', undefined, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().course.title).toBe('Untitled Course');
  });

  it('stores every field: price in cents, skill level lowercased, objectives as lines', async () => {
    const course = await create({
      title: '  Xingyiquan Five Fists  ',
      description: 'Pi, Zuan, Beng, Pao, Heng',
      thumbnail_url: '/media/courses/thumb.jpg',
      instructor_name: 'Sifu Li',
      instructor_avatar: 'https://example.org/li.png',
      skill_level: 'Intermediate',
      category: 'Xingyiquan',
      language: 'Mandarin',
      estimated_hours: 12,
      regular_price: 49.99,
      prerequisites: 'Santi stance\n\n  Basic footwork  ',
      learning_objectives: ['  Splitting fist ', '', 'Drilling fist'],
      is_published: false,
      is_series: true,
      features: [1, 8],
    });
    expect(course).toMatchObject({
      title: 'Xingyiquan Five Fists',
      thumbnail_url: '/media/courses/thumb.jpg',
      instructor_avatar: 'https://example.org/li.png',
      skill_level: 'intermediate',
      language: 'Mandarin',
      estimated_hours: 12,
      regular_price: 49.99,
      prerequisites: 'Santi stance\nBasic footwork',
      learning_objectives: 'Splitting fist\nDrilling fist',
      is_published: false,
      is_series: true,
      features: [
        { id: 1, name: 'Video Content' },
        { id: 8, name: 'Interactive Quizzes' },
      ],
    });
    expect((await rowOf(course.id))!.price_cents).toBe(4999);
  });

  it('accepts a price given as text', async () => {
    expect((await create({ regular_price: '19.5' })).regular_price).toBe(19.5);
  });

  it.each([
    [{ features: [3, 3] }, 'A feature can be added only once'],
    [{ features: [9] }, 'Unknown feature id: 9'],
    [{ features: 'all' }, 'Features must be a list of feature ids'],
    [{ estimated_hours: 1.5 }, 'Estimated hours must be a whole number, 0 or more'],
    [{ estimated_hours: -1 }, 'Estimated hours must be a whole number, 0 or more'],
    [{ regular_price: -1 }, 'Price must be a number, 0 or more'],
    [{ regular_price: '-5' }, 'Price must be a number, 0 or more'],
    [{ estimated_hours: '2.5' }, 'Estimated hours must be a whole number, 0 or more'],
    [{ regular_price: 10.001 }, 'Price can have at most 2 decimal places'],
    [{ regular_price: 'free' }, 'Price must be a number, 0 or more'],
    [{ skill_level: 'master' }, 'Skill level must be Beginner, Intermediate or Advanced'],
    [{ title: '   ' }, 'Title cannot be blank'],
    [{ title: 'x'.repeat(201) }, 'Title must be at most 200 characters'],
    [{ thumbnail_url: 'javascript:alert(1)' }, 'Must be a /media/ path or an http(s) URL'],
    [{ learning_objectives: 42 }, 'Learning objectives must be text or a list of text'],
    [{ is_published: 'yes' }, 'is_published must be true or false'],
  ])('rejects %j', async (payload, message) => {
    const before = (await t.database.db.select().from(courses)).length;
    const res = await send('POST', '/api/courses', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    expect((await t.database.db.select().from(courses)).length).toBe(before);
  });
});

describe('hostile input', () => {
  it.each([
    ['an array body', []],
    ['a NUL byte', { title: 'a\u0000b' }],
    ['a huge price', { regular_price: 1e308 }],
    ['a fractional feature', { features: [1.5] }],
  ])('answers 400, never 500, for %s', async (_case, payload) => {
    const res = await send('POST', '/api/courses', payload);
    expect(res.statusCode).toBe(400);
  });
});

describe('PUT /api/courses/:id', () => {
  it('changes only the fields sent, replaces features and bumps updated_at', async () => {
    const course = await create({ title: 'Before', category: 'Taijiquan', regular_price: 10, features: [1] });
    t.clock.advance(60_000);
    const res = await send('PUT', `/api/courses/${course.id}`, { title: 'After', features: [2, 6] });
    expect(res.statusCode).toBe(200);
    const updated = res.json<{ course: CourseDetail }>().course;
    expect(updated).toMatchObject({ title: 'After', category: 'Taijiquan', regular_price: 10 });
    expect(updated.features.map((f) => f.id)).toEqual([2, 6]);
    expect(Date.parse(updated.updated_at) - Date.parse(course.updated_at)).toBe(60_000);
  });

  it('keeps the features when none are sent, and clears them with an empty list', async () => {
    const course = await create({ features: [7] });
    await send('PUT', `/api/courses/${course.id}`, { description: 'New' });
    expect((await send('PUT', `/api/courses/${course.id}`, {})).json().course.features).toEqual([
      { id: 7, name: 'Subtitles Available' },
    ]);
    expect((await send('PUT', `/api/courses/${course.id}`, { features: [] })).json().course.features).toEqual(
      [],
    );
  });

  it('validates like create and changes nothing on error', async () => {
    const course = await create({ title: 'Keep', features: [1] });
    const res = await send('PUT', `/api/courses/${course.id}`, { title: 'Lost', features: [1, 1] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('A feature can be added only once');
    expect((await rowOf(course.id))!.title).toBe('Keep');
  });

  it('answers 404 for an unknown course', async () => {
    const res = await send('PUT', `/api/courses/${randomUUID()}`, { title: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Course not found');
  });
});

describe('PUT /api/courses/:id/publish', () => {
  it('toggles publication', async () => {
    const course = await create({ is_published: true });
    const res = await send('PUT', `/api/courses/${course.id}/publish`, { is_published: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().course.is_published).toBe(false);
    expect((await rowOf(course.id))!.is_published).toBe(false);
    const missing = await send('PUT', `/api/courses/${course.id}/publish`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('is_published must be true or false');
  });
});

describe('DELETE /api/courses/:id', () => {
  it('deletes the course with its modules, lessons, features, enrolments and reviews', async () => {
    const course = await createCourse(t, { modules: 2, lessonsPerModule: 2, quiz: true });
    await enrollUser(t, student.user.id, course.id);
    await t.database.db.insert(reviews).values({ course_id: course.id, user_id: student.user.id, rating: 5 });
    const res = await send('DELETE', `/api/courses/${course.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const db = t.database.db;
    expect(await rowOf(course.id)).toBeUndefined();
    expect(await db.select().from(modules).where(eq(modules.course_id, course.id))).toEqual([]);
    expect(await db.select().from(lessons).where(eq(lessons.id, course.allLessonIds[0]!))).toEqual([]);
    expect(await db.select().from(courseFeatures).where(eq(courseFeatures.course_id, course.id))).toEqual([]);
    expect(await db.select().from(enrollments).where(eq(enrollments.course_id, course.id))).toEqual([]);
    expect(await db.select().from(reviews).where(eq(reviews.course_id, course.id))).toEqual([]);
    expect((await send('DELETE', `/api/courses/${course.id}`)).statusCode).toBe(404);
  });
});

describe('admin course routes: access', () => {
  it.each([
    ['POST', '/api/courses'],
    ['PUT', `/api/courses/${randomUUID()}`],
    ['PUT', `/api/courses/${randomUUID()}/publish`],
    ['DELETE', `/api/courses/${randomUUID()}`],
  ] as const)('%s %s: 401 without a token, 403 for a student', async (method, url) => {
    const payload = method === 'DELETE' ? undefined : { is_published: true };
    expect((await t.app.inject({ method, url, payload })).statusCode).toBe(401);
    const res = await send(method, url, payload, student.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Admin access required');
  });
});
