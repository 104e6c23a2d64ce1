import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { createAdmin, createUser } from '../test/factories';
import { createCourse, enrollUser } from './courses/test/factories';

/* Error answers the routes document that no module's own tests reached. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('401 without a token', () => {
  it('PUT /api/user/{userId}/course/{courseId}/progress', async () => {
    const student = await createUser(t);
    const course = await createCourse(t, { modules: 1, lessonsPerModule: 1 });
    await enrollUser(t, student.user.id, course.id);
    const url = `/api/user/${student.user.id}/course/${course.id}/progress`;
    const res = await t.call('PUT', url, { progress: 50 }, {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const expired = await t.call('PUT', url, { progress: 50 }, { authorization: 'Bearer not-a-session' });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    // The owner, for contrast, is answered.
    expect((await t.call('PUT', url, { progress: 50 }, student.auth)).statusCode).toBe(200);
  });
});

describe('404 for an id nothing has', () => {
  it('PUT /api/courses/{id}/publish', async () => {
    const admin = await createAdmin(t);
    const res = await t.call(
      'PUT',
      `/api/courses/${randomUUID()}/publish`,
      { is_published: true },
      admin.auth,
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'Course not found', code: 'COURSE_NOT_FOUND' });
  });

  it('PUT /api/modules/{id}/lessons/order', async () => {
    const admin = await createAdmin(t);
    const course = await createCourse(t, { modules: 1, lessonsPerModule: 2 });
    const res = await t.call(
      'PUT',
      `/api/modules/${randomUUID()}/lessons/order`,
      {
        lesson_ids: course.lessonIds[0],
      },
      admin.auth,
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'Module not found', code: 'MODULE_NOT_FOUND' });
  });

  it('GET /api/users/{id}/course-requests, as an administrator', async () => {
    const admin = await createAdmin(t);
    const res = await t.call('GET', `/api/users/${randomUUID()}/course-requests`, undefined, admin.auth);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'User not found', code: 'USER_NOT_FOUND' });
  });

  it('GET /api/users/{id}/reviews, as an administrator', async () => {
    const admin = await createAdmin(t);
    const res = await t.call('GET', `/api/users/${randomUUID()}/reviews`, undefined, admin.auth);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'User not found', code: 'USER_NOT_FOUND' });
  });
});

describe('400 for a malformed request', () => {
  it('POST /api/courses/{id}/modules: the body', async () => {
    const admin = await createAdmin(t);
    const course = await createCourse(t, { modules: 1, lessonsPerModule: 1 });
    for (const [body, message] of [
      [{ title: 42 }, 'Title must be text'],
      [{ title: '   ' }, 'Module title cannot be blank'],
      [{ title: 'x'.repeat(201) }, 'Title must be at most 200 characters'],
      [{ description: 'x'.repeat(5001) }, 'Description must be at most 5000 characters'],
      [{ order_sequence: 0 }, 'Order must be a whole number, 1 or more'],
      [{ order_sequence: 1.5 }, 'Order must be a whole number, 1 or more'],
    ] as const) {
      const res = await t.call('POST', `/api/courses/${course.id}/modules`, body, admin.auth);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
    }
    const modules = await t.call('GET', `/api/courses/${course.id}`, undefined, admin.auth);
    expect(modules.json().course.modules).toHaveLength(1);
  });

  it('GET /api/admin/users-without-terms: the version', async () => {
    const admin = await createAdmin(t);
    for (const version of ['', '%20%20', 'x'.repeat(51)]) {
      const res = await t.call(
        'GET',
        `/api/admin/users-without-terms?version=${version}`,
        undefined,
        admin.auth,
      );
      expect(res.statusCode, version).toBe(400);
      expect(res.json(), version).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect((await t.call('GET', '/api/admin/users-without-terms', undefined, admin.auth)).statusCode).toBe(
      200,
    );
  });
});

describe('413 for a body past its limit', () => {
  it('POST /api/admin/ai-sifu/knowledge/import: 10 MB, more than the usual megabyte', async () => {
    const admin = await createAdmin(t);
    const entry = { kind: 'manual', title: 'Long', body: 'x'.repeat(19_000) };
    const within = await t.call(
      'POST',
      '/api/admin/ai-sifu/knowledge/import',
      {
        version: 1,
        entries: [{ ...entry, key: 'manual-within-the-limit' }, ...Array.from({ length: 59 }, () => entry)],
      },
      admin.auth,
    );
    expect(within.statusCode, within.body.slice(0, 200)).toBe(200);
    const past = await t.call(
      'POST',
      '/api/admin/ai-sifu/knowledge/import',
      {
        version: 1,
        entries: Array.from({ length: 560 }, () => entry),
      },
      admin.auth,
    );
    expect(past.statusCode).toBe(413);
    expect(past.json()).toMatchObject({ code: expect.any(String), error: expect.any(String) });
  });
});
