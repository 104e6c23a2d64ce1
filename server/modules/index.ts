import type { FastifyInstance } from 'fastify';
import type { Platform } from '../platform';
import { authRoutes } from './auth/auth.routes';
import { createAuthService } from './auth/auth.service';
import { healthRoutes } from './health/health.routes';
import { mailRoutes } from './mail/mail.routes';
import { termsRoutes } from './terms/terms.routes';
import { uploadsRoutes } from './uploads/uploads.routes';
import { usersRoutes } from './users/users.routes';
import { createUsersService } from './users/users.service';

/** Builds every module's service and registers its routes under /api. */
export async function registerModules(api: FastifyInstance, platform: Platform): Promise<void> {
  await api.register(healthRoutes(platform));
  const users = createUsersService(platform);
  await api.register(usersRoutes({ users }));
  const auth = createAuthService(platform, { users });
  await api.register(authRoutes({ auth }, platform.config));
  await api.register(termsRoutes(platform));
  await api.register(uploadsRoutes(platform));
  await api.register(mailRoutes(platform));
}
