import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { itConcurrently } from '../../test/concurrency';
import { createAdmin, createUser } from '../../test/factories';
import { ADMIN_CREATE_USER_RATE_LIMIT } from './users.routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 10_000 });
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
const list = (query: string, headers: Headers) =>
  t.app.inject({ method: 'POST', url: `/api/verify/users?${query}`, headers });
const create = (payload: object, headers: Headers) =>
  t.app.inject({ method: 'POST', url: '/api/admin/users', payload, headers });
const markDeletion = (id: string, requested: unknown, headers: Headers) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/user/${id}/deletion-request`,
    payload: { requested },
    headers,
  });
const emails = (headers: Headers) => t.call('GET', '/api/admin/users/emails', undefined, headers);
const idsOf = (res: { json: () => { users: { id: string }[] } }) => res.json().users.map((user) => user.id);

const newUser = (input: Record<string, unknown> = {}) => {
  const suffix = randomUUID().slice(0, 8);
  return {
    name: 'Made By Sifu',
    email: `made-${suffix}@example.org`,
    username: `made_${suffix}`,
    password: 'lotus-stance-1987',
    ...input,
  };
};

describe('POST /api/verify/users with q and role', () => {
  it('finds users by part of their name, username or e-mail, in any case, and counts only those', async () => {
    const admin = await createAdmin(t);
    const tag = randomUUID().slice(0, 6);
    const byName = await createUser(t, { name: `Qiu ${tag}Name` });
    const byUsername = await createUser(t, { username: `u_${tag}_x` });
    const byEmail = await createUser(t, { email: `mail-${tag}@example.org` });
    await createUser(t);
    const res = await list(`q=${tag.toUpperCase()}`, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(idsOf(res).sort()).toEqual([byName.user.id, byUsername.user.id, byEmail.user.id].sort());
    expect(res.json().total).toBe(3);
  });

  it('takes % and _ in the search literally', async () => {
    const admin = await createAdmin(t);
    const res = await list(`q=${encodeURIComponent('%_%')}`, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ users: [], total: 0 });
  });

  it('keeps only students or only administrators', async () => {
    const admin = await createAdmin(t);
    const students = await list('role=student&limit=200', admin.auth);
    expect(students.json().users.every((user: { is_admin: boolean }) => !user.is_admin)).toBe(true);
    const admins = await list('role=admin&limit=200', admin.auth);
    expect(idsOf(admins)).toContain(admin.user.id);
    expect(admins.json().users.every((user: { is_admin: boolean }) => user.is_admin)).toBe(true);
  });

  it('lists the deletion requests first', async () => {
    const admin = await createAdmin(t);
    const leaving = await createUser(t);
    await t.database.db
      .update(users)
      .set({ deletion_requested: true, is_active: false })
      .where(eq(users.id, leaving.user.id));
    const res = await list('role=student&limit=1', admin.auth);
    expect(idsOf(res)).toEqual([leaving.user.id]);
  });

  it('refuses a search that is too long or an unknown role', async () => {
    const admin = await createAdmin(t);
    const long = await list(`q=${'x'.repeat(101)}`, admin.auth);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: 'Search text must be at most 100 characters' });
    expect((await list('role=owner', admin.auth)).statusCode).toBe(400);
  });
});

describe('POST /api/admin/users', () => {
  it('creates an account that signs in with the password given, with no recovery answers', async () => {
    const admin = await createAdmin(t);
    const body = newUser({ experience: 3, is_admin: false });
    const res = await create(body, admin.auth);
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({
      name: 'Made By Sifu',
      email: body.email,
      username: body.username,
      experience: 3,
      is_admin: false,
      is_active: true,
      city: '',
      country: '',
    });
    const signIn = await t.call('POST', '/api/user/authenticate', {
      username: body.username,
      password: body.password,
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('creates an administrator when asked', async () => {
    const admin = await createAdmin(t);
    const res = await create(newUser({ is_admin: true }), admin.auth);
    expect(res.json().user).toMatchObject({ is_admin: true, role: 'admin' });
  });

  it('answers a taken username or e-mail as sign-up does, in any case', async () => {
    const admin = await createAdmin(t);
    const taken = await createUser(t);
    const email = await create(newUser({ email: taken.user.email.toUpperCase() }), admin.auth);
    expect(email.statusCode).toBe(409);
    expect(email.json()).toEqual({
      error: 'An account with this email already exists',
      code: 'ALREADY_EXISTS',
      details: [{ path: 'email', message: 'An account with this email already exists' }],
    });
    const username = await create(newUser({ username: taken.user.username.toUpperCase() }), admin.auth);
    expect(username.statusCode).toBe(409);
    expect(username.json()).toMatchObject({ error: 'This username is already taken' });
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ username: '' }, 'Username is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'not-an-address' }, 'Please enter a valid email address'],
    [{ password: 'short' }, 'Password must be at least 8 characters long'],
    [{ password: undefined }, 'Password must be at least 8 characters long'],
    [{ experience: -1 }, 'Experience must be a whole number of years, 0 or more'],
    [{ experience: 1.5 }, 'Experience must be a whole number of years, 0 or more'],
  ])('refuses %o with its message and makes nothing', async (change, message) => {
    const admin = await createAdmin(t);
    const body = newUser(change);
    const res = await create(body, admin.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message });
    const made = await t.database.db.select().from(users).where(eq(users.username, body.username));
    expect(made).toEqual([]);
  });

  it('refuses a common password', async () => {
    const admin = await createAdmin(t);
    const res = await create(newUser({ password: 'password123' }), admin.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('This password is too common. Please choose a less common one.');
  });

  itConcurrently(
    'makes one account of two racing for one username; the other hears sign-up’s answer',
    async () => {
      const admin = await createAdmin(t);
      const username = `race_${randomUUID().slice(0, 8)}`;
      const answers = await Promise.all([
        create(newUser({ username }), admin.auth),
        create(newUser({ username }), admin.auth),
      ]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
      expect(answers.find((res) => res.statusCode === 409)!.json().error).toBe(
        'This username is already taken',
      );
      const rows = await t.database.db.select().from(users).where(eq(users.username, username));
      expect(rows).toHaveLength(1);
    },
  );

  it(`stops an administrator after ${ADMIN_CREATE_USER_RATE_LIMIT.max} accounts in the window`, async () => {
    const admin = await createAdmin(t);
    for (let i = 0; i < ADMIN_CREATE_USER_RATE_LIMIT.max; i++) {
      expect((await create(newUser(), admin.auth)).statusCode).toBe(201);
    }
    const limited = await create(newUser(), admin.auth);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    // Another administrator is not held by the first one's count.
    expect((await create(newUser(), (await createAdmin(t)).auth)).statusCode).toBe(201);
  }, 120_000);
});

describe('PUT /api/admin/user/{id}/deletion-request', () => {
  it('marks, then withdraws, the deletion of an account, leaving it active', async () => {
    const admin = await createAdmin(t);
    const student = await createUser(t);
    const marked = await markDeletion(student.user.id, true, admin.auth);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().user).toMatchObject({ deletion_requested: true, is_active: true });
    const withdrawn = await markDeletion(student.user.id, false, admin.auth);
    expect(withdrawn.json().user).toMatchObject({ deletion_requested: false, is_active: true });
  });

  it('then deletes the account for good on the second step', async () => {
    const admin = await createAdmin(t);
    const student = await createUser(t);
    await markDeletion(student.user.id, true, admin.auth);
    const gone = await t.call('DELETE', `/api/user/${student.user.id}`, undefined, admin.auth);
    expect(gone.statusCode).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.id, student.user.id))).toEqual([]);
  });

  it('refuses to mark the administrator’s own account, an unknown one, or a body without a choice', async () => {
    const admin = await createAdmin(t);
    const self = await markDeletion(admin.user.id, true, admin.auth);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ error: 'You cannot delete your own account', code: 'CANNOT_CHANGE_SELF' });
    const unknown = await markDeletion(randomUUID(), true, admin.auth);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'User not found', code: 'USER_NOT_FOUND' });
    const bad = await markDeletion(admin.user.id, 'yes', admin.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'requested must be true or false' });
  });
});

describe('GET /api/admin/users/emails', () => {
  it("answers every student's address, trimmed, without empties, administrators or anonymised accounts", async () => {
    const admin = await createAdmin(t);
    const student = await createUser(t);
    const padded = await createUser(t, { email: `  padded-${randomUUID().slice(0, 6)}@example.org ` });
    const blank = await createUser(t, { email: '   ' });
    // What an anonymised account keeps in place of an address (users.repo anonymise).
    const gone = await createUser(t, { email: `deleted-${randomUUID()}@deleted.invalid` });
    const res = await emails(admin.auth);
    expect(res.statusCode).toBe(200);
    const list: string[] = res.json().emails;
    expect(list).toContain(student.user.email);
    expect(list).toContain(padded.user.email.trim());
    expect(list).not.toContain(admin.user.email);
    expect(list).not.toContain(blank.user.email);
    expect(list.every((address) => address === address.trim() && address !== '')).toBe(true);
    expect(list).not.toContain(gone.user.email);
  });
});
