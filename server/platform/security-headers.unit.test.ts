import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, JSON_ANSWER_HEADERS, registerSecurityHeaders } from './security-headers';

const options = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'] } },
  crossOriginEmbedderPolicy: false,
};

describe('security headers', () => {
  it("are helmet's headers for the options, worked out once", () => {
    const headers = helmetHeaders(options);
    expect(headers['content-security-policy']).toMatch(/^default-src 'self';.*img-src 'self' data:;/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(headers['x-powered-by']).toBeUndefined();
  });

  it("with the API's JSON answers are the short set: nothing loaded or framed, no document-only headers", async () => {
    const app = Fastify({ logger: false });
    registerSecurityHeaders(app, options);
    app.get('/api/things', async () => ({ ok: true }));
    app.get('/api/docs', async () => 'the API documentation page');
    app.get('/page', async () => 'a page');
    try {
      for (const url of ['/api/things', '/api/missing']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.headers, url).toMatchObject({
          'content-security-policy': "default-src 'none';frame-ancestors 'none'",
          'x-content-type-options': 'nosniff',
          'x-frame-options': 'DENY',
          'cross-origin-resource-policy': 'same-origin',
          'referrer-policy': 'no-referrer',
        });
        expect(response.headers['strict-transport-security'], url).toMatch(/^max-age=\d+/);
        for (const documentOnly of [
          'cross-origin-opener-policy',
          'origin-agent-cluster',
          'x-xss-protection',
        ]) {
          expect(response.headers[documentOnly], `${url} ${documentOnly}`).toBeUndefined();
        }
      }
      const csp = helmetHeaders(options)['content-security-policy'];
      for (const url of ['/api/docs', '/page']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.headers['content-security-policy'], url).toBe(csp);
        expect(response.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      }
      expect(Object.keys(helmetHeaders(JSON_ANSWER_HEADERS)).length).toBeLessThan(
        Object.keys(helmetHeaders(options)).length,
      );
    } finally {
      await app.close();
    }
  });

  it('go with every answer: a route, an error and a 404', async () => {
    const app = Fastify({ logger: false });
    registerSecurityHeaders(app, options);
    const csp = helmetHeaders(options)['content-security-policy'];
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    try {
      for (const url of ['/ok', '/fails', '/missing']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.headers['content-security-policy'], url).toBe(csp);
        expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      }
    } finally {
      await app.close();
    }
  });
});
