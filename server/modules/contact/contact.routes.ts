import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTACT_RATE_LIMIT_PER_MINUTE, ContactInput, ContactResponse } from '../../../common/contact';
import { errorResponses, optionalBearerSecurity } from '../../platform/errors';
import type { ContactService } from './contact.service';

/** Public, so visitors can write; a valid bearer token, when sent, is noted in the e-mail. */
export function contactRoutes(services: { contact: ContactService }): FastifyPluginAsyncZod {
  const { contact } = services;
  return async (app) => {
    app.post(
      '/contact',
      {
        config: {
          access: 'public',
          rateLimit: { max: CONTACT_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' },
        },
        schema: {
          tags: ['contact'],
          summary:
            'Write to the school: the message is e-mailed to every active administrator ' +
            `(${CONTACT_RATE_LIMIT_PER_MINUTE} per minute per client address; 503 when there is no administrator)`,
          // The token is optional: visitors send none.
          security: optionalBearerSecurity,
          body: ContactInput,
          response: { 202: ContactResponse, ...errorResponses(400, 429, 503) },
        },
      },
      async (request, reply) => reply.status(202).send(await contact.send(request.body, request.auth)),
    );
  };
}
