import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, registerSecurityHeaders } from './security-headers';

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
