import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLASS_FULL_MESSAGE,
  CLASS_MESSAGES,
  CLASS_NOT_FOUND_MESSAGE,
  INTEREST_SUBMIT_LIMIT,
  type Class,
} from '../../../common/classes';
import { EMAIL_MESSAGE } from '../../../common/fields';
import { classSignups } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';
import { createClass } from './test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

let addressCount = 0;
const nextAddress = () => `198.51.100.${++addressCount}`;
const email = (name = 'ana') => `${name}-${randomUUID().slice(0, 8)}@example.org`;

const interest = (classId: string, payload: object, address = nextAddress()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/classes/${classId}/interest`,
    payload,
    remoteAddress: address,
  });
const mailTo = (to: string) => t.mail.filter((m) => m.to === to);

/** A class with every seat taken by members. */
async function fullClass(overrides: Parameters<typeof createClass>[1] = {}) {
  const cls = await createClass(t, { max_capacity: 1, ...overrides });
  const member = await createUser(t);
  const res = await t.call('POST', `/api/classes/${cls.id}/enroll`, undefined, member.auth);
  expect(res.statusCode, res.body).toBe(201);
  return cls;
}

describe('GET /api/classes', () => {
  it('lists only published classes, ordered by their first weekly session, with no personal data', async () => {
    const sunday = await createClass(t, {
      sessions: [{ day_of_week: 'sunday', start_time: '10:00', end_time: '11:00' }],
    });
    const mondayEarly = await createClass(t, {
      sessions: [
        { day_of_week: 'thursday', start_time: '07:00', end_time: '08:00' },
        { day_of_week: 'monday', start_time: '06:00', end_time: '07:00' },
      ],
    });
    const draft = await createClass(t, { is_published: false });
    await fullClass();
    const res = await t.call('GET', '/api/classes');
    expect(res.statusCode).toBe(200);
    const list = res.json<{ classes: Class[] }>().classes;
    const ids = list.map((c) => c.id);
    expect(ids).not.toContain(draft.id);
    expect(ids.indexOf(mondayEarly.id)).toBeLessThan(ids.indexOf(sunday.id));
    expect(ids[0]).toBe(mondayEarly.id);
    // Sessions come back in the week's order.
    expect(list[0]!.sessions.map((s) => s.day_of_week)).toEqual(['monday', 'thursday']);
    const body = res.body;
    expect(body).not.toMatch(/@example\.org/);
    expect(body).not.toMatch(/user_email|user_name|"email"/);
  });
});

describe('GET /api/classes/{id}', () => {
  it('answers a published class to anyone, a draft only to an administrator', async () => {
    const published = await createClass(t);
    const draft = await createClass(t, { is_published: false });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/classes/${published.id}` })).json().class,
    ).toMatchObject({
      id: published.id,
      current_enrollment: 0,
      is_full: false,
    });
    const hidden = await t.app.inject({ method: 'GET', url: `/api/classes/${draft.id}` });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ error: CLASS_NOT_FOUND_MESSAGE, code: 'CLASS_NOT_FOUND' });
    const student = await createUser(t);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/classes/${draft.id}`, headers: student.auth }))
        .statusCode,
    ).toBe(404);
    const admin = await createAdmin(t);
    const seen = await t.app.inject({ method: 'GET', url: `/api/classes/${draft.id}`, headers: admin.auth });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().class.is_published).toBe(false);
  });

  it('answers 404 for an unknown class and 400 for a malformed id', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/classes/${randomUUID()}` })).statusCode).toBe(404);
    const bad = await t.call('GET', '/api/classes/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'Invalid id', code: 'VALIDATION_ERROR' });
  });
});

describe('POST /api/classes/{id}/interest', () => {
  it('puts a visitor on the interest list while the class has room, and e-mails them once', async () => {
    const cls = await createClass(t);
    const to = email();
    const res = await interest(cls.id, { name: 'Ana Ruiz', email: to.toUpperCase(), phone: '707 555 0101' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: CLASS_MESSAGES.interestJoined,
      kind: 'interest',
      position: null,
    });
    const sent = mailTo(to);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(`You're on the interest list for ${cls.class_name}`);
    expect(sent[0]!.text).toContain(cls.class_name);
    expect(sent[0]!.text).toContain('Dear Ana Ruiz,');

    // A repeat answers the same and sends nothing more.
    const again = await interest(cls.id, { name: 'Ana Ruiz', email: to });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    expect(mailTo(to)).toHaveLength(1);
    const rows = await t.database.db.select().from(classSignups).where(eq(classSignups.email, to));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'interest', phone: '707 555 0101', status: 'waiting' });
  });

  it('puts them on the waitlist when the class is full, with their place, named in the e-mail', async () => {
    const cls = await fullClass();
    const first = email('grace');
    const second = email('omar');
    const a = await interest(cls.id, { name: 'Grace Liu', email: first });
    expect(a.json()).toEqual({
      success: true,
      message: CLASS_MESSAGES.waitlistJoined,
      kind: 'waitlist',
      position: 1,
    });
    const b = await interest(cls.id, { name: 'Omar Haddad', email: second });
    expect(b.json()).toMatchObject({ kind: 'waitlist', position: 2 });
    expect(mailTo(second)[0]!.subject).toBe(`You're on the waitlist for ${cls.class_name}`);
    expect(mailTo(second)[0]!.text).toContain('number 2 in line');
    // A repeat: the same place, no second e-mail.
    expect((await interest(cls.id, { name: 'Grace Liu', email: first })).json()).toMatchObject({
      position: 1,
    });
    expect(mailTo(first)).toHaveLength(1);
    const seen = (await t.app.inject({ method: 'GET', url: `/api/classes/${cls.id}` })).json().class;
    expect(seen).toMatchObject({ is_full: true, waitlist_count: 2, current_enrollment: 1 });
  });

  it('refuses a full class without a waitlist with 409, keeping nothing', async () => {
    const cls = await fullClass({ waitlist_enabled: false });
    const to = email();
    const res = await interest(cls.id, { name: 'Ana Ruiz', email: to });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: CLASS_FULL_MESSAGE, code: 'CLASS_FULL' });
    expect(mailTo(to)).toHaveLength(0);
    expect(await t.database.db.select().from(classSignups).where(eq(classSignups.email, to))).toHaveLength(0);
  });

  it('answers 404 for a draft or unknown class', async () => {
    const draft = await createClass(t, { is_published: false });
    expect((await interest(draft.id, { name: 'Ana', email: email() })).statusCode).toBe(404);
    expect((await interest(randomUUID(), { name: 'Ana', email: email() })).statusCode).toBe(404);
  });

  it.each([
    [{ email: 'ana@example.org' }, 'Name is required'],
    [{ name: '   ', email: 'ana@example.org' }, 'Name is required'],
    [{ name: 'Ana' }, 'Email is required'],
    [{ name: 'Ana', email: 'not-an-email' }, EMAIL_MESSAGE],
    [{ name: 'Ana', email: 'ana@example.org', phone: 'x'.repeat(41) }, 'Phone must be at most 40 characters'],
  ])('refuses %j with its message', async (payload, message) => {
    const cls = await createClass(t);
    const res = await interest(cls.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
  });

  it('answers a filled honeypot like a success, and keeps and sends nothing', async () => {
    const cls = await createClass(t);
    const to = email();
    const res = await interest(cls.id, { name: 'Bot', email: to, website: 'https://spam.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, kind: 'interest' });
    expect(mailTo(to)).toHaveLength(0);
    expect(await t.database.db.select().from(classSignups).where(eq(classSignups.email, to))).toHaveLength(0);
  });

  it(`allows ${INTEREST_SUBMIT_LIMIT.max} sign-ups an hour from one address, then answers 429`, async () => {
    const cls = await createClass(t);
    const address = '203.0.113.77';
    for (let i = 0; i < INTEREST_SUBMIT_LIMIT.max; i++)
      expect((await interest(cls.id, { name: 'Ana', email: email() }, address)).statusCode).toBe(200);
    const to = email();
    const limited = await interest(cls.id, { name: 'Ana', email: to }, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(mailTo(to)).toHaveLength(0);
    // Another address is not limited.
    expect((await interest(cls.id, { name: 'Ana', email: email() })).statusCode).toBe(200);
  });
});
