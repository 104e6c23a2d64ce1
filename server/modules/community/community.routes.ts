import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '../../../common/api';
import {
  CommunityResponse,
  CommunityStudentsQuery,
  CommunityStudentsResponse,
} from '../../../common/community';
import { requireAuth } from '../../platform/auth';
import { bearerSecurity, errorResponses } from '../../platform/errors';
import type { CommunityService } from './community.service';

const tags = ['community'];

export function communityRoutes(services: { community: CommunityService }): FastifyPluginAsyncZod {
  const { community } = services;
  return async (app) => {
    app.get(
      '/community',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            "The caller's community: the instructors, then each of their courses with the first page of " +
            'fellow students who share it, are active and keep a public profile',
          security: bearerSecurity,
          response: { 200: CommunityResponse, ...errorResponses(401) },
        },
      },
      async (request) => community.overview(requireAuth(request)),
    );

    app.get(
      '/community/courses/:id/students',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            "A further page of one course's fellow public students, by name (404 unless the caller is enrolled)",
          security: bearerSecurity,
          params: IdParams,
          querystring: CommunityStudentsQuery,
          response: { 200: CommunityStudentsResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => community.courseStudents(requireAuth(request), request.params.id, request.query),
    );
  };
}
