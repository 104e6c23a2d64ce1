import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { createUser } from '../test/factories';
import { DATABASE_RETRY_AFTER_SECONDS, registerConstraintAnswers } from './errors';

/** SQLSTATEs a request can meet, raised by the database itself the way it raises them. */
const RAISED = ['23514', '23502', '57014', '40001', '40P01', '22012', '57P01', '57P03', '08006', '55000'];
const CONSTRAINTS = ['test_things_name_key', 'test_unregistered_key', 'users_email_lower_key'];

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  t = await createTestApp(
    { LOG_LEVEL: 'warn' },
    {
      logStream: stream,
      prettyLogs: false,
      routes: (app) => {
        // A constraint's own answer, as a module registers it, for the constraint a statement names.
        app.get<{ Params: { constraint: string } }>('/test/constraint/:constraint', async (request) => {
          const constraint = CONSTRAINTS.find((name) => name === request.params.constraint);
          if (!constraint) return { ok: true };
          return t.database.db.execute(
            sql.raw(
              `do $$ begin raise exception 'raised on purpose' using errcode = '23505', constraint = '${constraint}'; end $$`,
            ),
          );
        });
        // Another account's e-mail, written the way a repo writes it, so Drizzle's error carries
        // the query's parameters (the e-mail, a password hash) for the log to leave out.
        app.post<{ Body: { email: string } }>('/test/duplicate-email', async (request) => {
          await t.database.db.insert(users).values({
            name: 'Copy',
            email: request.body.email.toUpperCase(),
            username: `copy_${Date.now()}`,
            password_hash: 'hash-that-must-not-be-logged',
          });
          return { ok: true };
        });
        // A refused connection to a service other than the database (a mail server, a bucket).
        app.get('/test/other-service-refused', async () => {
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), {
            code: 'ECONNREFUSED',
            syscall: 'connect',
          });
        });
        app.get<{ Params: { code: string } }>('/test/sqlstate/:code', async (request) => {
          const code = request.params.code;
          if (!RAISED.includes(code)) return { ok: true };
          // The code is one of the constants above, so it is safe to inline.
          return t.database.db.execute(
            sql.raw(`do $$ begin raise exception 'raised on purpose' using errcode = '${code}'; end $$`),
          );
        });
      },
    },
  );
});
afterAll(async () => t.close());

const post = (url: string, headers: Record<string, string>, payload: string) =>
  t.app.inject({ method: 'POST', url, headers, payload });

describe("Fastify's own errors", () => {
  it('answer with the API codes, never FST_ERR codes', async () => {
    const json = { 'content-type': 'application/json' };
    const cases = [
      {
        res: await post('/api/user/authenticate', json, '{"username": "x",'),
        status: 400,
        code: 'INVALID_JSON',
      },
      { res: await post('/api/user/authenticate', json, ''), status: 400, code: 'INVALID_JSON' },
      {
        res: await post(
          '/api/user/authenticate',
          { 'content-type': 'application/xml' },
          '<username>x</username>',
        ),
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      },
      {
        res: await post(
          '/api/user/authenticate',
          json,
          JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
        ),
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
      },
    ];
    for (const { res, status, code } of cases) {
      expect(res.statusCode, code).toBe(status);
      expect(res.json(), code).toEqual({ error: expect.any(String), code });
      expect(res.body).not.toContain('FST_');
    }
  });
});

describe("Fastify's own errors, whatever the request's shape", () => {
  it('never answer with an FST_ code', async () => {
    const student = await createUser(t);
    const json = { 'content-type': 'application/json', ...student.auth };
    const multipart = { 'content-type': 'multipart/form-data; boundary=xyz', ...student.auth };
    const part = (name: string, value: string, file = '') =>
      `--xyz\r\nContent-Disposition: form-data; name="${name}"${file}\r\n\r\n${value}\r\n`;
    const cases: { name: string; request: InjectOptions; status: number; code: string }[] = [
      {
        name: 'bad JSON',
        request: { method: 'POST', url: '/api/reviews', headers: json, payload: '{"rating": ' },
        status: 400,
        code: 'INVALID_JSON',
      },
      {
        name: 'JSON with a prototype key',
        request: { method: 'POST', url: '/api/reviews', headers: json, payload: '{"__proto__": {"a": 1}}' },
        status: 400,
        code: 'INVALID_JSON',
      },
      {
        name: 'empty body with a JSON content type',
        request: { method: 'POST', url: '/api/reviews', headers: json, payload: '' },
        status: 400,
        code: 'INVALID_JSON',
      },
      {
        name: 'empty body with a JSON content type, on DELETE',
        request: { method: 'DELETE', url: '/api/admin/cloudinary/delete', headers: json, payload: '' },
        status: 403,
        code: 'ADMIN_ONLY',
      },
      {
        name: 'wrong content type',
        request: {
          method: 'POST',
          url: '/api/reviews',
          headers: { ...json, 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'rating=5',
        },
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      },
      {
        name: 'unparsable content type',
        request: {
          method: 'POST',
          url: '/api/reviews',
          headers: { ...json, 'content-type': ';;' },
          payload: '{}',
        },
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      },
      {
        name: 'no content type',
        request: { method: 'POST', url: '/api/reviews', headers: student.auth, payload: 'rating' },
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      },
      {
        name: 'too-large body',
        request: {
          method: 'POST',
          url: '/api/reviews',
          headers: json,
          payload: JSON.stringify({ review_text: 'x'.repeat(2 * 1024 * 1024) }),
        },
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
      },
      {
        name: 'Content-Length shorter than the body',
        request: {
          method: 'POST',
          url: '/api/reviews',
          headers: { ...json, 'content-length': '3' },
          payload: '{"rating": 5}',
        },
        status: 400,
        code: 'BAD_REQUEST',
      },
      {
        name: 'Content-Length longer than the body',
        request: {
          method: 'POST',
          url: '/api/reviews',
          headers: { ...json, 'content-length': '500' },
          payload: '{"rating": 5}',
        },
        status: 400,
        code: 'BAD_REQUEST',
      },
      {
        name: 'unknown route',
        request: { method: 'GET', url: '/api/no-such-route' },
        status: 404,
        code: 'NOT_FOUND',
      },
      {
        name: 'unknown method on a known path',
        request: { method: 'PATCH', url: '/api/reviews', headers: json, payload: '{}' },
        status: 404,
        code: 'NOT_FOUND',
      },
      {
        name: 'a URL that does not decode',
        request: { method: 'GET', url: '/api/courses/%E0%A4%A' },
        status: 400,
        code: 'BAD_URL',
      },
      {
        name: 'a path parameter past the router limit',
        request: { method: 'GET', url: `/api/courses/${'a'.repeat(300)}` },
        status: 414,
        code: 'URI_TOO_LONG',
      },
      {
        name: 'multipart without a boundary',
        request: {
          method: 'POST',
          url: '/api/uploads',
          headers: { ...multipart, 'content-type': 'multipart/form-data' },
          payload: 'garbage',
        },
        status: 400,
        code: 'INVALID_MULTIPART',
      },
      {
        name: 'multipart that is not multipart',
        request: { method: 'POST', url: '/api/uploads', headers: multipart, payload: 'garbage' },
        status: 400,
        code: 'INVALID_MULTIPART',
      },
      {
        name: 'multipart ending mid-file',
        request: {
          method: 'POST',
          url: '/api/uploads',
          headers: multipart,
          payload:
            part('folder', 'avatars') +
            '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
        },
        status: 400,
        code: 'INVALID_MULTIPART',
      },
      {
        name: 'multipart with too many fields',
        request: {
          method: 'POST',
          url: '/api/uploads',
          headers: multipart,
          payload: Array.from({ length: 12 }, (_, i) => part(`f${i}`, 'v')).join('') + '--xyz--\r\n',
        },
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
      },
      {
        name: 'multipart sent to a JSON route',
        request: {
          method: 'POST',
          url: '/api/reviews',
          headers: multipart,
          payload: part('rating', '5') + '--xyz--\r\n',
        },
        // The multipart plugin reads it (into no body), so the route's schema refuses it.
        status: 400,
        code: 'VALIDATION_ERROR',
      },
    ];
    for (const { name, request, status, code } of cases) {
      const res = await t.app.inject(request);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.json(), name).toMatchObject({ error: expect.any(String), code });
      expect(res.json().code, name).not.toMatch(/^FST_/);
      expect(res.body, name).not.toContain('FST_');
    }
  });
});

describe('a constraint a request trips over', () => {
  it('is logged at warn with its name and SQLSTATE, never with the query parameters', async () => {
    const owner = await createUser(t);
    lines.length = 0;
    const res = await t.call('POST', '/test/duplicate-email', { email: owner.user.email });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'An account with this email already exists',
      code: 'ALREADY_EXISTS',
    });
    const logged = lines.map((line) => JSON.parse(line)).filter((entry) => entry.err);
    expect(logged).toEqual([
      expect.objectContaining({
        level: 40,
        constraint: 'users_email_lower_key',
        sqlstate: '23505',
        msg: 'database refused the request: ALREADY_EXISTS',
      }),
    ]);
    const text = lines.join('\n');
    expect(text).not.toContain('hash-that-must-not-be-logged');
    expect(text.toLowerCase()).not.toContain(owner.user.email.toLowerCase());
  });
});

describe('database errors a request can cause', () => {
  it.each([
    ['23514', 400, 'INVALID_VALUE'],
    ['23502', 400, 'MISSING_VALUE'],
  ])('SQLSTATE %s answers %i %s and is logged as a warning', async (sqlstate, status, code) => {
    lines.length = 0;
    const res = await t.app.inject({ url: `/test/sqlstate/${sqlstate}` });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error: expect.any(String), code });
    const logged = lines.map((line) => JSON.parse(line)).filter((entry) => entry.err);
    expect(logged).toEqual([
      expect.objectContaining({ level: 40, msg: `database refused the request: ${code}` }),
    ]);
  });

  /** Requests meeting each SQLSTATE in turn: each answers 503 with Retry-After and `code`; the log lines they leave. */
  async function outage(sqlstates: string[], code: string) {
    lines.length = 0;
    for (const sqlstate of sqlstates)
      for (let i = 0; i < 3; i++) {
        const res = await t.app.inject({ url: `/test/sqlstate/${sqlstate}` });
        expect(res.statusCode, sqlstate).toBe(503);
        expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
        expect(res.json()).toEqual({ error: expect.any(String), code });
      }
    return lines.map((line) => JSON.parse(line)).filter((entry) => entry.err);
  }

  it('SQLSTATE 57014 (the statement timeout ran out) answers 503 DATABASE_TIMEOUT with Retry-After, logged once per burst', async () => {
    const logged = await outage(['57014'], 'DATABASE_TIMEOUT');
    expect(logged).toEqual([expect.objectContaining({ level: 40, sqlstate: '57014' })]);
    expect(logged[0].msg).toContain('DATABASE_TIMEOUT');
  });

  it('SQLSTATEs of a server that cannot take requests (57P01 admin shutdown, 57P03 cannot connect now, 08006 connection failure) answer 503 DATABASE_UNAVAILABLE with Retry-After, logged once per burst', async () => {
    const logged = await outage(['57P01', '57P03', '08006'], 'DATABASE_UNAVAILABLE');
    expect(logged).toEqual([expect.objectContaining({ level: 40, sqlstate: '57P01' })]);
    expect(logged[0].msg).toContain('DATABASE_UNAVAILABLE');
  });

  it.each(['40001', '40P01'])('SQLSTATE %s (a lost race) answers 503 with Retry-After', async (sqlstate) => {
    const res = await t.app.inject({ url: `/test/sqlstate/${sqlstate}` });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({ error: 'The server was busy. Please try again.', code: 'TRY_AGAIN' });
  });

  it('a unique constraint answers as its module registered it, naming the field, else generically', async () => {
    registerConstraintAnswers({ test_things_name_key: { message: 'That name is taken', field: 'name' } });
    const known = await t.app.inject({ url: '/test/constraint/test_things_name_key' });
    expect(known.statusCode).toBe(409);
    expect(known.json()).toEqual({
      error: 'That name is taken',
      code: 'ALREADY_EXISTS',
      details: [{ path: 'name', message: 'That name is taken' }],
    });
    const unknown = await t.app.inject({ url: '/test/constraint/test_unregistered_key' });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json()).toEqual({ error: 'This record already exists', code: 'ALREADY_EXISTS' });
    // The users module registers its own: a raced sign-up hears the same as a checked one.
    const email = await t.app.inject({ url: '/test/constraint/users_email_lower_key' });
    expect(email.json()).toEqual({
      error: 'An account with this email already exists',
      code: 'ALREADY_EXISTS',
      details: [{ path: 'email', message: 'An account with this email already exists' }],
    });
  });

  it("a refused connection to another service stays a 500: only the database's own connections answer 503", async () => {
    const res = await t.app.inject({ url: '/test/other-service-refused' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Something went wrong on our side', code: 'INTERNAL' });
    expect(res.headers['retry-after']).toBeUndefined();
  });

  it.each(['22012', '55000'])('others stay a 500, logged as an error (SQLSTATE %s)', async (sqlstate) => {
    lines.length = 0;
    const res = await t.app.inject({ url: `/test/sqlstate/${sqlstate}` });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Something went wrong on our side', code: 'INTERNAL' });
    expect(lines.map((line) => JSON.parse(line))).toContainEqual(
      expect.objectContaining({ level: 50, msg: 'request failed' }),
    );
  });
});
