import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../../../common/api';
import {
  AiUsage,
  AskInput,
  AskResponse,
  UsageLimitDetails,
  UserUsageResponse,
} from '../../../../common/ai-sifu';
import type { Config } from '../../../config';
import { requireAuth } from '../../../platform/auth';
import { AppError, bearerSecurity, errorResponses } from '../../../platform/errors';
import { perUserRateLimit } from '../../../platform/rate-limit';
import { frame } from '../../live/live.service';
import type { AskService, PendingAnswer } from './ask.service';

const tags = ['ai-sifu'];

/** A 403 of the ask call: the error shape, with the allowance's details when the limit refused it. */
// An intersection, so the document refers to the shared error shape rather than writing it again.
const AskForbidden = z
  .intersection(ApiError, UsageLimitDetails.partial())
  .describe(
    'SIFU_ADMIN_REFUSED or SIFU_NOT_ENROLLED; or SIFU_LIMIT_REACHED with `reason` ' +
      "('course_limit_reached' when no subscription can help, 'monthly_limit_reached' when the " +
      "subscription's questions are used too), `limit` and `used` of that allowance, `courseId` and `message`.",
  );

const ASK_DESCRIPTION =
  'Answers a question about a course the student is enrolled in, from the school’s knowledge base and the ' +
  'course’s lessons, citing the entries it drew on. A question asked before in the same course is answered ' +
  'from the cache (`cached: true`, cost 0, not counted against the allowance). Otherwise it uses one question: ' +
  'the course’s own first (AI_SIFU_COURSE_MONTHLY_LIMIT per school month), then an active AI Sifu ' +
  'subscription’s; none left is a 403 SIFU_LIMIT_REACHED with its details. A failed answer is not counted: ' +
  '504 SIFU_PROVIDER_TIMEOUT or 502 SIFU_PROVIDER_FAILED.\n\n' +
  'With `Accept: text/event-stream` a successful call answers 200 as Server-Sent Events: `event: delta` with ' +
  '`{"text"}` for each piece of the answer as it is written (a cached answer is one piece), then one ' +
  '`event: answer` with the AskResponse JSON, or one `event: error` with the error body ({error, code}) when ' +
  'the answer fails once the stream has started; the stream then ends. Whatever refuses the question before ' +
  'any answer is written (validation, 401, 403 with the limit details, 404, 429) is an ordinary JSON answer ' +
  'with its status code, streaming or not.';

const wantsEventStream = (request: FastifyRequest) =>
  (request.headers.accept ?? '').includes('text/event-stream');

/** The error body an `error` event carries: what the error handler would have answered. */
function errorEvent(error: unknown, log: FastifyBaseLogger) {
  if (error instanceof AppError) return { ...error.fields, error: error.message, code: error.code };
  log.error({ err: error }, 'AI Sifu answer failed');
  return { error: 'Something went wrong on our side', code: 'INTERNAL' };
}

/** The answer as Server-Sent Events: its pieces as they are written, then the answer or the error. */
function sendEventStream(request: FastifyRequest, reply: FastifyReply, pending: PendingAnswer) {
  const body = new PassThrough();
  const client = new AbortController();
  // `close` comes when the client goes away, and once the stream has ended (then nothing is waiting).
  reply.raw.once('close', () => client.abort());
  pending.answer({ onDelta: (text) => body.write(frame('delta', { text })), signal: client.signal }).then(
    (answer) => body.end(frame('answer', { data: answer })),
    (error: unknown) => body.end(frame('error', errorEvent(error, request.log))),
  );
  return (
    reply
      .header('Content-Type', 'text/event-stream; charset=utf-8')
      .header('Cache-Control', 'no-cache, no-transform')
      // Proxies such as nginx would otherwise hold the pieces back in their buffer.
      .header('X-Accel-Buffering', 'no')
      // A stream is sent as it is, past the serializer; the description above documents its events.
      .send(body)
  );
}

export function askRoutes(services: { ask: AskService }, config: Config): FastifyPluginAsyncZod {
  const { ask } = services;
  return async (app) => {
    app.post(
      '/ai-sifu/ask',
      {
        config: {
          keepsReadCaches: true,
          access: 'user',
          rateLimit: perUserRateLimit({ max: config.AI_SIFU_RATE_LIMIT_PER_MINUTE, windowMinutes: 1 }),
        },
        // Compressed, the pieces of a streamed answer would wait in the compressor's buffer.
        compress: false,
        schema: {
          tags,
          summary:
            'Ask AI Sifu a question about an enrolled course (JSON, or streamed as Server-Sent Events)',
          description: ASK_DESCRIPTION,
          security: bearerSecurity,
          headers: z.looseObject({ accept: z.string().optional() }),
          body: AskInput,
          response: {
            200: AskResponse,
            ...errorResponses(400, 401, 404, 429, 502, 504),
            403: AskForbidden,
          },
        },
      },
      async (request, reply) => {
        const pending = await ask.begin(requireAuth(request), request.body);
        if (wantsEventStream(request)) return sendEventStream(request, reply, pending);
        return { data: await pending.answer() };
      },
    );

    app.get(
      '/ai-sifu/usage',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            'Your AI Sifu questions this month: each enrolled course’s and the subscription’s (administrators: none)',
          security: bearerSecurity,
          response: { 200: AiUsage, ...errorResponses(401) },
        },
      },
      async (request) => ask.usage(requireAuth(request)),
    );

    app.get(
      '/admin/ai-sifu/user-usage/:userId',
      {
        config: { access: 'admin' },
        schema: {
          tags: [...tags, 'admin'],
          summary: 'A user’s AI Sifu usage as they see it, with their question count, cost and last question',
          security: bearerSecurity,
          params: z.object({ userId: z.uuid({ error: 'Invalid user id' }) }),
          response: { 200: UserUsageResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ask.userUsage(request.params.userId),
    );
  };
}
