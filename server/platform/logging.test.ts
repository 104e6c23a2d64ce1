import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_PAGE } from '../modules/site/site.routes';
import { createTestApp, type TestApp } from '../test/app';
import { createUser } from '../test/factories';
import { createBooking } from '../modules/bookings/test/factories';
import { createCourse } from '../modules/courses/test/factories';
import { listRoutes, routeKey } from '../test/route-table';
import { CAPABILITY_PATHS, loggableUrl, SECRET_PARAM } from './logging';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

let webRoot: string;
beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'kwoon-web-'));
  await mkdir(path.join(webRoot, 'assets'));
  await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Kwoon</title>');
  await writeFile(path.join(webRoot, 'assets', 'app-1a2b.js'), 'console.log(1)');
});
afterAll(async () => rm(webRoot, { recursive: true, force: true }));

describe('request logging in JSON', () => {
  let t: TestApp;
  const log = capture();
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { webRoot, logStream: log.stream, prettyLogs: false });
  });
  afterAll(async () => t.close());

  it('writes one line per API request with its status, duration and request id, and none for the web app files', async () => {
    await writeFile(path.join(t.mediaDir, 'photo.txt'), 'photo');
    log.lines.length = 0;

    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/assets/app-1a2b.js' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/app/courses' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/media/photo.txt' })).statusCode).toBe(200);
    const missing = await t.app.inject({ url: '/api/courses/not-a-course?token=Query-Secret-31&page=2' });

    const entries = log.lines.map((line) => JSON.parse(line));
    const requests = entries.filter((entry) => 'statusCode' in entry);
    expect(requests).toEqual([
      expect.objectContaining({ level: 30, method: 'GET', url: '/api/health', statusCode: 200 }),
      expect.objectContaining({
        level: 30,
        method: 'GET',
        url: '/api/courses/not-a-course?token=[redacted]&page=2',
        statusCode: missing.statusCode,
      }),
    ]);
    for (const entry of requests) {
      expect(entry.reqId).toEqual(expect.any(String));
      expect(entry.responseTime).toEqual(expect.any(Number));
    }
    expect(
      entries.some((entry) => entry.msg === 'incoming request' || entry.msg === 'request completed'),
    ).toBe(false);
    expect(log.lines.join('\n')).not.toContain('Query-Secret-31');
  });
});

describe('request logging in readable form', () => {
  let t: TestApp;
  const log = capture();
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { webRoot, logStream: log.stream, prettyLogs: true });
  });
  afterAll(async () => t.close());

  it('writes a plain line per API request, keeps credentials out and skips the web app files', async () => {
    const { user } = await createUser(t);
    log.lines.length = 0;
    await t.call('POST', '/api/user/authenticate', {
      username: user.username,
      password: 'Pretty-Wrong-Secret-5',
    });
    await t.app.inject({ url: '/assets/app-1a2b.js' });
    await t.app.inject({ url: '/api/health', headers: { authorization: 'Bearer Pretty-Header-Secret' } });

    const text = log.lines.join('\n');
    expect(() => JSON.parse(log.lines[0]!)).toThrow();
    expect(text).toMatch(/INFO.*[0-9a-f-]{36} POST \/api\/user\/authenticate 401 [\d.]+ms/);
    expect(text).toMatch(/INFO.*GET \/api\/health 200 [\d.]+ms/);
    expect(text).not.toContain('/assets/');
    expect(text).not.toContain('Pretty-Wrong-Secret-5');
    expect(text).not.toContain('Pretty-Header-Secret');
  });
});

describe('request ids', () => {
  let t: TestApp;
  const log = capture();
  beforeAll(async () => {
    // No administrator: a contact message is refused, and the contact service logs why.
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: log.stream, prettyLogs: false });
  });
  afterAll(async () => t.close());

  const entries = () => log.lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  it("keeps a caller's plain X-Request-Id, echoes it and puts it on every line of the request, the service's included", async () => {
    log.lines.length = 0;
    const res = await t.call(
      'POST',
      '/api/contact',
      { name: 'Ann', email: 'ann@example.org', subject: 'Classes', message: 'When do you train?' },
      { 'x-request-id': 'lb-7f3a.42:edge' },
    );
    expect(res.statusCode).toBe(503);
    expect(res.headers['x-request-id']).toBe('lb-7f3a.42:edge');
    const service = entries().find((entry) => String(entry.msg).startsWith('contact message refused'));
    expect(service).toMatchObject({ level: 40, reqId: 'lb-7f3a.42:edge' });
    const request = entries().find((entry) => entry.url === '/api/contact');
    expect(request).toMatchObject({ reqId: 'lb-7f3a.42:edge', statusCode: 503 });
  });

  it('gives a new UUID to a request without an id or with one that is long or not plain', async () => {
    const plain = await t.app.inject({ url: '/api/health' });
    expect(plain.headers['x-request-id']).toMatch(UUID);
    const other = await t.app.inject({ url: '/api/health' });
    expect(other.headers['x-request-id']).not.toBe(plain.headers['x-request-id']);
    for (const given of ['x'.repeat(129), 'two words', '<script>', 'line\u00e9']) {
      const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': given } });
      expect(res.headers['x-request-id'], given).toMatch(UUID);
    }
    const longest = 'a'.repeat(128);
    expect(
      (await t.app.inject({ url: '/api/health', headers: { 'x-request-id': longest } })).headers[
        'x-request-id'
      ],
    ).toBe(longest);
  });

  it('puts the id on error answers too', async () => {
    const res = await t.app.inject({ url: '/api/no-such-route', headers: { 'x-request-id': 'err-1' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-request-id']).toBe('err-1');
  });
});

describe('failed queries in the logs', () => {
  const EMAIL = 'leaky.person@example.org';
  const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$SecretHashValue';
  let t: TestApp;
  const log = capture();
  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: 'info' },
      {
        logStream: log.stream,
        prettyLogs: false,
        routes: (app) => {
          // A bug: the query fails (division by zero) with an e-mail and a hash among its parameters.
          app.get('/test/failing-query', async () =>
            t.database.db.execute(sql`select ${EMAIL}::text as email, ${HASH}::text as hash, 1 / 0 as boom`),
          );
          // A constraint the request trips: PostgreSQL's detail lists the whole failing row.
          app.get('/test/not-null', async () =>
            t.database.db.execute(
              sql`insert into users (email, username, password_hash) values (${EMAIL}, 'leaky', ${HASH})`,
            ),
          );
          // An error logged on its own, as log.error(error) does.
          app.get('/test/logged-error', async (request) => {
            try {
              await t.database.db.execute(sql`select ${EMAIL}::text, ${HASH}::int`);
            } catch (error) {
              request.log.error(error);
            }
            return { ok: true };
          });
        },
      },
    );
  });
  afterAll(async () => t.close());

  it('keep the SQL and the database error, never the parameters or the failing row', async () => {
    log.lines.length = 0;
    expect((await t.app.inject({ url: '/test/failing-query' })).statusCode).toBe(500);
    const notNull = await t.app.inject({ url: '/test/not-null' });
    expect(notNull.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/test/logged-error' })).statusCode).toBe(200);

    const text = log.lines.join('\n');
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain('SecretHashValue');
    expect(text).not.toContain('params:');
    const errors = log.lines.map((line) => JSON.parse(line)).filter((entry) => entry.err);
    const failed = errors.find((entry) => entry.msg === 'request failed');
    expect(failed.err.message).toMatch(/^Failed query: select \$1::text as email/);
    expect(failed.err.cause).toMatchObject({ code: '22012' });
    const refused = errors.find((entry) => entry.level === 40);
    expect(refused.err.cause).toMatchObject({ code: '23502' });
    const logged = errors.find((entry) => entry.level === 50 && entry.msg !== 'request failed');
    expect(logged.msg).toMatch(/^Failed query: select \$1::text, \$2::int$/);
  });
});

describe('secrets in logged objects', () => {
  it('are replaced at the top and three levels down, in both formats, and nothing else changes', async () => {
    for (const prettyLogs of [false, true]) {
      const log = capture();
      const t = await createTestApp({ LOG_LEVEL: 'info' }, { webRoot, logStream: log.stream, prettyLogs });
      try {
        t.app.log.info(
          {
            token: 'top-token',
            body: { username: 'mei', password: 'Hunter-2-secret', answers: ['kept'] },
            request: {
              headers: { authorization: 'Bearer abc-secret', cookie: 'sid=secret', host: 'kwoon.test' },
            },
            user: { settings: { new_password: 'deep-secret' } },
          },
          'a line to redact',
        );
        // A readable line puts the object's fields on the lines after the message.
        const line = log.lines.slice(log.lines.findIndex((l) => l.includes('a line to redact'))).join('\n');
        expect(line).not.toMatch(/secret|top-token/);
        expect(line).toContain('mei');
        expect(line).toContain('kept');
        expect(line).toContain('kwoon.test');
        expect(line.match(/\[redacted\]/g)?.length).toBe(5);
      } finally {
        await t.close();
      }
    }
  });
});

describe('capabilities in paths', () => {
  let t: TestApp;
  const log = capture();
  beforeAll(async () => {
    // Debug: the public pages and the web app's pages are logged at debug.
    t = await createTestApp({ LOG_LEVEL: 'debug' }, { webRoot, logStream: log.stream, prettyLogs: false });
  });
  afterAll(async () => t.close());

  it('leave no manage token, offer token or checkout session id in the lines of the requests that carry them', async () => {
    const { token: manage } = await createBooking(t, { start_time: new Date('2026-03-10T20:00:00Z') });
    // An offer nobody holds: the request is answered 404 and logged all the same.
    const offer = randomBytes(32).toString('base64url');
    const course = await createCourse(t, { price: 89 });
    const { auth } = await createUser(t);
    const started = await t.call('POST', '/api/stripe/create-checkout', { course_id: course.id }, auth);
    expect(started.statusCode, started.body).toBe(200);
    const session = started.json<{ session_id: string }>().session_id;
    log.lines.length = 0;

    const calls: Array<{ method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object; logged: string }> = [
      { method: 'GET', url: `/api/bookings/manage/${manage}`, logged: '/api/bookings/manage/[redacted]' },
      {
        method: 'PUT',
        url: `/api/bookings/manage/${manage}`,
        payload: {},
        logged: '/api/bookings/manage/[redacted]',
      },
      {
        method: 'PUT',
        url: `/api/bookings/manage/${manage}/cancel`,
        logged: '/api/bookings/manage/[redacted]/cancel',
      },
      { method: 'GET', url: `/workshops/manage/${manage}`, logged: '/workshops/manage/[redacted]' },
      { method: 'GET', url: `/api/classes/offers/${offer}`, logged: '/api/classes/offers/[redacted]' },
      {
        method: 'POST',
        url: `/api/classes/offers/${offer}/accept?from=mail`,
        logged: '/api/classes/offers/[redacted]/accept?from=mail',
      },
      { method: 'GET', url: `/classes/offers/${offer}`, logged: '/classes/offers/[redacted]' },
      {
        method: 'GET',
        url: `/api/payment/local-checkout/${session}`,
        logged: '/api/payment/local-checkout/[redacted]',
      },
      {
        method: 'POST',
        url: `/api/payment/local-checkout/${session}`,
        payload: { outcome: 'cancel' },
        logged: '/api/payment/local-checkout/[redacted]',
      },
      { method: 'GET', url: `/payment/checkout/${session}`, logged: '/payment/checkout/[redacted]' },
      {
        method: 'GET',
        url: `/payment/success?session_id=${session}&course_id=${course.id}`,
        logged: `/payment/success?session_id=[redacted]&course_id=${course.id}`,
      },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ method: call.method, url: call.url, payload: call.payload });
      expect(res.statusCode, call.url).toBeLessThan(500);
    }

    const entries = log.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = entries.filter((entry) => 'statusCode' in entry);
    expect(requests.map((entry) => `${String(entry.method)} ${String(entry.url)}`)).toEqual(
      calls.map((call) => `${call.method} ${call.logged}`),
    );
    const text = log.lines.join('\n');
    for (const secret of [manage, offer, session]) expect(text).not.toContain(secret);
  });

  it('are declared for every route whose path param names a secret, and each declared path is served', async () => {
    const routes = await listRoutes(t, { all: true });
    expect(routes.map(routeKey)).toContain('GET /workshops/manage/:token');
    const secretParams = routes.flatMap((route) =>
      [...route.url.matchAll(/:([A-Za-z_]+)/g)]
        .map((match) => match[1]!)
        .filter((name) => SECRET_PARAM.test(name))
        .map((name) => ({ route, name })),
    );
    expect(secretParams.length).toBeGreaterThanOrEqual(CAPABILITY_PATHS.length - 1);
    const uncovered = secretParams
      .filter(({ route, name }) => {
        const sample = route.url.replace(/:([A-Za-z_]+)/g, (_all, param: string) => `${param}-Value-7q`);
        return loggableUrl(sample).includes(`${name}-Value-7q`);
      })
      .map(({ route, name }) => `${routeKey(route)} (:${name})`);
    expect(uncovered).toEqual([]);

    const served = new Set(routes.map((route) => route.url));
    for (const pattern of CAPABILITY_PATHS) {
      expect(pattern, pattern).toMatch(/\/:[A-Za-z_]+$/);
      expect(served.has(pattern) || APP_PAGE.test(pattern), pattern).toBe(true);
    }
  });
});
