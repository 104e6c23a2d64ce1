import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SchoolSettingsInput, SchoolSettingsResponse } from '../../../common/school';
import { bearerSecurity, errorResponses } from '../../platform/errors';
import type { SchoolService } from './school.service';

const tags = ['school'];

export function schoolRoutes(services: { school: SchoolService }): FastifyPluginAsyncZod {
  const { school } = services;
  return async (app) => {
    app.get(
      '/school',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: "The school's name, address, hours, contacts and links",
          response: { 200: SchoolSettingsResponse, ...errorResponses(404) },
        },
      },
      async () => ({ school: await school.get() }),
    );

    app.put(
      '/admin/school',
      {
        config: { access: 'admin' },
        schema: {
          tags: [...tags, 'admin'],
          summary: "Replace the school's settings (every field)",
          security: bearerSecurity,
          body: SchoolSettingsInput,
          response: { 200: SchoolSettingsResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ({ school: await school.save(request.body) }),
    );
  };
}
