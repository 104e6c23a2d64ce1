import { mkdir } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { PRIVATE_DIR_MODE } from '../db/data-dir';
import { parseRange } from './byte-range';
import type { Clock } from './clock';
import { RANGE_NOT_SATISFIABLE_MESSAGE } from './errors';
import {
  isPrivateMedia,
  MEDIA_LINK_INVALID,
  PRIVATE_MEDIA_FOLDERS,
  type MediaLinkCheck,
} from './media-links';
import type { MediaStorage } from './storage';

/** What @fastify/static sends for the local store (immutable: 365 days): a public id never changes content. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

const notFound = (url: string) => ({ error: `Route GET ${url} not found`, code: 'NOT_FOUND' });

/**
 * Serves /media. Public files: the local folder as static files, or the bucket through
 * `serveFile`. A private file (media-links.ts) only through `serveFile`, and only for a request
 * whose link the store signed and that has not expired; it is kept in the reader's own cache at
 * most until the link expires, never in a shared one.
 */
export async function registerMedia(
  app: FastifyInstance,
  storage: MediaStorage,
  clock: Clock,
): Promise<void> {
  const options = { config: { access: 'public' as const }, schema: { hide: true } };
  if (!storage.root) {
    app.get<{ Params: { '*': string } }>('/media/*', options, (request, reply) =>
      serveFile(storage, clock, request.params['*'], request, reply),
    );
    return;
  }
  await mkdir(storage.root, { recursive: true, mode: PRIVATE_DIR_MODE });
  await app.register(fastifyStatic, {
    root: storage.root,
    prefix: '/media/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    // The private folders have routes of their own (below); a path that reaches them another way
    // (any spelling a case-insensitive file system takes for theirs) is not found here.
    allowedPath: (pathname) => !isPrivateMedia(pathname.replace(/^\/+/, '').toLowerCase()),
  });
  for (const folder of PRIVATE_MEDIA_FOLDERS) {
    app.get<{ Params: { '*': string } }>(`/media/${folder}/*`, options, (request, reply) =>
      serveFile(storage, clock, `${folder}/${request.params['*']}`, request, reply),
    );
  }
}

/**
 * Serves one stored file by its public id, with what a video player needs: one byte range per
 * request (206), 416 past the end, and 304 for a copy the browser already holds. If-Range is not
 * checked: what an id names never changes, so every range a client resumes is still the file it
 * started.
 */
async function serveFile(
  storage: MediaStorage,
  clock: Clock,
  publicId: string,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const path = request.url.split('?')[0] ?? '';
  let cacheControl = CACHE_CONTROL;
  if (isPrivateMedia(publicId)) {
    const now = clock.now();
    const link: MediaLinkCheck = storage.checkPrivateLink?.(publicId, request.query, now) ?? {
      ok: false,
      code: 'MEDIA_LINK_INVALID',
      message: MEDIA_LINK_INVALID,
    };
    // Checked before the file is looked for: a refused link does not tell whether the file exists.
    if (!link.ok)
      return reply
        .status(403)
        .header('cache-control', 'no-store')
        .send({ error: link.message, code: link.code });
    const seconds = Math.floor((link.expiresAt.getTime() - now.getTime()) / 1000);
    cacheControl = `private, max-age=${seconds}`;
  }
  const ifNoneMatch = request.headers['if-none-match'];
  const range = parseRange(request.headers.range);
  // The safe-id check is the store's: an odd path reads as a missing file, never a 500.
  const found = await storage.get(publicId, {
    ...(range ? { range } : {}),
    ...(ifNoneMatch ? { ifNoneMatch } : {}),
  });
  if (!found) return reply.status(404).send(notFound(path));
  reply.header('accept-ranges', 'bytes').header('cache-control', cacheControl);
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
}
