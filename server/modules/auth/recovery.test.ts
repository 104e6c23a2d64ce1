import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_QUESTIONS } from '../../../common/auth';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, DEFAULT_PASSWORD } from '../../test/factories';
import { emailedResetCode } from './test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 10_000 });
});
afterAll(async () => t.close());

const MINUTE = 60_000;
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

/** A user whose security answers are known: its username, Oakland, United States. */
async function recoverableUser() {
  const suffix = randomUUID().slice(0, 8);
  return createUser(t, { username: `Lin_${suffix}`, email: `lin-${suffix}@example.org` });
}
const rightAnswers = (user: { username: string }) => [user.username, 'Oakland', 'United States'];

const sendCode = (email: string) => emailedResetCode(t, email);

const requestResetWith = (email: string, code: string, securityAnswers: unknown) =>
  post('/api/user/request-reset', { email, code, securityAnswers });

/** Recovery as the mailbox's owner does it: a fresh code, then the answers. */
const requestReset = async (email: string, securityAnswers: unknown) =>
  requestResetWith(email, await sendCode(email), securityAnswers);
const authTemp = (username: string, tempPassword: string) =>
  post('/api/user/auth-temp', { username, tempPassword });

describe('security questions', () => {
  it('GET by user id answers the three questions, and 404 for an unknown id', async () => {
    const { user } = await createUser(t);
    const res = await t.app.inject({ method: 'GET', url: `/api/user/security-questions/${user.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ questions: SECURITY_QUESTIONS });
    expect(res.json().questions.map((q: { key: string }) => q.key)).toEqual(['username', 'city', 'country']);

    const unknown = await t.call('GET', `/api/user/security-questions/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'User not found', code: 'USER_NOT_FOUND' });
    const malformed = await t.call('GET', '/api/user/security-questions/42');
    expect(malformed.statusCode).toBe(400);
  });

  it('POST by e-mail answers the same for known and unknown e-mails', async () => {
    const { user } = await createUser(t);
    const known = await post('/api/user/security-questions', { email: user.email });
    const unknown = await post('/api/user/security-questions', { email: 'nobody@example.org' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ questions: SECURITY_QUESTIONS });
  });

  it('POST by e-mail validates the e-mail', async () => {
    const missing = await post('/api/user/security-questions', {});
    expect(missing.json()).toMatchObject({ error: 'Email is required', code: 'VALIDATION_ERROR' });
    const bad = await post('/api/user/security-questions', { email: 'nope' });
    expect(bad.json()).toMatchObject({ error: 'Please enter a valid email address' });
  });
});

describe('POST /api/user/request-reset', () => {
  it('issues a 30-minute temporary password with masked hints and mails the owner', async () => {
    const { user } = await recoverableUser();
    const res = await requestReset(user.email, rightAnswers(user));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.hints).toEqual({
      username: user.username[0] + '*'.repeat(user.username.length - 2) + user.username.at(-1),
      city: 'O*****d',
      country: 'U***********s',
    });
    expect(body.tempPassword).toMatch(/^[A-Za-z2-9]{12}$/);
    expect(body.expiresAt).toBe(new Date(t.clock.now().getTime() + 30 * MINUTE).toISOString());
    expect(body.user).toEqual({ username: user.username });

    const mail = t.mail.at(-1)!;
    expect(mail.to).toBe(user.email);
    expect(mail.subject).toMatch(/temporary password/i);
    expect(mail.text).not.toContain(body.tempPassword);
  });

  it('matches answers trimmed and case-insensitively', async () => {
    const { user } = await recoverableUser();
    const res = await requestReset(user.email.toUpperCase(), [
      `  ${user.username.toUpperCase()} `,
      'oakland  ',
      ' UNITED   states',
    ]);
    expect(res.statusCode).toBe(200);
  });

  it('answers wrong answers and an unknown e-mail identically', async () => {
    const { user } = await recoverableUser();
    const wrong = await requestReset(user.email, [user.username, 'Berkeley', 'United States']);
    const unknown = await requestResetWith('nobody-at-all@example.org', '123456', [
      'someone',
      'Oakland',
      'United States',
    ]);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'Security verification failed',
        code: 'SECURITY_VERIFICATION_FAILED',
      });
    }
    expect(wrong.body).toBe(unknown.body);
    expect(Object.keys(wrong.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
  });

  it.each([
    [['a', 'b'], 'Please fill in all security answers'],
    [['a', 'b', '  '], 'Please fill in all security answers'],
    [undefined, 'Please fill in all security answers'],
    ['abc', 'Please fill in all security answers'],
  ])('requires all three answers (%j)', async (answers, message) => {
    const res = await requestResetWith('someone@example.org', '123456', answers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
  });

  it('locks an e-mail after 5 failures for 15 minutes, even for right answers', async () => {
    const { user } = await recoverableUser();
    const code = await sendCode(user.email);
    for (let i = 0; i < 5; i++) {
      const res = await requestResetWith(user.email, code, [user.username, 'Wrong', 'Wrong']);
      expect(res.statusCode).toBe(400);
      t.clock.advance(MINUTE);
    }
    const locked = await requestResetWith(user.email, await sendCode(user.email), rightAnswers(user));
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      error: 'Too many failed attempts. Please try again in 15 minutes.',
      code: 'RECOVERY_LOCKED',
    });
    // The first failure was 5 minutes ago: it stops counting in 10 minutes.
    expect(locked.headers['retry-after']).toBe(String(10 * 60));

    t.clock.advance(10 * MINUTE + 1);
    const open = await requestReset(user.email, rightAnswers(user));
    expect(open.statusCode).toBe(200);
  });

  it('locks unknown e-mails the same way, keyed case-insensitively', async () => {
    const email = `ghost-${randomUUID().slice(0, 8)}@example.org`;
    for (let i = 0; i < 5; i++) {
      await requestResetWith(i % 2 ? email.toUpperCase() : email, '123456', ['a', 'b', 'c']);
    }
    const locked = await requestResetWith(email, '123456', ['a', 'b', 'c']);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('forgets failures after a success', async () => {
    const { user } = await recoverableUser();
    for (let round = 0; round < 2; round++) {
      const code = await sendCode(user.email);
      for (let i = 0; i < 4; i++) await requestResetWith(user.email, code, ['x', 'y', 'z']);
      expect((await requestResetWith(user.email, code, rightAnswers(user))).statusCode).toBe(200);
    }
  });
});

describe('POST /api/user/auth-temp', () => {
  it('signs in once with the temporary password and asks for a new password until one is set', async () => {
    const { user } = await recoverableUser();
    const { tempPassword } = (await requestReset(user.email, rightAnswers(user))).json();

    const res = await authTemp(user.username, tempPassword);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, requires_password_change: true });
    const auth = { authorization: `Bearer ${res.json().token}` };
    const status = await t.call('GET', '/api/user/password-status', undefined, auth);
    expect(status.json()).toEqual({ requiresPasswordChange: true });
    const verified = await post(`/api/verify/user/${user.id}`, undefined, auth);
    expect(verified.json().user.requires_password_change).toBe(true);

    const again = await authTemp(user.username, tempPassword);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({
      error: 'Invalid or expired temporary password',
      code: 'INVALID_TEMP_PASSWORD',
    });

    const set = await t.call('PUT', '/api/user/set-new-password', { newPassword: 'my-new-password' }, auth);
    expect(set.statusCode).toBe(200);
    const after = await t.call('GET', '/api/user/password-status', undefined, auth);
    expect(after.json()).toEqual({ requiresPasswordChange: false });
    const signIn = await post('/api/user/authenticate', {
      username: user.username,
      password: 'my-new-password',
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('accepts the e-mail as the username', async () => {
    const { user } = await recoverableUser();
    const { tempPassword } = (await requestReset(user.email, rightAnswers(user))).json();
    expect((await authTemp(user.email.toUpperCase(), tempPassword)).statusCode).toBe(200);
  });

  it('fails after 30 minutes', async () => {
    const { user } = await recoverableUser();
    const { tempPassword } = (await requestReset(user.email, rightAnswers(user))).json();
    t.clock.advance(30 * MINUTE + 1);
    const res = await authTemp(user.username, tempPassword);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_TEMP_PASSWORD');
  });

  it('invalidates an older temporary password when a new one is issued', async () => {
    const { user } = await recoverableUser();
    const first = (await requestReset(user.email, rightAnswers(user))).json().tempPassword;
    const second = (await requestReset(user.email, rightAnswers(user))).json().tempPassword;
    expect((await authTemp(user.username, first)).statusCode).toBe(401);
    expect((await authTemp(user.username, second)).statusCode).toBe(200);
  });

  it('rejects a wrong temporary password, an unknown user and the real password alike', async () => {
    const { user } = await recoverableUser();
    await requestReset(user.email, rightAnswers(user));
    for (const [username, pw] of [
      [user.username, 'WrongTempPw2'],
      ['no-such-user', 'WrongTempPw2'],
      [user.username, DEFAULT_PASSWORD],
    ] as const) {
      const res = await authTemp(username, pw);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: 'Invalid or expired temporary password',
        code: 'INVALID_TEMP_PASSWORD',
      });
    }
  });

  it('refuses a deactivated account without spending the temporary password', async () => {
    const { user } = await recoverableUser();
    const { tempPassword } = (await requestReset(user.email, rightAnswers(user))).json();
    const { auth: adminAuth } = await createUser(t, { is_admin: true });
    await post(`/api/user/${user.id}/deactivate`, { isDeletionRequest: false }, adminAuth);
    const res = await authTemp(user.username, tempPassword);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_DEACTIVATED');
    await post(`/api/admin/user/${user.id}/reactivate`, undefined, adminAuth);
    expect((await authTemp(user.username, tempPassword)).statusCode).toBe(200);
  });

  it('validates its fields', async () => {
    const noUser = await post('/api/user/auth-temp', { tempPassword: 'abc' });
    expect(noUser.json()).toMatchObject({ error: 'Username is required', code: 'VALIDATION_ERROR' });
    const noPw = await post('/api/user/auth-temp', { username: 'someone', tempPassword: ' ' });
    expect(noPw.json()).toMatchObject({ error: 'Temporary password is required', code: 'VALIDATION_ERROR' });
  });
});
