import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALREADY_ENROLLED_MESSAGE,
  CLASS_FULL_MESSAGE,
  CLASS_NOT_FOUND_MESSAGE,
  CLASS_TIME_MESSAGE,
  ENROLLMENT_NOT_FOUND_MESSAGE,
  SESSION_END_MESSAGE,
  SESSION_REQUIRED_MESSAGE,
  VIDEO_URL_MESSAGE,
  type Class,
} from '../../../common/classes';
import { classAttendance, classEnrollments, classMeetings, classSignups } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';
import { classBody, createClass } from './test/factories';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(async () => t?.close());

const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin.auth, ...(payload ? { payload } : {}) });

describe('POST /api/admin/classes', () => {
  it('creates a class with the defaults of the form, price in cents and sessions in week order', async () => {
    const res = await as('POST', '/api/admin/classes', {
      ...classBody({ price: 85.5, video_embed_url: 'https://youtu.be/cEOS2zoyQw4' }),
      age_restrictions: '',
      sessions: [
        { day_of_week: 'thursday', start_time: '18:00', end_time: '19:00' },
        { day_of_week: 'tuesday', start_time: '18:00', end_time: '19:00' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const cls = res.json<{ class: Class }>().class;
    expect(res.headers.location).toBe(`/api/classes/${cls.id}`);
    expect(cls).toMatchObject({
      price: 85.5,
      age_restrictions: 'All ages',
      current_enrollment: 0,
      waitlist_count: 0,
      is_full: false,
      video_embed_url: 'https://youtu.be/cEOS2zoyQw4',
    });
    expect(cls.sessions.map((s) => s.day_of_week)).toEqual(['tuesday', 'thursday']);
  });

  it.each([
    [{ class_name: '' }, 'Class name is required'],
    [{ instructor_name: ' ' }, 'Instructor is required'],
    [{ location: '' }, 'Location is required'],
    [{ skill_focus: '' }, 'Skill focus is required'],
    [{ class_type: 'expert' }, 'Please choose a class type'],
    [{ class_duration: 10 }, 'Duration must be at least 15 minutes'],
    [{ class_duration: 301 }, 'Duration must be at most 300 minutes'],
    [{ max_capacity: 0 }, 'Capacity must be at least 1'],
    [{ max_capacity: 101 }, 'Capacity must be at most 100'],
    [{ price: -1 }, 'Price cannot be negative'],
    [{ price: 1.234 }, 'Price must be in whole cents'],
    [{ video_embed_url: 'not a url' }, VIDEO_URL_MESSAGE],
    [{ sessions: [] }, SESSION_REQUIRED_MESSAGE],
    [{ sessions: [{ day_of_week: 'monday', start_time: '19:00', end_time: '18:00' }] }, SESSION_END_MESSAGE],
    [{ sessions: [{ day_of_week: 'monday', start_time: '7pm', end_time: '20:00' }] }, CLASS_TIME_MESSAGE],
    [
      { sessions: [{ day_of_week: 'someday', start_time: '18:00', end_time: '19:00' }] },
      'Please choose a day',
    ],
  ])('refuses %j with its message and keeps nothing', async (change, message) => {
    const before = (await as('GET', '/api/admin/classes')).json().total;
    const res = await as('POST', '/api/admin/classes', { ...classBody(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
    expect((await as('GET', '/api/admin/classes')).json().total).toBe(before);
  });
});

describe('GET /api/admin/classes', () => {
  it('lists every class newest first, filtered by status and paged', async () => {
    const draft = await createClass(t, { is_published: false });
    const published = await createClass(t);
    const drafts = (await as('GET', '/api/admin/classes?status=draft')).json();
    expect(drafts.classes.every((c: Class) => !c.is_published)).toBe(true);
    expect(drafts.classes.map((c: Class) => c.id)).toContain(draft.id);
    const live = (await as('GET', '/api/admin/classes?status=published')).json();
    expect(live.classes.map((c: Class) => c.id)).toContain(published.id);
    const page = (await as('GET', '/api/admin/classes?limit=1&offset=1')).json();
    expect(page.classes).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(2);
    const bad = await as('GET', '/api/admin/classes?status=hidden');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Status must be all, published or draft');
    expect((await as('GET', '/api/admin/classes?limit=201')).json().error).toBe('Limit must be at most 200');
  });
});

describe('PUT /api/admin/classes/{id} and /status', () => {
  it('replaces the fields, toggles publication, and answers 404 for an unknown class', async () => {
    const cls = await createClass(t);
    const res = await as(
      'PUT',
      `/api/admin/classes/${cls.id}`,
      classBody({ class_name: 'Renamed', price: 0 }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().class).toMatchObject({ id: cls.id, class_name: 'Renamed', price: 0 });
    const draft = await as('PUT', `/api/admin/classes/${cls.id}/status`, { status: 'draft' });
    expect(draft.json().class.is_published).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/api/classes/${cls.id}` })).statusCode).toBe(404);
    const bad = await as('PUT', `/api/admin/classes/${cls.id}/status`, { status: 'hidden' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Status must be published or draft');
    const missing = await as('PUT', `/api/admin/classes/${randomUUID()}`, classBody());
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: CLASS_NOT_FOUND_MESSAGE, code: 'CLASS_NOT_FOUND' });
    expect(
      (await as('PUT', `/api/admin/classes/${randomUUID()}/status`, { status: 'draft' })).statusCode,
    ).toBe(404);
  });
});

describe('DELETE /api/admin/classes/{id}', () => {
  it('removes the class with its enrolments, sign-ups, meetings and attendance', async () => {
    const cls = await createClass(t);
    const member = await createUser(t);
    await t.app.inject({ method: 'POST', url: `/api/classes/${cls.id}/enroll`, headers: member.auth });
    await t.call('POST', `/api/classes/${cls.id}/interest`, {
      name: 'Ana',
      email: `ana-${randomUUID().slice(0, 6)}@example.org`,
    });
    await as('POST', `/api/admin/classes/${cls.id}/attendance/drop-in`, {
      date: '2026-03-02',
      name: 'Visitor',
    });
    const res = await as('DELETE', `/api/admin/classes/${cls.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const db = t.database.db;
    expect(await db.select().from(classEnrollments).where(eq(classEnrollments.class_id, cls.id))).toEqual([]);
    expect(await db.select().from(classSignups).where(eq(classSignups.class_id, cls.id))).toEqual([]);
    expect(await db.select().from(classMeetings).where(eq(classMeetings.class_id, cls.id))).toEqual([]);
    expect(await db.select().from(classAttendance).where(eq(classAttendance.name, 'Visitor'))).toHaveLength(
      0,
    );
    expect((await as('DELETE', `/api/admin/classes/${cls.id}`)).statusCode).toBe(404);
  });
});

describe('enrolments by an administrator', () => {
  it('enrols an existing member; 404 for an unknown user, 409 when already in or full', async () => {
    const cls = await createClass(t, { max_capacity: 2 });
    const member = await createUser(t);
    const res = await as('POST', `/api/admin/classes/${cls.id}/enroll`, { userId: member.user.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().enrollment).toMatchObject({
      user_id: member.user.id,
      user_name: member.user.name,
      user_email: member.user.email,
      status: 'enrolled',
      dropped_at: null,
    });
    const twice = await as('POST', `/api/admin/classes/${cls.id}/enroll`, { userId: member.user.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: ALREADY_ENROLLED_MESSAGE, code: 'ALREADY_ENROLLED' });
    const nobody = await as('POST', `/api/admin/classes/${cls.id}/enroll`, { userId: randomUUID() });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json()).toEqual({ error: 'User not found', code: 'USER_NOT_FOUND' });
    const invalid = await as('POST', `/api/admin/classes/${cls.id}/enroll`, { userId: 'x' });
    expect(invalid.json().error).toBe('Please choose a student');
    const manual = await as('POST', `/api/admin/classes/${cls.id}/enroll/manual`, {
      name: 'Tom Berg',
      email: 'Tom.Berg@Example.org',
      phone: '',
      notes: 'Paid cash for March',
    });
    expect(manual.statusCode).toBe(201);
    expect(manual.json().enrollment).toMatchObject({
      user_id: null,
      user_name: 'Tom Berg',
      user_email: 'tom.berg@example.org',
      phone: null,
      notes: 'Paid cash for March',
    });
    const full = await as('POST', `/api/admin/classes/${cls.id}/enroll`, {
      userId: (await createUser(t)).user.id,
    });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ error: CLASS_FULL_MESSAGE, code: 'CLASS_FULL' });
    const fullManual = await as('POST', `/api/admin/classes/${cls.id}/enroll/manual`, {
      name: 'Late',
      email: 'late@example.org',
    });
    expect(fullManual.statusCode).toBe(409);
  });

  it.each([
    [{ email: 'a@example.org' }, 'Name is required'],
    [{ name: 'Ana' }, 'Email is required'],
    [{ name: 'Ana', email: 'nope' }, 'Please enter a valid email address'],
  ])('refuses a hand-added %j with its message', async (payload, message) => {
    const cls = await createClass(t);
    const res = await as('POST', `/api/admin/classes/${cls.id}/enroll/manual`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it('removes by user id, or by enrolment id for a hand-added person, keeping the row as dropped', async () => {
    const cls = await createClass(t);
    const member = await createUser(t);
    await as('POST', `/api/admin/classes/${cls.id}/enroll`, { userId: member.user.id });
    const manual = (
      await as('POST', `/api/admin/classes/${cls.id}/enroll/manual`, {
        name: 'Tom',
        email: 'tom@example.org',
      })
    ).json().enrollment;
    expect((await as('DELETE', `/api/admin/classes/${cls.id}/enroll/${member.user.id}`)).statusCode).toBe(
      200,
    );
    expect((await as('DELETE', `/api/admin/classes/${cls.id}/enroll/${manual.id}`)).statusCode).toBe(200);
    const again = await as('DELETE', `/api/admin/classes/${cls.id}/enroll/${member.user.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: ENROLLMENT_NOT_FOUND_MESSAGE, code: 'ENROLLMENT_NOT_FOUND' });
    const list = (await as('GET', `/api/admin/classes/${cls.id}/enrollments`)).json();
    expect(list.enrollments).toHaveLength(2);
    for (const e of list.enrollments)
      expect(e).toMatchObject({ status: 'dropped', dropped_at: expect.any(String) });
    expect((await as('GET', `/api/classes/${cls.id}`)).json().class.current_enrollment).toBe(0);
  });

  it('lists enrolled people first, then dropped, with the interest list and waitlist', async () => {
    const cls = await createClass(t, { max_capacity: 2 });
    const first = await createUser(t);
    const second = await createUser(t);
    await as('POST', `/api/admin/classes/${cls.id}/enroll`, { userId: first.user.id });
    t.clock.advance(1000);
    await as('POST', `/api/admin/classes/${cls.id}/enroll`, { userId: second.user.id });
    // A seat frees, so a visitor's sign-up goes to the interest list.
    await as('DELETE', `/api/admin/classes/${cls.id}/enroll/${first.user.id}`);
    await t.call('POST', `/api/classes/${cls.id}/interest`, {
      name: 'Curious',
      email: 'curious@example.org',
    });
    const res = await as('GET', `/api/admin/classes/${cls.id}/enrollments`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.enrollments.map((e: { user_id: string; status: string }) => [e.user_id, e.status])).toEqual([
      [second.user.id, 'enrolled'],
      [first.user.id, 'dropped'],
    ]);
    expect(body.interest).toMatchObject([{ name: 'Curious', kind: 'interest', position: null }]);
    expect(body.waitlist).toEqual([]);
    expect((await as('GET', `/api/admin/classes/${randomUUID()}/enrollments`)).statusCode).toBe(404);
  });
});

describe('GET /api/admin/classes/stats', () => {
  it('counts classes, seats, people and lists', async () => {
    const before = (await as('GET', '/api/admin/classes/stats')).json();
    const full = await createClass(t, { max_capacity: 1 });
    await createClass(t, { is_published: false, max_capacity: 5 });
    await as('POST', `/api/admin/classes/${full.id}/enroll`, { userId: (await createUser(t)).user.id });
    await t.call('POST', `/api/classes/${full.id}/interest`, {
      name: 'Waiting',
      email: `w-${randomUUID().slice(0, 6)}@example.org`,
    });
    const after = (await as('GET', '/api/admin/classes/stats')).json();
    expect(after).toEqual({
      total_classes: before.total_classes + 2,
      published_classes: before.published_classes + 1,
      draft_classes: before.draft_classes + 1,
      total_enrolled: before.total_enrolled + 1,
      total_capacity: before.total_capacity + 6,
      waitlist_total: before.waitlist_total + 1,
      interest_total: before.interest_total,
      full_classes: before.full_classes + 1,
    });
  });
});

describe('the OpenAPI document', () => {
  it('lists every classes route with the classes tag', async () => {
    const doc = (await t.call('GET', '/api/openapi.json')).json<{
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    }>();
    const expected: [string, string][] = [
      ['/api/classes', 'get'],
      ['/api/classes/{id}', 'get'],
      ['/api/classes/{id}/interest', 'post'],
      ['/api/classes/offers/{token}', 'get'],
      ['/api/classes/offers/{token}/accept', 'post'],
      ['/api/classes/{id}/enroll', 'post'],
      ['/api/classes/{id}/enroll', 'delete'],
      ['/api/classes/{id}/check-in', 'post'],
      ['/api/users/{userId}/classes', 'get'],
      ['/api/users/{userId}/attendance', 'get'],
      ['/api/admin/classes', 'get'],
      ['/api/admin/classes', 'post'],
      ['/api/admin/classes/stats', 'get'],
      ['/api/admin/classes/upcoming', 'get'],
      ['/api/admin/classes/{id}', 'put'],
      ['/api/admin/classes/{id}', 'delete'],
      ['/api/admin/classes/{id}/status', 'put'],
      ['/api/admin/classes/{id}/enrollments', 'get'],
      ['/api/admin/classes/{id}/enroll', 'post'],
      ['/api/admin/classes/{id}/enroll/manual', 'post'],
      ['/api/admin/classes/{id}/enroll/{userId}', 'delete'],
      ['/api/admin/classes/{id}/attendance', 'get'],
      ['/api/admin/classes/{id}/attendance', 'put'],
      ['/api/admin/classes/{id}/attendance/drop-in', 'post'],
      ['/api/admin/classes/{id}/attendance/history', 'get'],
    ];
    for (const [path, method] of expected) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method.toUpperCase()} ${path}`).toBeDefined();
      expect(op!.tags).toContain('classes');
      expect(op!.summary).toBeTruthy();
    }
    expect(doc.paths['/api/admin/classes/{id}/enroll/{userId}']!.delete!.summary).toMatch(
      /enrolment’s own id/,
    );
  });
});
