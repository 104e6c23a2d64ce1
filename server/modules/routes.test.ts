import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { listRoutes, routeKey as key } from '../test/route-table';
import { responseJsonSchema } from '../platform/serializer';
import type { z } from 'zod';

/*
 * Every /api route must declare who may call it and the schemas of what it takes and returns.
 * The route table comes from a probe (server/test/route-table.ts); the real app's OpenAPI
 * document then proves the probe saw the same routes.
 */

/** POST/PUT/PATCH routes that take no body; anything else that writes must declare one. */
const BODILESS = new Set([
  'POST /api/user/logout',
  'POST /api/verify/users',
  'POST /api/verify/user/:id',
  'POST /api/admin/user/:id/reactivate',
  'POST /api/reviews/:id/helpful',
  'POST /api/user/:id/email-change/resend',
  'POST /api/user/:id/email-confirmation',
  'POST /api/admin/jobs/:id/retry',
  'PUT /api/admin/testimonials/:id/approve',
  'PUT /api/admin/testimonials/:id/reject',
  'PUT /api/admin/testimonials/:id/featured',
  'POST /api/classes/:id/enroll',
  'POST /api/classes/offers/:token/accept',
  'PUT /api/bookings/:id/cancel',
  'PUT /api/bookings/manage/:token/cancel',
  'PUT /api/conversations/:id/read',
  'PUT /api/messages/:id/read',
  'POST /api/messages/:id/restore',
  'POST /api/admin/ai-sifu/clean-cache',
]);

/** Routes that read the raw request bytes themselves (a signature covers them), so no body schema. */
const RAW_BODY = new Set(['POST /api/stripe/webhook']);

let t: TestApp;
let routes: RouteOptions[] = [];

beforeAll(async () => {
  t = await createTestApp();
  routes = await listRoutes(t);
});
afterAll(async () => t?.close());

const hasSchema = (value: unknown) => value !== undefined && value !== null;

describe('every /api route', () => {
  it('was found', () => {
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.map(key)).toContain('POST /api/user/authenticate');
  });

  it('declares config.access', () => {
    const missing = routes
      .filter((route) => !['public', 'user', 'admin'].includes(String(route.config?.access)))
      .map(key);
    expect(missing).toEqual([]);
  });

  it('has response schemas that compile to a serializer, not the slower zod path', () => {
    const slow = routes.flatMap((route) =>
      Object.entries((route.schema?.response ?? {}) as Record<string, z.ZodType>)
        .filter(([, schema]) => responseJsonSchema(schema) === null)
        .map(([status]) => `${key(route)} ${status}`),
    );
    expect(slow).toEqual([]);
  });

  it('declares tags, a summary and a response schema with a success status', () => {
    const missing = routes
      .filter((route) => {
        const schema = route.schema ?? {};
        const response = (schema.response ?? {}) as Record<string, unknown>;
        const success = Object.keys(response).some((status) => /^2\d\d$/.test(status));
        return !schema.tags?.length || !schema.summary || !success;
      })
      .map(key);
    expect(missing).toEqual([]);
  });

  it('declares params when its path has parameters', () => {
    const missing = routes
      .filter((route) => route.url.includes(':') && !hasSchema(route.schema?.params))
      .map(key);
    expect(missing).toEqual([]);
  });

  it('declares a body when it writes, unless it takes none or is a multipart upload', () => {
    const missing = routes
      .filter((route) => ['POST', 'PUT', 'PATCH'].includes(String(route.method)))
      .filter((route) => !BODILESS.has(key(route)) && !RAW_BODY.has(key(route)))
      .filter((route) => !(route.schema?.consumes ?? []).includes('multipart/form-data'))
      .filter((route) => !hasSchema(route.schema?.body))
      .map(key);
    expect(missing).toEqual([]);
  });

  it('declares a schema for every part of the request its handler reads', () => {
    const parts = [
      ['query', 'querystring'],
      ['params', 'params'],
      ['body', 'body'],
    ] as const;
    const missing = routes.flatMap((route) => {
      const source = String(route.handler);
      return parts
        .filter(
          ([field, schema]) =>
            new RegExp(`\\.${field}\\b`).test(source) && !hasSchema(route.schema?.[schema]),
        )
        .filter(
          ([field]) =>
            !(
              field === 'body' &&
              ((route.schema?.consumes ?? []).includes('multipart/form-data') || RAW_BODY.has(key(route)))
            ),
        )
        .map(([field]) => `${key(route)} reads request.${field}`);
    });
    expect(missing).toEqual([]);
  });

  it('appears in the OpenAPI document of the real app', async () => {
    const res = await t.call('GET', '/api/openapi.json');
    const doc = res.json<{ paths: Record<string, Record<string, unknown>> }>();
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      ),
    );
    const undocumented = routes.map(key).filter((route) => !documented.has(route));
    expect(undocumented).toEqual([]);
  });
});
