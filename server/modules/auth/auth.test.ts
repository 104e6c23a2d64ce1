import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser, DEFAULT_PASSWORD } from '../../test/factories';
import { itConcurrently } from '../../test/concurrency';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 10_000 });
});
afterAll(async () => t.close());

const signUpBody = (overrides: Record<string, unknown> = {}) => {
  const suffix = randomUUID().slice(0, 8);
  return {
    name: 'Mei Lin',
    city: 'Oakland',
    country: 'United States',
    martial_art: 'Baguazhang',
    email: `mei-${suffix}@example.org`,
    username: `mei_${suffix}`,
    password: 'long-enough-pw',
    ...overrides,
  };
};

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('POST /api/create/user', () => {
  it('creates a student, opens a session and answers 201', async () => {
    const body = signUpBody({ email: '  Mixed.Case@Example.ORG ' });
    const res = await post('/api/create/user', body);
    expect(res.statusCode).toBe(201);
    const { token, user } = res.json();
    expect(token).toEqual(expect.any(String));
    expect(user).toMatchObject({
      name: 'Mei Lin',
      email: 'mixed.case@example.org',
      username: body.username,
      role: 'student',
      is_admin: false,
      is_active: true,
      requires_password_change: false,
      current_courses: [],
      current_course: null,
      completed_courses: [],
      progress: 0,
      privacy: { profile: 'public', progress: 'public', courses: 'public' },
    });
    expect(user).not.toHaveProperty('password_hash');
    const status = await t.call('GET', '/api/user/password-status', undefined, {
      authorization: `Bearer ${token}`,
    });
    expect(status.json()).toEqual({ requiresPasswordChange: false });
  });

  it('ignores is_admin sent at sign-up', async () => {
    const res = await post('/api/create/user', signUpBody({ is_admin: true }));
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ is_admin: false, role: 'student' });
  });

  it.each([
    ['name', 'Name is required'],
    ['city', 'City is required'],
    ['country', 'Country is required'],
    ['martial_art', 'Martial art is required'],
    ['email', 'Email is required'],
    ['username', 'Username is required'],
    ['password', 'Password must be at least 8 characters long'],
  ])('requires %s', async (field, message) => {
    const body: Record<string, unknown> = signUpBody();
    delete body[field];
    const res = await post('/api/create/user', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
    expect(res.json().details).toContainEqual({ path: field, message });
  });

  it.each([
    ['name', '   ', 'Name is required'],
    ['password', 'short', 'Password must be at least 8 characters long'],
    ['email', 'not-an-email', 'Please enter a valid email address'],
    ['username', 'ab', 'Username must be at least 3 characters long'],
    ['username', 'has space', 'Username may contain only letters, numbers, dots, dashes and underscores'],
  ])('rejects %s %j', async (field, value, message) => {
    const res = await post('/api/create/user', signUpBody({ [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
  });

  it('answers 409 for a taken e-mail or username, whatever the case', async () => {
    const first = signUpBody();
    expect((await post('/api/create/user', first)).statusCode).toBe(201);
    const sameEmail = await post('/api/create/user', signUpBody({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({
      error: 'An account with this email already exists',
      code: 'ALREADY_EXISTS',
      details: [{ path: 'email', message: 'An account with this email already exists' }],
    });
    const sameUsername = await post(
      '/api/create/user',
      signUpBody({ username: first.username.toUpperCase() }),
    );
    expect(sameUsername.statusCode).toBe(409);
    expect(sameUsername.json()).toEqual({
      error: 'This username is already taken',
      code: 'ALREADY_EXISTS',
      details: [{ path: 'username', message: 'This username is already taken' }],
    });
  });

  itConcurrently('gives one account to two simultaneous sign-ups with the same e-mail', async () => {
    const email = `race-${randomUUID().slice(0, 8)}@example.org`;
    const results = await Promise.all([
      post('/api/create/user', signUpBody({ email })),
      post('/api/create/user', signUpBody({ email })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const clash = results.find((r) => r.statusCode === 409)!;
    expect(clash.json().error).toBe('An account with this email already exists');
  });
});

describe('POST /api/user/authenticate', () => {
  it('signs in by username and by e-mail, case-insensitively', async () => {
    const { user } = await createUser(t);
    for (const login of [user.username, user.email, user.email.toUpperCase(), user.username.toUpperCase()]) {
      const res = await post('/api/user/authenticate', { username: login, password: DEFAULT_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ id: user.id, requires_password_change: false });
      expect(res.json().token).toEqual(expect.any(String));
    }
  });

  it('answers the same 401 for a wrong password and an unknown user', async () => {
    const { user } = await createUser(t);
    const wrong = await post('/api/user/authenticate', {
      username: user.username,
      password: 'wrong-password',
    });
    const unknown = await post('/api/user/authenticate', {
      username: 'nobody-here',
      password: 'wrong-password',
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Invalid username or password', code: 'INVALID_CREDENTIALS' });
    }
  });

  it('refuses a deactivated account with 403, but only to someone who knows the password', async () => {
    const { user } = await createUser(t, { is_active: false });
    const right = await post('/api/user/authenticate', {
      username: user.username,
      password: DEFAULT_PASSWORD,
    });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({
      error: 'This account has been deactivated. Please contact support to reactivate it.',
      code: 'ACCOUNT_DEACTIVATED',
    });
    const wrong = await post('/api/user/authenticate', {
      username: user.username,
      password: 'wrong-password',
    });
    expect(wrong.statusCode).toBe(401);
  });

  it.each([
    [{ password: 'x' }, 'Username is required'],
    [{ username: '  ', password: 'x' }, 'Username is required'],
    [{ username: 'someone' }, 'Password is required'],
    [{ username: 'someone', password: '' }, 'Password is required'],
  ])('validates %j', async (body, message) => {
    const res = await post('/api/user/authenticate', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
  });
});

describe('POST /api/user/logout', () => {
  it('revokes only this session', async () => {
    const { user, auth } = await createUser(t);
    const other = await post('/api/user/authenticate', {
      username: user.username,
      password: DEFAULT_PASSWORD,
    });
    const res = await post('/api/user/logout', undefined, auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const after = await t.call('GET', '/api/user/password-status', undefined, auth);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('INVALID_TOKEN');
    const stillIn = await t.call('GET', '/api/user/password-status', undefined, {
      authorization: `Bearer ${other.json().token}`,
    });
    expect(stillIn.statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await post('/api/user/logout', undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Authentication required', code: 'UNAUTHORIZED' });
  });
});

describe('POST /api/verify/user/{id}', () => {
  it('confirms a token belongs to the caller', async () => {
    const { user, auth } = await createUser(t);
    const res = await post(`/api/verify/user/${user.id}`, undefined, auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ valid: true, user: { id: user.id, email: user.email } });
  });

  it('answers 403 for another user id, even for an admin', async () => {
    const { user: other } = await createUser(t);
    for (const caller of [await createUser(t), await createAdmin(t)]) {
      const res = await post(`/api/verify/user/${other.id}`, undefined, caller.auth);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Token does not belong to this user', code: 'TOKEN_MISMATCH' });
    }
  });

  it('answers 401 without or with a bad token, and 400 for a malformed id', async () => {
    const { user, auth } = await createUser(t);
    expect((await post(`/api/verify/user/${user.id}`, undefined)).statusCode).toBe(401);
    const bad = await post(`/api/verify/user/${user.id}`, undefined, { authorization: 'Bearer not-a-token' });
    expect(bad.statusCode).toBe(401);
    const malformed = await post('/api/verify/user/not-a-uuid', undefined, auth);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: 'Invalid id', code: 'VALIDATION_ERROR' });
  });
});

describe('PUT /api/user/set-new-password and GET /api/user/password-status', () => {
  it('refuses outside a pending password change', async () => {
    const { auth } = await createUser(t);
    const res = await t.call(
      'PUT',
      '/api/user/set-new-password',
      { newPassword: 'a-brand-new-secret' },
      auth,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'PASSWORD_CHANGE_NOT_PENDING' });
  });

  it('sets the password, keeps this session and ends the others', async () => {
    const { user, auth } = await createUser(t, { requiresPasswordChange: true });
    const other = await post('/api/user/authenticate', {
      username: user.username,
      password: DEFAULT_PASSWORD,
    });
    const res = await t.call(
      'PUT',
      '/api/user/set-new-password',
      { newPassword: 'a-brand-new-secret' },
      auth,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Password updated successfully' });

    const mine = await t.call('GET', '/api/user/password-status', undefined, auth);
    expect(mine.statusCode).toBe(200);
    const theirs = await t.call('GET', '/api/user/password-status', undefined, {
      authorization: `Bearer ${other.json().token}`,
    });
    expect(theirs.statusCode).toBe(401);

    const oldPw = await post('/api/user/authenticate', {
      username: user.username,
      password: DEFAULT_PASSWORD,
    });
    expect(oldPw.statusCode).toBe(401);
    const newPw = await post('/api/user/authenticate', {
      username: user.username,
      password: 'a-brand-new-secret',
    });
    expect(newPw.statusCode).toBe(200);
  });

  it('validates the new password', async () => {
    const { auth } = await createUser(t, { requiresPasswordChange: true });
    for (const payload of [{ newPassword: 'short' }, {}]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/user/set-new-password',
        headers: auth,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Password must be at least 8 characters long' });
    }
  });

  it('answers 401 without a token', async () => {
    const put = await t.call('PUT', '/api/user/set-new-password', { newPassword: 'long-enough-pw' });
    expect(put.statusCode).toBe(401);
    const get = await t.call('GET', '/api/user/password-status');
    expect(get.statusCode).toBe(401);
  });
});
