import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../../common/api';
import { LAST_EVENT_ID_HEADER } from '../../../common/live';
import { bearerToken, requireAuth } from '../../platform/auth';
import { bearerSecurity } from '../../platform/errors';
import { MAX_STREAMS_PER_SESSION, MAX_STREAMS_PER_USER, type LiveService } from './live.service';

export function liveRoutes(services: { live: LiveService }): FastifyPluginAsyncZod {
  const { live } = services;
  return async (app) => {
    app.get(
      '/events',
      {
        config: { access: 'user' },
        // Compressed, the events would wait in the compressor's buffer.
        compress: false,
        schema: {
          tags: ['live'],
          summary: "The signed-in person's live events, as a server-sent event stream",
          description:
            'Authenticated by the ordinary `Authorization: Bearer` header (the web app reads the stream ' +
            'with fetch, not EventSource; see docs/decisions/0014). Starts with a `ready` event; each event ' +
            'is `id: <n>`, `event: <type>` and `data: <JSON>`. A client that connects again sends the last id it ' +
            'saw as `Last-Event-ID` (or `?lastEventId=`) and first gets the events it missed, or a `reset` ' +
            'event when they are no longer kept (re-read everything). A comment line every EVENTS_HEARTBEAT_MS ' +
            'keeps it open. The server closes it after `session-ended` (sent as soon as the session is signed ' +
            'out or revoked: sign in again), `reconnect` (a restart: connect again) or `replaced` (a newer ' +
            `stream took its place: an instance keeps ${MAX_STREAMS_PER_SESSION} streams per session and ` +
            `${MAX_STREAMS_PER_USER} per person, closing the oldest; connect again only when the person comes ` +
            'back to it).',
          security: bearerSecurity,
          headers: z.looseObject({ [LAST_EVENT_ID_HEADER]: z.string().optional() }),
          querystring: z.object({ lastEventId: z.string().optional() }),
          response: {
            200: z.string().describe('text/event-stream'),
            401: ApiError,
            403: ApiError,
          },
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        // The response closes when the client goes away (or once the stream has ended).
        const lastEventId = request.headers[LAST_EVENT_ID_HEADER] ?? request.query.lastEventId;
        const session = { userId: auth.user.id, sessionId: auth.sessionId };
        const body = await live.open(session, bearerToken(request)!, lastEventId, (listener) =>
          reply.raw.once('close', listener),
        );
        return (
          reply
            .header('Content-Type', 'text/event-stream; charset=utf-8')
            .header('Cache-Control', 'no-cache, no-transform')
            // Proxies such as nginx would otherwise hold events back in their buffer.
            .header('X-Accel-Buffering', 'no')
            // A stream is sent as it is, past the serializer; the schema above documents the text.
            .send(body as unknown as string)
        );
      },
    );
  };
}
