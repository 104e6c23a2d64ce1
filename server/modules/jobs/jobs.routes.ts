import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, IdParams } from '../../../common/api';
import { Job, JobsQuery, JobsResponse } from '../../../common/jobs';
import { bearerSecurity } from '../../platform/errors';
import type { JobsService } from './jobs.service';

export function jobsRoutes(services: { jobs: JobsService }): FastifyPluginAsyncZod {
  const { jobs } = services;
  return async (app) => {
    app.get(
      '/admin/jobs',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['jobs', 'admin'],
          summary: 'Background jobs newest first, e.g. the dead ones (?status=dead)',
          security: bearerSecurity,
          querystring: JobsQuery,
          response: { 200: JobsResponse, 400: ApiError, 401: ApiError, 403: ApiError },
        },
      },
      async (request) => jobs.list(request.query),
    );

    app.post(
      '/admin/jobs/:id/retry',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['jobs', 'admin'],
          summary: 'Queues a dead job again with all its attempts',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: Job, 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError },
        },
      },
      async (request) => jobs.retry(request.params.id),
    );
  };
}
