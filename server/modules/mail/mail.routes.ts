import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../../common/api';
import { OutboxQuery, OutboxResponse } from '../../../common/mail';
import type { Platform } from '../../platform';
import { bearerSecurity } from '../../platform/errors';
import { createMailService } from './mail.service';

export function mailRoutes(platform: Platform): FastifyPluginAsyncZod {
  const mail = createMailService(platform);
  return async (app) => {
    app.get(
      '/admin/outbox',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['mail', 'admin'],
          summary: 'E-mails the platform sent or kept, newest first',
          security: bearerSecurity,
          querystring: OutboxQuery,
          response: { 200: OutboxResponse, 400: ApiError, 401: ApiError, 403: ApiError },
        },
      },
      async (request) => mail.outbox(request.query),
    );
  };
}
