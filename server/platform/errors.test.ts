import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { registerConstraintAnswers } from './errors';

/** SQLSTATEs a request can meet, raised by the database itself the way it raises them. */
const RAISED = ['23514', '23502', '57014', '40001', '40P01', '22012'];
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

describe('database errors a request can cause', () => {
  it.each([
    ['23514', 400, 'INVALID_VALUE'],
    ['23502', 400, 'MISSING_VALUE'],
    ['57014', 503, 'DATABASE_TIMEOUT'],
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

  it('others stay a 500, logged as an error', async () => {
    lines.length = 0;
    const res = await t.app.inject({ url: '/test/sqlstate/22012' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Something went wrong on our side', code: 'INTERNAL' });
    expect(lines.map((line) => JSON.parse(line))).toContainEqual(
      expect.objectContaining({ level: 50, msg: 'request failed' }),
    );
  });
});
