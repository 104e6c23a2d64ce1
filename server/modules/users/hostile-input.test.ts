import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';

/*
 * No request shape may produce a 500: malformed JSON, wrong JSON types, wrong field types and
 * malformed ids all get a 4xx in the API's error shape, on every auth and users route.
 */
let t: TestApp;
let adminAuth: Record<string, string>;
let targetId: string;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 10_000 });
  adminAuth = (await createAdmin(t)).auth;
  targetId = (await createUser(t)).user.id;
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const routes = (): Array<[Method, string]> => [
  ['POST', '/api/user/authenticate'],
  ['POST', '/api/create/user'],
  ['POST', '/api/user/auth-temp'],
  ['POST', '/api/user/security-questions'],
  ['POST', '/api/user/request-reset'],
  ['PUT', '/api/user/set-new-password'],
  ['PUT', `/api/user/${targetId}`],
  ['POST', `/api/user/${targetId}/deactivate`],
];

const RAW_BODIES = [
  '{bad',
  '[',
  '"',
  'null',
  '42',
  '"text"',
  '[]',
  'true',
  '{"__proto__":{"is_admin":true}}',
  '',
];
const FIELDS = [
  'name',
  'email',
  'username',
  'password',
  'city',
  'country',
  'martial_art',
  'tempPassword',
  'securityAnswers',
  'newPassword',
  'isDeletionRequest',
  'current_password',
  'new_password',
  'experience',
  'privacy',
  'is_admin',
  'is_active',
  'belt',
  'avatar',
  'allow_messages',
  'email_notifications',
];
// No value here is valid for every field a route requires (true would be a valid isDeletionRequest).
const WRONG_VALUES: unknown[] = [
  null,
  123,
  -1,
  1e308,
  {},
  [],
  [1, 2, 3],
  'x'.repeat(5000),
  { nested: { deep: [] } },
];

function expectClientError(res: { statusCode: number; json: () => unknown }, what: string) {
  expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, what).toBeLessThan(500);
  expect(res.json(), what).toEqual(
    expect.objectContaining({ error: expect.any(String), code: expect.any(String) }),
  );
}

describe('hostile input on auth and users routes', () => {
  it('answers malformed and wrongly typed JSON bodies with 400', async () => {
    for (const [method, url] of routes()) {
      for (const raw of RAW_BODIES) {
        const res = await t.app.inject({
          method,
          url,
          headers: { ...adminAuth, 'content-type': 'application/json' },
          payload: raw,
        });
        expectClientError(res, `${method} ${url} ${JSON.stringify(raw)}`);
        expect(res.statusCode).toBe(400);
      }
    }
  });

  it('answers every field of the wrong type with 400', async () => {
    for (const [method, url] of routes()) {
      for (const value of WRONG_VALUES) {
        const payload = Object.fromEntries(FIELDS.map((field) => [field, value]));
        const res = await t.app.inject({ method, url, headers: adminAuth, payload });
        expectClientError(res, `${method} ${url} ${JSON.stringify(value).slice(0, 40)}`);
        expect(res.statusCode).toBe(400);
      }
    }
  });

  it('answers a form-encoded body with 415 and a plain-text one with 400', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/user/authenticate',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=a&password=b',
    });
    expectClientError(form, 'form');
    expect(form.statusCode).toBe(415);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/user/authenticate',
      headers: { 'content-type': 'text/plain' },
      payload: 'username=a&password=b',
    });
    expectClientError(text, 'text/plain');
    expect(text.statusCode).toBe(400);
  });

  it('answers malformed ids with 400 on every route that takes one', async () => {
    const withId: Array<[Method, (id: string) => string, object?]> = [
      ['GET', (id) => `/api/user/security-questions/${id}`],
      ['POST', (id) => `/api/verify/user/${id}`],
      ['GET', (id) => `/api/user/${id}/profile`],
      ['PUT', (id) => `/api/user/${id}`, { name: 'A', email: 'a@b.org', username: 'abc' }],
      ['DELETE', (id) => `/api/user/${id}`],
      ['GET', (id) => `/api/user/${id}/courses`],
      ['POST', (id) => `/api/user/${id}/deactivate`, { isDeletionRequest: false }],
      ['POST', (id) => `/api/admin/user/${id}/reactivate`],
    ];
    for (const [method, url, payload] of withId) {
      for (const id of ['not-a-uuid', '1', `${randomUUID()}x`, "'%20or%201=1", '%00']) {
        const res = await t.app.inject({ method, url: url(id), headers: adminAuth, payload });
        expectClientError(res, `${method} ${url(id)}`);
        expect(res.statusCode, `${method} ${url(id)}`).toBe(400);
      }
    }
  });

  it('answers text with a NUL character with 400', async () => {
    const nul = 'a\u0000b';
    const signIn = await t.call('POST', '/api/user/authenticate', {
      username: nul,
      password: 'whatever-123',
    });
    expectClientError(signIn, 'sign-in');
    expect(signIn.statusCode).toBe(400);
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/create/user',
      payload: {
        name: nul,
        city: 'Oakland',
        country: 'United States',
        martial_art: 'Taijiquan',
        email: `nul-${randomUUID().slice(0, 8)}@example.org`,
        username: `nul_${randomUUID().slice(0, 8)}`,
        password: 'long-enough-pw',
      },
    });
    expectClientError(signUp, 'sign-up');
    expect(signUp.statusCode).toBe(400);
  });

  it('changes nothing when the body is rejected', async () => {
    const before = (
      await t.app.inject({ method: 'GET', url: `/api/user/${targetId}/profile`, headers: adminAuth })
    ).json();
    await t.call(
      'PUT',
      `/api/user/${targetId}`,
      { name: 'Changed', email: 'changed@example.org', username: 'changed', experience: -3 },
      adminAuth,
    );
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/user/${targetId}/profile`, headers: adminAuth })
    ).json();
    expect(after).toEqual(before);
  });
});
