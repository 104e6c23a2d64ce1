import type { FastifyInstance } from 'fastify';
import type { Platform } from '../platform';
import { healthRoutes } from './health/health.routes';

/** Builds every module's service and registers its routes under /api. */
export async function registerModules(api: FastifyInstance, platform: Platform): Promise<void> {
  await api.register(healthRoutes(platform));
}
