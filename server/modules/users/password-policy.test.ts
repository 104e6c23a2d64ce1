import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_COMMON_MESSAGE, PASSWORD_MESSAGE, PASSWORD_PERSONAL_MESSAGE } from '../../../common/users';
import { DEMO_ADMIN_PASSWORD, DEMO_STUDENT_PASSWORD } from '../../db/seed/demo-accounts';
import { passwordProblem } from '../../platform/password-policy';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser, DEFAULT_PASSWORD } from '../../test/factories';

/* OWASP ASVS 5.0 V6.2: at least 8 characters, not the account's own names, not a common password. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 10_000 });
});
afterAll(async () => t.close());

let n = 0;
function signUp(overrides: Record<string, string> = {}) {
  n += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/create/user',
    payload: {
      name: 'Lin Wei',
      city: 'Oakland',
      country: 'United States',
      martial_art: 'Baguazhang',
      email: `lin.wei${n}@example.org`,
      username: `linwei${n}`,
      password: 'circle-walking-palms',
      ...overrides,
    },
  });
}
const signIn = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/authenticate', payload: { username, password } });

function expectRefused(res: Awaited<ReturnType<typeof signUp>>, field: string, message: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ error: message, code: 'WEAK_PASSWORD', details: [{ path: field, message }] });
}

describe('the password policy', () => {
  it('lets the demo and test passwords through and names the rule a bad one breaks', () => {
    for (const password of [DEMO_ADMIN_PASSWORD, DEMO_STUDENT_PASSWORD, DEFAULT_PASSWORD]) {
      expect(passwordProblem(password, ['someone', 'someone@example.org'])).toBeUndefined();
    }
    expect(passwordProblem('short', [])).toBe(PASSWORD_MESSAGE);
    expect(passwordProblem('Dragon123', [])).toBe(PASSWORD_COMMON_MESSAGE);
    expect(passwordProblem('Mei.Chen', ['mei.chen@example.org'])).toBe(PASSWORD_PERSONAL_MESSAGE);
  });
});

describe('POST /api/create/user', () => {
  it('refuses a common password, in any letter case, and creates nothing', async () => {
    for (const password of ['password1', 'PassWord1', 'qwertyuiop', '12345678']) {
      const res = await signUp({ password, username: 'common_pw', email: 'common.pw@example.org' });
      expectRefused(res, 'password', PASSWORD_COMMON_MESSAGE);
    }
    expect((await signIn('common_pw', 'password1')).statusCode).toBe(401);
  });

  it('refuses the username, the e-mail and its local part as the password', async () => {
    const cases = [
      { username: 'Tiger.Crane', email: 'tc@example.org', password: 'tiger.crane' },
      { username: 'tcrane', email: 'Tiger.Crane@example.org', password: 'tiger.crane@example.org' },
      { username: 'tcrane', email: 'tiger.crane.88@example.org', password: 'TIGER.CRANE.88' },
    ];
    for (const overrides of cases)
      expectRefused(await signUp(overrides), 'password', PASSWORD_PERSONAL_MESSAGE);
  });

  it('keeps the length message for a short password and accepts a good one', async () => {
    const short = await signUp({ password: 'a1b2c3' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe(PASSWORD_MESSAGE);
    expect((await signUp()).statusCode).toBe(201);
  });
});

describe('PUT /api/user/{id} new_password', () => {
  it('refuses a common password from the owner and keeps the old one', async () => {
    const me = await createUser(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${me.user.id}`,
      headers: me.auth,
      payload: {
        name: me.user.name,
        email: me.user.email,
        username: me.user.username,
        current_password: me.password,
        new_password: 'iloveyou2',
      },
    });
    expectRefused(res, 'new_password', PASSWORD_COMMON_MESSAGE);
    expect((await signIn(me.user.username, me.password)).statusCode).toBe(200);
  });

  it("refuses the account's own names when an admin sets it, including a username changed in the same save", async () => {
    const admin = await createAdmin(t);
    const student = await createUser(t);
    const put = (payload: Record<string, string>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/user/${student.user.id}`,
        headers: admin.auth,
        payload: {
          name: student.user.name,
          email: student.user.email,
          username: student.user.username,
          ...payload,
        },
      });
    expectRefused(
      await put({ new_password: student.user.username }),
      'new_password',
      PASSWORD_PERSONAL_MESSAGE,
    );
    const renamed = await put({ username: 'silk-reeling', new_password: 'Silk-Reeling' });
    expectRefused(renamed, 'new_password', PASSWORD_PERSONAL_MESSAGE);
    expect((await put({ new_password: 'pushing-hands-9' })).statusCode).toBe(200);
    expect((await signIn(student.user.username, 'pushing-hands-9')).statusCode).toBe(200);
  });
});

describe('PUT /api/user/set-new-password', () => {
  it('refuses a common password after a temporary sign-in and keeps the change pending', async () => {
    const { user, auth } = await createUser(t, { requiresPasswordChange: true });
    const set = (newPassword: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/user/set-new-password',
        headers: auth,
        payload: { newPassword },
      });
    expectRefused(await set('sunshine1'), 'newPassword', PASSWORD_COMMON_MESSAGE);
    expectRefused(await set(user.email), 'newPassword', PASSWORD_PERSONAL_MESSAGE);
    const status = await t.app.inject({ method: 'GET', url: '/api/user/password-status', headers: auth });
    expect(status.json()).toEqual({ requiresPasswordChange: true });
    expect((await set('single-whip-left')).statusCode).toBe(200);
  });
});
