import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for `options`, worked out once. (@fastify/helmet builds helmet's
 * middleware again on every request, re-parsing the content security policy each time: a tenth
 * of a small request's CPU.) Options whose values depend on the request, such as CSP nonces, are
 * not supported here.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet refused its options');
  });
  return headers;
}

/**
 * What a JSON answer of the API needs (the OWASP REST set): a policy that loads and frames nothing,
 * no sniffing, no cross-origin no-cors reads, HTTPS only, no referrer. The headers that only mean
 * something for a document (opener policy, origin agent cluster, DNS prefetch, IE's download
 * options, Flash's cross-domain policies, the XSS auditor) are left out: every header is written
 * and read on each request, and on a bare route the page's set cost a small answer about a third
 * of its rate (docs/performance.md, 2026-12-01).
 */
export const JSON_ANSWER_HEADERS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/** The API's JSON answers; its documentation (/api/docs) is a page like the others. */
const isJsonAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Sends helmet's headers with every answer: `options` with pages, files and media, the shorter
 * JSON_ANSWER_HEADERS with the API's answers.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const documents = helmetHeaders(options);
  const json = helmetHeaders(JSON_ANSWER_HEADERS);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isJsonAnswer(request.url) ? json : documents);
    done();
  });
}
