import { mkdtemp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdOf } from './platform/openapi';
import { createTestApp, type TestApp } from './test/app';
import { createCourse } from './modules/courses/test/factories';
// @ts-expect-error -- a build script in plain JavaScript
import { compressTree } from '../scripts/compress-web.mjs';

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'kwoon-web-'));
  await mkdir(path.join(webRoot, 'assets'));
  await writeFile(
    path.join(webRoot, 'index.html'),
    '<!doctype html><title>Kwoon</title><div id="root"></div>',
  );
  await writeFile(path.join(webRoot, 'assets', 'app-1234.js'), 'console.log("kwoon")');
  await writeFile(
    path.join(webRoot, 'assets', 'big-5678.js'),
    `console.log(${JSON.stringify('站桩 '.repeat(2000))})`,
  );
  await (compressTree as (root: string) => Promise<number>)(webRoot);
  t = await createTestApp({}, { webRoot });
});
afterAll(async () => {
  await t.close();
  await rm(webRoot, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it("answers the app's client-side routes with index.html so they load on refresh", async () => {
    for (const url of ['/app', '/app/settings?openSecurity=true', '/payment/success', '/contact']) {
      const res = await t.call('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('renders the public pages on the server, and sends any other unknown page to /', async () => {
    const landing = await t.call('GET', '/');
    expect(landing.statusCode).toBe(200);
    expect(landing.body).not.toContain('<div id="root">');
    const unknown = await t.call('GET', '/no/such/page?x=1');
    expect(unknown.statusCode).toBe(302);
    expect(unknown.headers.location).toBe('/');
  });

  it('serves built files and answers missing ones with 404', async () => {
    const file = await t.call('GET', '/assets/app-1234.js');
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('kwoon');
    for (const url of ['/assets/old-9999.js', '/favicon-missing.png', '/media/avatars/none.webp']) {
      const res = await t.call('GET', url);
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('answers unknown API routes with the JSON error shape', async () => {
    const res = await t.call('GET', '/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Route GET /api/no-such-thing not found', code: 'NOT_FOUND' });
  });
});

describe('what goes over the wire', () => {
  it('compresses the build once: a .br and a .gz beside each file worth it', async () => {
    const files = await readdir(path.join(webRoot, 'assets'));
    expect(files.sort()).toEqual(['app-1234.js', 'big-5678.js', 'big-5678.js.br', 'big-5678.js.gz']);
  });

  it('serves the precompressed file to a client that accepts it, and hashed files as immutable', async () => {
    const plain = await t.call('GET', '/assets/big-5678.js');
    const br = await t.call('GET', '/assets/big-5678.js', undefined, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await t.call('GET', '/app');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('compresses JSON over 1 kB for a client that accepts it, and leaves small answers alone', async () => {
    for (let i = 0; i < 8; i++) await createCourse(t, { modules: 1, lessonsPerModule: 1 });
    const plain = await t.call('GET', '/api/courses');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzip = await t.call('GET', '/api/courses', undefined, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    const small = await t.call('GET', '/api/health', undefined, { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('answers 304 without a body when the client already holds the catalogue it asks for', async () => {
    await createCourse(t, { modules: 1, lessonsPerModule: 1 });
    const first = await t.call('GET', '/api/courses');
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"/);
    const again = await t.call('GET', '/api/courses', undefined, { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await createCourse(t, { modules: 1, lessonsPerModule: 1 });
    const changed = await t.call('GET', '/api/courses', undefined, { 'if-none-match': tag });
    expect(changed.statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('sends a content security policy and the helmet headers', async () => {
    const res = await t.call('GET', '/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('keeps CORS closed unless CORS_ORIGINS allows the origin', async () => {
    const closed = await t.call('GET', '/api/health', undefined, { origin: 'https://elsewhere.example' });
    expect(closed.headers['access-control-allow-origin']).toBeUndefined();

    const open = await createTestApp({ CORS_ORIGINS: ['https://school.example'] });
    try {
      const allowed = await open.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://school.example' },
      });
      expect(allowed.headers['access-control-allow-origin']).toBe('https://school.example');
      const other = await open.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://elsewhere.example' },
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await open.close();
    }
  });

  it('refuses JSON bodies over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/authenticate',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: expect.any(String), error: expect.any(String) });
  });
});

describe('OpenAPI', () => {
  it('is not served when API_DOCS is off, as in production by default', async () => {
    const closed = await createTestApp({ API_DOCS: false });
    try {
      for (const url of ['/api/docs', '/api/docs/', '/api/openapi.json']) {
        const res = await closed.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
      }
    } finally {
      await closed.close();
    }
  });

  it('documents the routes with their schemas', async () => {
    const res = await t.call('GET', '/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/api/user/authenticate'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/user/{id}/profile'].get.responses['200']).toBeDefined();
    const docs = await t.call('GET', '/api/docs');
    expect([200, 302]).toContain(docs.statusCode);
  });

  /** Every operation of the document, with its method and path. */
  const operations = async () => {
    const doc = (await t.call('GET', '/api/openapi.json')).json();
    return Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>).flatMap(
      ([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
    );
  };

  it('names every operation with a unique operationId derived from its method and path', async () => {
    const all = await operations();
    const ids = all.map(({ operation }) => operation.operationId);
    expect(all.filter(({ operation }) => typeof operation.operationId !== 'string')).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const byPath = Object.fromEntries(
      all.map(({ method, path, operation }) => [`${method} ${path}`, operation]),
    );
    expect(byPath['get /api/users/{id}/course-requests']!.operationId).toBe('getUsersByIdCourseRequests');
    expect(byPath['post /api/user/authenticate']!.operationId).toBe('postUserAuthenticate');
    expect(operationIdOf('PUT', '/api/user/:userId/course/:courseId/progress')).toBe(
      'putUserByUserIdCourseByCourseIdProgress',
    );
  });

  it('lists the error shape and the other shared schemas once, as components the operations refer to', async () => {
    const res = await t.call('GET', '/api/openapi.json');
    const doc = res.json();
    expect(doc.components.schemas.ApiError).toMatchObject({ required: ['error', 'code'] });
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['ApiError', 'OkResponse', 'User', 'CourseSummary', 'CourseDetail', 'Review']),
    );
    // The error shape inlined in every response made the document 234 KB; referenced, it is one entry
    // (the bound leaves room for the routes added since, about 1.5 KB each; the classes and bookings
    // brought 45 routes, messages and support 19 more, news and quotes 15 more, resources 15 more, AI Sifu
    // 42 more (63 KB), their shared shapes referenced as components too).
    expect(res.body.match(/"required":\["error","code"\]/g)).toHaveLength(1);
    expect(res.body.length).toBeLessThan(450_000);
    const login = doc.paths['/api/user/authenticate'].post.responses['401'];
    expect(login.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ApiError' });
  });

  it('declares the bearer token: required on signed-in routes, optional on public ones that read it', async () => {
    const all = await operations();
    const optional = all
      .filter(({ operation }) => JSON.stringify(operation.security) === JSON.stringify([{}, { bearer: [] }]))
      .map(({ method, path }) => `${method} ${path}`);
    expect(optional.sort()).toEqual([
      'get /api/bookings/calendar',
      'get /api/classes/{id}',
      'get /api/courses',
      'get /api/courses/categories',
      'get /api/courses/search',
      'get /api/courses/{id}',
      'get /api/courses/{id}/reviews',
      'post /api/bookings',
      'post /api/contact',
    ]);
    const progress = all.find(
      ({ method, path }) => method === 'put' && path === '/api/user/{userId}/course/{courseId}/progress',
    );
    expect(progress!.operation.security).toEqual([{ bearer: [] }]);
    const health = all.find(({ path }) => path === '/api/health');
    expect(health!.operation.security).toBeUndefined();
  });
});
