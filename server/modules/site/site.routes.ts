import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { compressedPage, pageEncoding } from './site-compression';
import type { SiteAnswer, SiteService } from './site.service';

/** Paths the React app (dist/web/index.html) serves; every other unknown page goes to `/`. */
export const APP_PAGE = /^\/(app|payment|contact|confirm-email)(\/|$)/;

async function send(request: FastifyRequest, reply: FastifyReply, answer: SiteAnswer) {
  if (answer.status === 301) return reply.redirect(answer.location, 301);
  reply
    .status(answer.status)
    .type('text/html; charset=utf-8')
    // Pages change with the content: browsers ask again, and get 304 while the ETag holds.
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  const encoding = pageEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(answer.html);
  // Compressed once per rendering (site-compression.ts); the app-wide compression then leaves it.
  return reply.header('content-encoding', encoding).send(await compressedPage(answer, encoding));
}

/** The server-rendered public site (web/site). */
export function siteRoutes({ site }: { site: SiteService }) {
  return async function (app: FastifyInstance) {
    const config = { access: 'public' as const };
    const schema = { hide: true };
    app.get('/', { config, schema }, async (request, reply) => send(request, reply, await site.landing()));
    app.get('/about', { config, schema }, async (request, reply) => send(request, reply, await site.about()));
    app.get('/blog', { config, schema }, async (request, reply) =>
      send(request, reply, await site.blogList(request.query as Record<string, unknown>)),
    );
    app.get('/classes', { config, schema }, async (request, reply) =>
      send(request, reply, await site.classes()),
    );
    app.get<{ Params: { token: string } }>(
      '/classes/offers/:token',
      { config, schema },
      async (request, reply) => send(request, reply, await site.classOffer(request.params.token)),
    );
    app.get('/workshops', { config, schema }, async (request, reply) =>
      send(request, reply, await site.workshops()),
    );
    app.get<{ Params: { token: string } }>(
      '/workshops/manage/:token',
      { config, schema },
      async (request, reply) => send(request, reply, await site.manageBooking(request.params.token)),
    );
    app.get<{ Params: { slug: string } }>('/blog/:slug', { config, schema }, async (request, reply) =>
      send(request, reply, await site.blogPost(request.params.slug)),
    );
  };
}
