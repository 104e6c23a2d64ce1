import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SupportRequestInput, SupportRequestResponse } from '../../../common/support';
import { requireAuth } from '../../platform/auth';
import { errorResponses } from '../../platform/errors';
import { perUserRateLimit } from '../../platform/rate-limit';
import type { SupportService } from './support.service';

/** Each request e-mails every administrator: a few an hour is plenty for a real problem. */
export const SUPPORT_REQUEST_RATE_LIMIT = { max: 5, windowMinutes: 60 } as const;

export function supportRoutes(services: { support: SupportService }): FastifyPluginAsyncZod {
  const { support } = services;
  return async (app) => {
    app.post(
      '/support',
      {
        config: { access: 'user', rateLimit: perUserRateLimit(SUPPORT_REQUEST_RATE_LIMIT) },
        schema: {
          tags: ['support'],
          summary:
            'Send a support request: a message in your support conversation with the administrators, who ' +
            `are e-mailed too (members only; ${SUPPORT_REQUEST_RATE_LIMIT.max} per ${SUPPORT_REQUEST_RATE_LIMIT.windowMinutes} minutes)`,
          body: SupportRequestInput,
          response: { 201: SupportRequestResponse, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await support.submit(requireAuth(request), request.body)),
    );
  };
}
