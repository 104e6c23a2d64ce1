import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, IdParams } from '../../../common/api';
import { OutboxMessageDetail, OutboxQuery, OutboxResponse } from '../../../common/mail';
import { bearerSecurity } from '../../platform/errors';
import type { MailService } from './mail.service';

export function mailRoutes(services: { mail: MailService }): FastifyPluginAsyncZod {
  const { mail } = services;
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

    app.get(
      '/admin/outbox/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['mail', 'admin'],
          summary: 'One e-mail the platform sent or kept, with its text',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: OutboxMessageDetail, 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError },
        },
      },
      async (request) => mail.message(request.params.id),
    );
  };
}
