import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authThrottles, passwordResetCodes } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { emailedResetCode } from './test/factories';
import { itConcurrently } from '../../test/concurrency';

/*
 * Recovery needs the mailbox: a temporary password is handed out only to someone who gives the
 * code e-mailed to the account's address as well as the answers to the security questions.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 10_000 });
});
afterAll(async () => t.close());

const MINUTE = 60_000;
const FAILED = { error: 'Security verification failed', code: 'SECURITY_VERIFICATION_FAILED' };
const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object });

async function recoverableUser() {
  const suffix = randomUUID().slice(0, 8);
  const { user } = await createUser(t, { username: `Ann_${suffix}`, email: `ann-${suffix}@example.org` });
  return user;
}
const rightAnswers = (user: { username: string }) => [user.username, 'Oakland', 'United States'];
const requestReset = (email: string, code: unknown, securityAnswers: unknown) =>
  post('/api/user/request-reset', { email, code, securityAnswers });

/** Every code e-mailed to an address so far, oldest first. */
const codesSentTo = (email: string) =>
  t.mail
    .filter((m) => m.to === email && /reset code/.test(m.subject))
    .map((m) => /\b(\d{6})\b/.exec(m.text)![1]!);

const sendCode = (email: string) => emailedResetCode(t, email);

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('recovery by public facts alone', () => {
  it('hands out no temporary password for the security answers without the mailed code', async () => {
    const user = await recoverableUser();
    const res = await post('/api/user/request-reset', {
      email: user.email,
      securityAnswers: rightAnswers(user),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'Please enter the 6-digit code from the e-mail',
      code: 'VALIDATION_ERROR',
    });
    expect(res.body).not.toContain('tempPassword');
  });
});

describe('POST /api/user/request-reset-code', () => {
  it('answers 202 alike for a known and an unknown address, and e-mails a 6-digit code only to the known one', async () => {
    const user = await recoverableUser();
    const known = await post('/api/user/request-reset-code', { email: user.email.toUpperCase() });
    const unknown = await post('/api/user/request-reset-code', { email: 'nobody-here@example.org' });
    const expiresAt = new Date(t.clock.now().getTime() + 10 * MINUTE).toISOString();
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ sent: true, expiresAt });
    }
    expect(known.body).toBe(unknown.body);
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());

    const [code] = await vi.waitFor(() => {
      const codes = codesSentTo(user.email);
      if (codes.length === 0) throw new Error('no code yet');
      return codes;
    });
    expect(code).toMatch(/^\d{6}$/);
    expect(t.mail.some((m) => m.to === 'nobody-here@example.org')).toBe(false);
  });

  it('stores only a hash of the code', async () => {
    const user = await recoverableUser();
    const code = await sendCode(user.email);
    const rows = await t.database.db
      .select()
      .from(passwordResetCodes)
      .where(eq(passwordResetCodes.user_id, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).not.toContain(code);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('validates the e-mail', async () => {
    const missing = await post('/api/user/request-reset-code', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'Email is required', code: 'VALIDATION_ERROR' });
    const bad = await post('/api/user/request-reset-code', { email: 'nope' });
    expect(bad.json()).toMatchObject({ error: 'Please enter a valid email address' });
  });

  itConcurrently('leaves exactly one live code when requests for one user race', async () => {
    const user = await recoverableUser();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post('/api/user/request-reset-code', { email: user.email })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(5).fill(202));
    const codes = await vi.waitFor(() => {
      const sent = codesSentTo(user.email);
      if (sent.length < 5) throw new Error('codes still being sent');
      return sent;
    });
    const live = await t.database.db
      .select()
      .from(passwordResetCodes)
      .where(eq(passwordResetCodes.user_id, user.id));
    expect(live.filter((row) => row.used_at === null)).toHaveLength(1);

    // Exactly one of the e-mailed codes is the live one; the others were voided by it.
    const accepted: string[] = [];
    for (const code of new Set(codes)) {
      // Lift the lockout and the code's own tries, so every mailed code gets a fair test.
      await t.database.db.delete(authThrottles);
      await t.database.db
        .update(passwordResetCodes)
        .set({ attempts: 0 })
        .where(eq(passwordResetCodes.user_id, user.id));
      if ((await requestReset(user.email, code, rightAnswers(user))).statusCode === 200) accepted.push(code);
    }
    expect(accepted).toHaveLength(1);
  });
});

describe('POST /api/user/request-reset with a code', () => {
  it('issues the temporary password only for the right code and the right answers, and spends the code', async () => {
    const user = await recoverableUser();
    const code = await sendCode(user.email);
    const res = await requestReset(user.email, ` ${code} `, rightAnswers(user));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ tempPassword: expect.any(String), user: { username: user.username } });

    const again = await requestReset(user.email, code, rightAnswers(user));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(FAILED);
  });

  it('answers one and the same 400 for every wrong part', async () => {
    const user = await recoverableUser();
    const withoutCode = await recoverableUser();
    const code = await sendCode(user.email);
    const voided = await sendCode(withoutCode.email);
    await sendCode(withoutCode.email);
    const expired = await recoverableUser();
    const expiredCode = await sendCode(expired.email);
    t.clock.advance(10 * MINUTE + 1);
    const fresh = await sendCode(user.email);
    expect(fresh).toBeDefined();

    const cases = [
      await requestReset('nobody-at-all@example.org', code, rightAnswers(user)),
      await requestReset(user.email, otherCode(fresh), rightAnswers(user)),
      await requestReset(user.email, fresh, [user.username, 'Oakland', 'Canada']),
      await requestReset(user.email, code, rightAnswers(user)),
      await requestReset(withoutCode.email, voided, rightAnswers(withoutCode)),
      await requestReset(expired.email, expiredCode, rightAnswers(expired)),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(FAILED);
      expect(res.body).toBe(cases[0]!.body);
    }
    const noCodeUser = await recoverableUser();
    const never = await requestReset(noCodeUser.email, '000000', rightAnswers(noCodeUser));
    expect(never.body).toBe(cases[0]!.body);
  });

  it('allows a code 5 tries of its own, even once the lockout has passed', async () => {
    const user = await recoverableUser();
    const code = await sendCode(user.email);
    for (let i = 0; i < 5; i++) {
      expect((await requestReset(user.email, code, [user.username, 'Wrong', 'Wrong'])).statusCode).toBe(400);
    }
    await t.database.db.delete(authThrottles).where(eq(authThrottles.key, `recovery:${user.email}`));
    const sixth = await requestReset(user.email, code, rightAnswers(user));
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toEqual(FAILED);
    const [row] = await t.database.db
      .select()
      .from(passwordResetCodes)
      .where(eq(passwordResetCodes.user_id, user.id));
    expect(row!.attempts).toBe(5);
  });

  it.each([
    [undefined, 'missing'],
    ['12345', 'five digits'],
    ['12a456', 'not digits'],
  ])('requires a 6-digit code (%j: %s)', async (code, _why) => {
    const res = await requestReset('someone@example.org', code, ['a', 'b', 'c']);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'Please enter the 6-digit code from the e-mail',
      code: 'VALIDATION_ERROR',
    });
  });

  itConcurrently('evaluates at most 5 of 40 concurrent attempts, the right one among them', async () => {
    const user = await recoverableUser();
    const code = await sendCode(user.email);
    const attempts = Array.from({ length: 40 }, (_, i) =>
      i === 20
        ? requestReset(user.email, code, rightAnswers(user))
        : requestReset(user.email, otherCode(code), [user.username, 'Wrong', 'Wrong']),
    );
    const answers = await Promise.all(attempts);
    const evaluated = answers.filter((res) => res.statusCode !== 429);
    expect(evaluated.length).toBeLessThanOrEqual(5);
    for (const res of evaluated) expect([200, 400]).toContain(res.statusCode);
    const refused = answers.filter((res) => res.statusCode === 429);
    expect(refused.length).toBeGreaterThanOrEqual(35);
    for (const res of refused) expect(res.json().code).toBe('RECOVERY_LOCKED');
    const [row] = await t.database.db
      .select()
      .from(passwordResetCodes)
      .where(eq(passwordResetCodes.user_id, user.id));
    expect(row!.attempts).toBeLessThanOrEqual(5);
  });
});

describe('per-address limit on codes', () => {
  it('sends at most 5 codes to one address in 15 minutes, whatever its case', async () => {
    const email = `flood-${randomUUID().slice(0, 8)}@example.org`;
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/user/request-reset-code', { email: i % 2 ? email.toUpperCase() : email });
      expect(res.statusCode).toBe(202);
    }
    const sixth = await post('/api/user/request-reset-code', { email: ` ${email.toUpperCase()} ` });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('TOO_MANY_REQUESTS');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(60);
    const other = await post('/api/user/request-reset-code', { email: `other-${email}` });
    expect(other.statusCode).toBe(202);
  });
});
