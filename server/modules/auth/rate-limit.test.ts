import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';

const LIMIT = 3;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: LIMIT });
});
afterAll(async () => t.close());

type Call = { method: 'GET' | 'POST'; url: string; payload?: object };
const limitedRoutes: Array<[string, () => Call]> = [
  [
    'sign-in',
    () => ({ method: 'POST', url: '/api/user/authenticate', payload: { username: 'x', password: 'y' } }),
  ],
  ['sign-up', () => ({ method: 'POST', url: '/api/create/user', payload: {} })],
  [
    'temp sign-in',
    () => ({ method: 'POST', url: '/api/user/auth-temp', payload: { username: 'x', tempPassword: 'y' } }),
  ],
  [
    'request-reset-code',
    () => ({
      method: 'POST',
      url: '/api/user/request-reset-code',
      payload: { email: `rl-${randomUUID()}@example.org` },
    }),
  ],
  [
    'request-reset',
    () => ({
      method: 'POST',
      url: '/api/user/request-reset',
      payload: {
        email: `rl-${randomUUID()}@example.org`,
        code: '123456',
        securityAnswers: ['a', 'b', 'c'],
      },
    }),
  ],
  [
    'questions by e-mail',
    () => ({ method: 'POST', url: '/api/user/security-questions', payload: { email: 'a@b.org' } }),
  ],
  ['questions by id', () => ({ method: 'GET', url: `/api/user/security-questions/${randomUUID()}` })],
  [
    'e-mail confirmation',
    () => ({ method: 'POST', url: '/api/user/confirm-email', payload: { token: 'x'.repeat(43) } }),
  ],
];

describe('rate limits on sign-in, sign-up and recovery (AUTH_RATE_LIMIT_PER_MINUTE)', () => {
  it.each(limitedRoutes)('%s answers 429 with Retry-After past the limit', async (_name, call) => {
    for (let i = 0; i < LIMIT; i++) {
      const res = await t.app.inject(call());
      expect(res.statusCode).not.toBe(429);
    }
    const res = await t.app.inject(call());
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(res.json()).toEqual({
      error: expect.stringMatching(/^Too many attempts\. Please try again in \d+ seconds\.$/),
      code: 'TOO_MANY_REQUESTS',
    });
  });

  it('does not limit ordinary signed-in routes', async () => {
    const { auth } = await createUser(t);
    for (let i = 0; i < LIMIT + 2; i++) {
      const res = await t.call('GET', '/api/user/password-status', undefined, auth);
      expect(res.statusCode).toBe(200);
    }
  });
});
