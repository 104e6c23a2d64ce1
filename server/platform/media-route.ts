import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { parseRange } from './byte-range';
import { RANGE_NOT_SATISFIABLE_MESSAGE } from './errors';
import type { MediaStorage } from './storage';

/** What @fastify/static sends for the local store (immutable: 365 days): a public id never changes content. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Serves /media/<public id> from a store that is not a local folder (a bucket), so any instance
 * serves what another stored, with what a video player needs: one byte range per request (206),
 * 416 past the end, and 304 for a copy the browser already holds. If-Range is not checked: what
 * an id names never changes, so every range a client resumes is still the file it started.
 */
export function registerMediaRoute(app: FastifyInstance, storage: MediaStorage): void {
  const notFound = (url: string) => ({ error: `Route GET ${url} not found`, code: 'NOT_FOUND' });
  app.get<{ Params: { '*': string } }>(
    '/media/*',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const publicId = request.params['*'];
      const ifNoneMatch = request.headers['if-none-match'];
      const range = parseRange(request.headers.range);
      // The safe-id check is the store's: an odd path reads as a missing file, never a 500.
      const found = await storage.get(publicId, {
        ...(range ? { range } : {}),
        ...(ifNoneMatch ? { ifNoneMatch } : {}),
      });
      if (!found) return reply.status(404).send(notFound(request.url.split('?')[0] ?? ''));
      reply.header('accept-ranges', 'bytes').header('cache-control', CACHE_CONTROL);
      // A store that does not check If-None-Match itself sends the body: it is dropped here.
      const unchanged = found.kind === 'file' && Boolean(found.etag) && found.etag === ifNoneMatch;
      if (found.kind === 'not-modified' || unchanged) {
        if (found.kind === 'file') found.body.destroy();
        if (found.etag) reply.header('etag', found.etag);
        return reply.status(304).send();
      }
      if (found.kind === 'unsatisfiable') {
        return reply
          .status(416)
          .header('content-range', `bytes */${found.size}`)
          .send({ error: RANGE_NOT_SATISFIABLE_MESSAGE, code: 'RANGE_NOT_SATISFIABLE' });
      }
      if (found.etag) reply.header('etag', found.etag);
      reply.type(found.contentType);
      if (request.method === 'HEAD') found.body.destroy();
      if (found.range) {
        const { start, end } = found.range;
        reply
          .status(206)
          .header('content-range', `bytes ${start}-${end}/${found.size}`)
          .header('content-length', end - start + 1);
      } else {
        reply.header('content-length', found.size);
      }
      // For HEAD, Fastify drains a stream and keeps the length set here; an empty one costs nothing.
      return reply.send(request.method === 'HEAD' ? Readable.from([]) : found.body);
    },
  );
}
