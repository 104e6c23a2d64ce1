import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 10_000 });
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.call('GET', url, undefined, headers);
const post = (url: string, headers: Record<string, string> = {}) => t.call('POST', url, undefined, headers);

describe('POST /api/verify/users', () => {
  it('lists every user, oldest first, for an admin', async () => {
    const admin = await createAdmin(t);
    const a = await createUser(t);
    const b = await createUser(t, { is_active: false });
    const res = await post('/api/verify/users', admin.auth);
    expect(res.statusCode).toBe(200);
    const ids = res.json().users.map((u: { id: string }) => u.id);
    expect(ids.indexOf(admin.user.id)).toBeLessThan(ids.indexOf(a.user.id));
    expect(ids.indexOf(a.user.id)).toBeLessThan(ids.indexOf(b.user.id));
    const listed = res.json().users.find((u: { id: string }) => u.id === b.user.id);
    expect(listed).toMatchObject({ is_active: false, role: 'student', requires_password_change: false });
    expect(listed).not.toHaveProperty('password_hash');
  });

  it('answers 403 for a student and 401 without a token', async () => {
    const student = await createUser(t);
    const res = await post('/api/verify/users', student.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Admin access required', code: 'ADMIN_ONLY' });
    expect((await post('/api/verify/users')).statusCode).toBe(401);
  });
});

describe('GET /api/user/{id}/profile', () => {
  it('shows the owner the full user', async () => {
    const { user, auth } = await createUser(t, { belt: 'Blue' });
    const res = await get(`/api/user/${user.id}/profile`, auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      email: user.email,
      belt: 'Blue',
      role: 'student',
      is_admin: false,
      privacy: { profile: 'public', progress: 'public', courses: 'public' },
      created_at: user.created_at.toISOString(),
    });
  });

  it('shows another student a public profile without private fields', async () => {
    const { user } = await createUser(t, { belt: 'Green', experience: 4 });
    const viewer = await createUser(t);
    const res = await get(`/api/user/${user.id}/profile`, viewer.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      name: user.name,
      username: user.username,
      avatar: null,
      role: 'student',
      is_private: false,
      allow_messages: true,
      belt: 'Green',
      city: 'Oakland',
      country: 'United States',
      martial_art: 'Taijiquan',
      experience: 4,
      current_courses: [],
      courses: [],
      progress: 0,
    });
  });

  it('hides everything but the basics of a private profile, its username too', async () => {
    const { user } = await createUser(t, {
      privacy: { profile: 'private', progress: 'public', courses: 'public' },
      allow_messages: false,
    });
    const viewer = await createUser(t);
    const res = await get(`/api/user/${user.id}/profile`, viewer.auth);
    expect(res.json()).toEqual({
      id: user.id,
      name: user.name,
      avatar: null,
      role: 'student',
      is_private: true,
      allow_messages: false,
    });
  });

  it('leaves out progress and courses when those are private', async () => {
    const { user } = await createUser(t, {
      privacy: { profile: 'public', progress: 'private', courses: 'private' },
    });
    const viewer = await createUser(t);
    const body = (await get(`/api/user/${user.id}/profile`, viewer.auth)).json();
    expect(body).toMatchObject({ is_private: false, city: 'Oakland' });
    expect(body).not.toHaveProperty('progress');
    expect(body).not.toHaveProperty('current_courses');
    expect(body).not.toHaveProperty('email');
  });

  it('shows an admin the full user, private or deactivated', async () => {
    const { user } = await createUser(t, {
      is_active: false,
      privacy: { profile: 'private', progress: 'private', courses: 'private' },
    });
    const admin = await createAdmin(t);
    const res = await get(`/api/user/${user.id}/profile`, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, email: user.email, is_active: false });
  });

  it('answers 404 for unknown and, to students, deactivated users', async () => {
    const viewer = await createUser(t);
    const { user: gone } = await createUser(t, { is_active: false });
    for (const id of [randomUUID(), gone.id]) {
      const res = await get(`/api/user/${id}/profile`, viewer.auth);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'User not found', code: 'USER_NOT_FOUND' });
    }
  });

  it('answers 401 without a token and 400 for a malformed id', async () => {
    const { user, auth } = await createUser(t);
    expect((await get(`/api/user/${user.id}/profile`)).statusCode).toBe(401);
    const res = await get('/api/user/123/profile', auth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Invalid id', code: 'VALIDATION_ERROR' });
  });
});

describe('GET /api/user/{id}/courses', () => {
  it('answers the owner and admins (nobody is enrolled until the courses domain exists)', async () => {
    const { user, auth } = await createUser(t);
    const admin = await createAdmin(t);
    for (const headers of [auth, admin.auth]) {
      const res = await get(`/api/user/${user.id}/courses`, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ courses: [], total: 0 });
    }
  });

  it('answers 403 for another student, 404 for an unknown id (admin) and 401 without a token', async () => {
    const { user } = await createUser(t);
    const other = await createUser(t);
    const forbidden = await get(`/api/user/${user.id}/courses`, other.auth);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ error: 'You can only access your own account', code: 'NOT_OWNER' });
    const admin = await createAdmin(t);
    expect((await get(`/api/user/${randomUUID()}/courses`, admin.auth)).statusCode).toBe(404);
    expect((await get(`/api/user/${user.id}/courses`)).statusCode).toBe(401);
  });
});

describe('POST /api/admin/user/{id}/reactivate', () => {
  it('reactivates an account and withdraws its deletion request', async () => {
    const { user } = await createUser(t);
    const admin = await createAdmin(t);
    const deactivated = await t.call(
      'POST',
      `/api/user/${user.id}/deactivate`,
      { isDeletionRequest: true },
      admin.auth,
    );
    expect(deactivated.statusCode).toBe(200);
    const res = await post(`/api/admin/user/${user.id}/reactivate`, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, is_active: true, deletion_requested: false });
    const signIn = await t.call('POST', '/api/user/authenticate', {
      username: user.username,
      password: 'correct-horse-42',
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('answers 403 for students, 404 for unknown ids and 401 without a token', async () => {
    const { user, auth } = await createUser(t);
    expect((await post(`/api/admin/user/${user.id}/reactivate`, auth)).statusCode).toBe(403);
    const admin = await createAdmin(t);
    const missing = await post(`/api/admin/user/${randomUUID()}/reactivate`, admin.auth);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'User not found', code: 'USER_NOT_FOUND' });
    expect((await post(`/api/admin/user/${user.id}/reactivate`)).statusCode).toBe(401);
  });
});
