import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LOCK_MINUTES, ACCOUNT_MAX_FAILURES } from '../../../common/auth';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, DEFAULT_PASSWORD } from '../../test/factories';
import { itConcurrently } from '../../test/concurrency';

const LOCKED = {
  error: `Too many failed attempts. Please try again in ${ACCOUNT_LOCK_MINUTES} minutes.`,
  code: 'ACCOUNT_LOCKED',
};
const LOCK_SUBJECT = 'Sign-in to your account was paused';

let t: TestApp;
beforeAll(async () => {
  // Behind one trusted proxy, with a per-address limit no test reaches: only the account counts.
  t = await createTestApp({ TRUST_PROXY: 1, AUTH_RATE_LIMIT_PER_MINUTE: 10_000 });
});
afterAll(async () => t.close());

let addresses = 0;
/** Every request seems to come from another client address. */
const fromNewAddress = () => {
  addresses += 1;
  return { 'x-forwarded-for': `198.51.${Math.floor(addresses / 250) % 250}.${addresses % 250}` };
};

type Made = Awaited<ReturnType<typeof createUser>>;
const signIn = (username: string, password: string) =>
  t.call('POST', '/api/user/authenticate', { username, password }, fromNewAddress());
const saveProfile = (me: Made, current_password: string) =>
  t.call(
    'PUT',
    `/api/user/${me.user.id}`,
    { name: me.user.name, email: me.user.email, username: me.user.username, current_password },
    { ...me.auth, ...fromNewAddress() },
  );
const lockMails = (me: Made) => t.mail.filter((m) => m.to === me.user.email && m.subject === LOCK_SUBJECT);

function expectLocked(res: Awaited<ReturnType<typeof signIn>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual(LOCKED);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(ACCOUNT_LOCK_MINUTES * 60);
}

describe('per-account throttling of sign-in', () => {
  it(`locks the account after ${ACCOUNT_MAX_FAILURES} failures from any addresses, tells the owner once, and lets the right password in after the window`, async () => {
    const me = await createUser(t);
    for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++) {
      expect((await signIn(me.user.username, `wrong-${i}`)).statusCode).toBe(401);
    }
    expectLocked(await signIn(me.user.username, 'wrong-again'));
    // The right password is refused too while locked, under either login.
    expectLocked(await signIn(me.user.username, DEFAULT_PASSWORD));
    expectLocked(await signIn(me.user.email, DEFAULT_PASSWORD));
    expect(lockMails(me)).toHaveLength(1);
    expect(lockMails(me)[0]!.text).toContain(me.user.username);

    // Someone else's account is not affected.
    const other = await createUser(t);
    expect((await signIn(other.user.username, DEFAULT_PASSWORD)).statusCode).toBe(200);

    t.clock.advance(ACCOUNT_LOCK_MINUTES * 60_000 + 1_000);
    expect((await signIn(me.user.username, DEFAULT_PASSWORD)).statusCode).toBe(200);
    expect(lockMails(me)).toHaveLength(1);
  });

  it('forgets the failures after a successful sign-in', async () => {
    const me = await createUser(t);
    for (let i = 0; i < ACCOUNT_MAX_FAILURES - 1; i++) await signIn(me.user.username, `wrong-${i}`);
    expect((await signIn(me.user.username, DEFAULT_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < ACCOUNT_MAX_FAILURES - 1; i++) {
      expect((await signIn(me.user.username, `wrong-${i}`)).statusCode).toBe(401);
    }
    expect((await signIn(me.user.username, DEFAULT_PASSWORD)).statusCode).toBe(200);
    expect(lockMails(me)).toHaveLength(0);
  });
});

describe('per-account throttling of the current password on PUT /api/user/{id}', () => {
  it(`locks after ${ACCOUNT_MAX_FAILURES} wrong current passwords, refuses the right one and sign-in meanwhile, and recovers after the window`, async () => {
    const me = await createUser(t);
    for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++) {
      const res = await saveProfile(me, `wrong-${i}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('INVALID_PASSWORD');
    }
    expectLocked(await saveProfile(me, 'wrong-again'));
    expectLocked(await saveProfile(me, DEFAULT_PASSWORD));
    // One count per account: the guessing also locks sign-in.
    expectLocked(await signIn(me.user.username, DEFAULT_PASSWORD));
    expect(lockMails(me)).toHaveLength(1);

    t.clock.advance(ACCOUNT_LOCK_MINUTES * 60_000 + 1_000);
    expect((await saveProfile(me, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  itConcurrently(
    `evaluates at most ${ACCOUNT_MAX_FAILURES} of 40 concurrent guesses and e-mails the owner once`,
    async () => {
      const me = await createUser(t);
      const results = await Promise.all(Array.from({ length: 40 }, (_, i) => saveProfile(me, `guess-${i}`)));
      const codes = results.map((res) => res.json<{ code: string }>().code);
      expect(codes.filter((code) => code === 'INVALID_PASSWORD')).toHaveLength(ACCOUNT_MAX_FAILURES);
      expect(codes.filter((code) => code === 'ACCOUNT_LOCKED').length).toBeGreaterThan(0);
      for (const res of results) expect([403, 429]).toContain(res.statusCode);
      expect(lockMails(me)).toHaveLength(1);
    },
  );
});
