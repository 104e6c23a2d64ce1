import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { createSessionStore, registerAccessControl } from '../../platform/auth';
import { registerErrorHandler } from '../../platform/errors';
import { createTestApp, type Method, type TestApp } from '../../test/app';
import { createUser, DEFAULT_PASSWORD } from '../../test/factories';
import { issueTempPassword } from './auth.service';

/*
 * A session opened with a temporary password can do one thing: set a new password. Everything
 * else it calls is refused until then, and it ends after 30 minutes.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 10_000 });
});
afterAll(async () => t.close());

const MINUTE = 60_000;
const REQUIRED = { error: 'Please set a new password before continuing', code: 'PASSWORD_CHANGE_REQUIRED' };
const call = (method: Method, url: string, token: string, payload?: object) =>
  t.call(method, url, payload, { authorization: `Bearer ${token}` });

/** Signs in with a temporary password, as the forgot-password dialog's 'Close & Login' does. */
async function tempSession(input: { is_admin?: boolean } = {}) {
  const { user } = await createUser(t, input);
  const { tempPassword } = await issueTempPassword(t.database.db, user.id, t.clock.now());
  const res = await t.call('POST', '/api/user/auth-temp', { username: user.username, tempPassword });
  expect(res.statusCode).toBe(200);
  return { user, token: res.json().token as string };
}

describe('a temporary-password session', () => {
  it('may check its password status, token, own profile and the terms', async () => {
    const { user, token } = await tempSession();
    const allowed: Array<[Method, string, object?]> = [
      ['GET', '/api/user/password-status'],
      ['POST', `/api/verify/user/${user.id}`],
      ['GET', `/api/user/${user.id}/profile`],
      ['GET', `/api/user/${user.id}/terms-status`],
    ];
    for (const [method, url, payload] of allowed) {
      const res = await call(method, url, token, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(200);
    }
    const terms = await call('GET', '/api/terms', token);
    expect([200, 404]).toContain(terms.statusCode);
    if (terms.statusCode === 200) {
      const accept = await call('POST', `/api/user/${user.id}/accept-terms`, token, {
        version: terms.json().version,
      });
      expect(accept.statusCode).not.toBe(403);
    }
  });

  it('is refused everything else with 403 PASSWORD_CHANGE_REQUIRED, and changes nothing', async () => {
    const { user, token } = await tempSession();
    const { user: other } = await createUser(t);
    const refused: Array<[Method, string, object?]> = [
      ['POST', `/api/user/${user.id}/deactivate`, { isDeletionRequest: false }],
      ['PUT', `/api/user/${user.id}`, { name: 'Taken Over', email: user.email, username: user.username }],
      ['GET', `/api/user/${user.id}/courses`],
      ['GET', `/api/user/${other.id}/profile`],
      ['GET', `/api/user/${other.id}/terms-status`],
      ['POST', `/api/verify/user/${other.id}`],
      ['POST', '/api/reviews', { course_id: user.id, rating: 5, comment: 'x' }],
      ['POST', '/api/course-requests', { title: 'x', description: 'y' }],
    ];
    for (const [method, url, payload] of refused) {
      const res = await call(method, url, token, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual(REQUIRED);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ is_active: true, name: user.name });
  });

  it('is refused admin routes even for an administrator', async () => {
    const { token } = await tempSession({ is_admin: true });
    const res = await call('GET', '/api/admin/terms-of-service', token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(REQUIRED);
  });

  it('lends no identity to a public route', async () => {
    const { token } = await tempSession();
    const res = await call('GET', '/api/courses', token);
    expect(res.statusCode).toBe(200);
  });

  it('ends after 30 minutes', async () => {
    const { token } = await tempSession();
    t.clock.advance(30 * MINUTE - 1);
    expect((await call('GET', '/api/user/password-status', token)).statusCode).toBe(200);
    t.clock.advance(2);
    const res = await call('GET', '/api/user/password-status', token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_TOKEN');
  });

  it('may log out', async () => {
    const { token } = await tempSession();
    expect((await call('POST', '/api/user/logout', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/user/password-status', token)).statusCode).toBe(401);
  });

  it('becomes an ordinary session by setting a new password, and ends every other session', async () => {
    const { user } = await createUser(t);
    const everyday = await t.call('POST', '/api/user/authenticate', {
      username: user.username,
      password: DEFAULT_PASSWORD,
    });
    const otherToken = everyday.json().token as string;
    const { tempPassword } = await issueTempPassword(t.database.db, user.id, t.clock.now());
    const temp = await t.call('POST', '/api/user/auth-temp', { username: user.username, tempPassword });
    const token = temp.json().token as string;

    const set = await call('PUT', '/api/user/set-new-password', token, { newPassword: 'a-fresh-secret-9' });
    expect(set.statusCode).toBe(200);
    expect((await call('GET', `/api/user/${user.id}/courses`, token)).statusCode).toBe(200);
    expect((await call('GET', '/api/user/password-status', otherToken)).statusCode).toBe(401);
    const left = await t.database.db.select().from(sessions).where(eq(sessions.user_id, user.id));
    expect(left).toHaveLength(1);
    expect(left[0]!.requires_password_change).toBe(false);
    expect(left[0]!.expires_at.getTime()).toBe(t.clock.now().getTime() + 30 * 24 * 60 * MINUTE);

    t.clock.advance(31 * MINUTE);
    expect((await call('GET', '/api/user/password-status', token)).json()).toEqual({
      requiresPasswordChange: false,
    });
  });
});

describe('temporary-password sign-ins count against the account', () => {
  it('locks the account after 10 wrong temporary passwords, the right one included', async () => {
    const { user } = await createUser(t);
    const { tempPassword } = await issueTempPassword(t.database.db, user.id, t.clock.now());
    const authTemp = (pw: string) =>
      t.call('POST', '/api/user/auth-temp', { username: user.username, tempPassword: pw });
    for (let i = 0; i < 10; i++) expect((await authTemp(`Wrong-${i}-guess`)).statusCode).toBe(401);
    const locked = await authTemp(tempPassword);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('ACCOUNT_LOCKED');
  });
});

describe('the access hook', () => {
  it('closes a route to such a session unless the route allows it', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    const store = createSessionStore(t.database.db, t.clock);
    registerAccessControl(app, store);
    app.get('/api/new-feature', { config: { access: 'user' } }, async () => ({ ok: true }));
    app.get('/api/allowed', { config: { access: 'user', duringPasswordChange: true } }, async () => ({
      ok: true,
    }));
    await app.ready();
    const { token } = await tempSession();
    const headers = { authorization: `Bearer ${token}` };
    const closed = await app.inject({ method: 'GET', url: '/api/new-feature', headers });
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toEqual(REQUIRED);
    expect((await app.inject({ method: 'GET', url: '/api/allowed', headers })).statusCode).toBe(200);
    await app.close();
  });
});
