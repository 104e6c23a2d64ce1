import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';
import { createCourse, enrollmentRows, enrollUser } from '../courses/test/factories';
import { itConcurrently } from '../../test/concurrency';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
const enroll = (userId: string, courseId: string, headers?: Headers, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/user/${userId}/enroll/${courseId}`, headers, payload });
const unenroll = (userId: string, courseId: string, headers?: Headers) =>
  t.app.inject({ method: 'DELETE', url: `/api/user/${userId}/enroll/${courseId}`, headers });
const enrolled = (userId: string, courseId: string, headers?: Headers) =>
  t.app.inject({ method: 'GET', url: `/api/user/${userId}/enrolled/${courseId}`, headers });
const list = (query: string, headers?: Headers) =>
  t.app.inject({ method: 'GET', url: `/api/enrollments${query}`, headers });

describe('POST /api/user/:userId/enroll/:courseId', () => {
  it('enrols a student in a free course directly (201), then answers 200 with the same enrolment', async () => {
    const course = await createCourse(t, { modules: 1, lessonsPerModule: 2 });
    const { user, auth } = await createUser(t);
    const first = await enroll(user.id, course.id, auth, {});
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      enrolled: true,
      enrollment: {
        id: expect.any(String),
        user_id: user.id,
        course_id: course.id,
        source: 'free',
        progress: 0,
        start_date: t.clock.now().toISOString(),
        completed_date: null,
      },
    });
    const again = await enroll(user.id, course.id, auth);
    expect(again.statusCode).toBe(200);
    expect(again.json().enrollment.id).toBe(first.json().enrollment.id);
    expect(await enrollmentRows(t, user.id, course.id)).toHaveLength(1);
  });

  itConcurrently('keeps exactly one enrolment under 20 parallel requests', async () => {
    const course = await createCourse(t);
    const { user, auth } = await createUser(t);
    const results = await Promise.all(Array.from({ length: 20 }, () => enroll(user.id, course.id, auth)));
    const statuses = results.map((res) => res.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    expect(new Set(results.map((res) => res.json().enrollment.id)).size).toBe(1);
    expect(await enrollmentRows(t, user.id, course.id)).toHaveLength(1);
  });

  it('refuses a paid course to a student (403 PAYMENT_REQUIRED) and stores nothing', async () => {
    const course = await createCourse(t, { price: 49.99 });
    const { user, auth } = await createUser(t);
    const res = await enroll(user.id, course.id, auth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'This course requires payment', code: 'PAYMENT_REQUIRED' });
    expect(await enrollmentRows(t, user.id, course.id)).toHaveLength(0);
  });

  it('lets an admin enrol a student in a paid or unpublished course, with a start date', async () => {
    const admin = await createAdmin(t);
    const { user, auth } = await createUser(t);
    const paid = await createCourse(t, { price: 120 });
    const res = await enroll(user.id, paid.id, admin.auth, { startDate: '2026-01-15T09:00:00.000Z' });
    expect(res.statusCode).toBe(201);
    expect(res.json().enrollment).toMatchObject({ source: 'admin', start_date: '2026-01-15T09:00:00.000Z' });
    // Once enrolled, the student's own request answers with the enrolment instead of asking for payment.
    const own = await enroll(user.id, paid.id, auth);
    expect(own.statusCode).toBe(200);
    expect(own.json().enrollment.source).toBe('admin');

    const hidden = await createCourse(t, { is_published: false });
    expect((await enroll(user.id, hidden.id, admin.auth)).statusCode).toBe(201);
  });

  it('ignores a start date sent by a student', async () => {
    const course = await createCourse(t);
    const { user, auth } = await createUser(t);
    const res = await enroll(user.id, course.id, auth, { startDate: '2020-01-01' });
    expect(res.statusCode).toBe(201);
    expect(res.json().enrollment.start_date).toBe(t.clock.now().toISOString());
  });

  it('answers 404 Course not found for unknown and, to students, unpublished courses', async () => {
    const { user, auth } = await createUser(t);
    const hidden = await createCourse(t, { is_published: false });
    for (const courseId of [hidden.id, randomUUID()]) {
      const res = await enroll(user.id, courseId, auth);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Course not found', code: 'COURSE_NOT_FOUND' });
    }
    const admin = await createAdmin(t);
    expect((await enroll(user.id, randomUUID(), admin.auth)).statusCode).toBe(404);
    const unknownUser = await enroll(randomUUID(), hidden.id, admin.auth);
    expect(unknownUser.statusCode).toBe(404);
    expect(unknownUser.json().error).toBe('User not found');
  });

  it('refuses to enrol another student (403), without a token (401) and bad input (400)', async () => {
    const course = await createCourse(t);
    const { user } = await createUser(t);
    const other = await createUser(t);
    const res = await enroll(user.id, course.id, other.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'You can only access your own account', code: 'NOT_OWNER' });
    expect((await enroll(user.id, course.id)).statusCode).toBe(401);

    const badUser = await enroll('nope', course.id, other.auth);
    expect(badUser.statusCode).toBe(400);
    expect(badUser.json().error).toBe('Invalid user id');
    const badCourse = await enroll(other.user.id, 'nope', other.auth);
    expect(badCourse.json().error).toBe('Invalid course id');
    const badDate = await enroll(other.user.id, course.id, other.auth, { startDate: 'yesterday' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error).toBe('Start date must be a valid date');
    expect(await enrollmentRows(t, user.id, course.id)).toHaveLength(0);
    expect(await enrollmentRows(t, other.user.id, course.id)).toHaveLength(0);
  });
});

describe('DELETE /api/user/:userId/enroll/:courseId', () => {
  it('removes the enrolment; completed lessons come back when the student enrols again', async () => {
    const course = await createCourse(t, { modules: 1, lessonsPerModule: 2 });
    const { user, auth } = await createUser(t);
    await enroll(user.id, course.id, auth);
    const done = await t.call(
      'POST',
      `/api/lessons/${course.allLessonIds[0]}/complete`,
      { userId: user.id },
      auth,
    );
    expect(done.json().course_progress).toBe(50);

    const res = await unenroll(user.id, course.id, auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await enrolled(user.id, course.id, auth)).json()).toEqual({ enrolled: false });

    const again = await enroll(user.id, course.id, auth);
    expect(again.statusCode).toBe(201);
    expect(again.json().enrollment.progress).toBe(50);
  });

  it('answers 404 when not enrolled, 403 for another student, 401 without a token', async () => {
    const course = await createCourse(t);
    const { user, auth } = await createUser(t);
    const missing = await unenroll(user.id, course.id, auth);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'You are not enrolled in this course', code: 'NOT_ENROLLED' });

    await enrollUser(t, user.id, course.id);
    const other = await createUser(t);
    expect((await unenroll(user.id, course.id, other.auth)).statusCode).toBe(403);
    expect((await unenroll(user.id, course.id)).statusCode).toBe(401);
    expect(await enrollmentRows(t, user.id, course.id)).toHaveLength(1);

    const admin = await createAdmin(t);
    expect((await unenroll(user.id, course.id, admin.auth)).statusCode).toBe(200);
    expect(await enrollmentRows(t, user.id, course.id)).toHaveLength(0);
  });
});

describe('GET /api/user/:userId/enrolled/:courseId', () => {
  it('tells the student and admins whether the student is enrolled', async () => {
    const course = await createCourse(t);
    const { user, auth } = await createUser(t);
    expect((await enrolled(user.id, course.id, auth)).json()).toEqual({ enrolled: false });
    await enrollUser(t, user.id, course.id);
    expect((await enrolled(user.id, course.id, auth)).json()).toEqual({ enrolled: true });
    const admin = await createAdmin(t);
    expect((await enrolled(user.id, course.id, admin.auth)).json()).toEqual({ enrolled: true });
    expect((await enrolled(user.id, randomUUID(), auth)).json()).toEqual({ enrolled: false });
  });

  it('answers 403 for another student, 401 without a token and 400 for a bad id', async () => {
    const course = await createCourse(t);
    const { user } = await createUser(t);
    const other = await createUser(t);
    expect((await enrolled(user.id, course.id, other.auth)).statusCode).toBe(403);
    expect((await enrolled(user.id, course.id)).statusCode).toBe(401);
    expect((await enrolled(user.id, 'x', other.auth)).statusCode).toBe(400);
  });
});

describe('GET /api/enrollments', () => {
  it('lists enrolments with student and course, newest first, paginated', async () => {
    const admin = await createAdmin(t);
    const course = await createCourse(t, { title: 'Baguazhang circle walking' });
    const first = await createUser(t, { name: 'First Student' });
    const second = await createUser(t, { name: 'Second Student' });
    t.clock.advance(60_000);
    await enroll(first.user.id, course.id, first.auth);
    t.clock.advance(60_000);
    await enroll(second.user.id, course.id, second.auth);

    const res = await list('?limit=2', admin.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBeGreaterThanOrEqual(2);
    expect(body.enrollments).toHaveLength(2);
    expect(body.enrollments[0]).toEqual({
      id: expect.any(String),
      user_id: second.user.id,
      course_id: course.id,
      course_title: 'Baguazhang circle walking',
      user_name: 'Second Student',
      email: second.user.email,
      user_avatar: null,
      source: 'free',
      progress: 0,
      start_date: t.clock.now().toISOString(),
      completed_date: null,
    });
    expect(body.enrollments[1].user_id).toBe(first.user.id);

    const next = await list('?limit=1&offset=1', admin.auth);
    expect(next.json().enrollments[0].user_id).toBe(first.user.id);
  });

  it('validates limit and offset', async () => {
    const admin = await createAdmin(t);
    const cases: [string, string][] = [
      ['?limit=0', 'Limit must be at least 1'],
      ['?limit=501', 'Limit must be at most 500'],
      ['?limit=abc', 'Limit must be a whole number'],
      ['?offset=-1', 'Offset must be 0 or more'],
    ];
    for (const [query, message] of cases) {
      const res = await list(query, admin.auth);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect((await list('?limit=500', admin.auth)).statusCode).toBe(200);
  });

  it('is for admins only', async () => {
    const student = await createUser(t);
    expect((await list('', student.auth)).statusCode).toBe(403);
    expect((await list('')).statusCode).toBe(401);
  });
});
