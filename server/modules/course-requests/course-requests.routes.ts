import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, OkResponse } from '../../../common/api';
import {
  AdminCourseRequestsQuery,
  CourseRequestResponse,
  CourseRequestsQuery,
  CourseRequestsResponse,
  CreateCourseRequestInput,
  PopularRequestsQuery,
  PopularRequestsResponse,
  UpdateCourseRequestStatusInput,
} from '../../../common/course-requests';
import { requireAuth } from '../../platform/auth';
import { bearerSecurity, errorResponses } from '../../platform/errors';
import { perUserRateLimit, type RateRule } from '../../platform/rate-limit';
import type { CourseRequestsService } from './course-requests.service';

const tags = ['course-requests'];

/** New course requests per user; with the cap on open requests, enough for anyone's wishes. */
export const COURSE_REQUEST_RATE_LIMIT: RateRule = { max: 20, windowMinutes: 60 };

export function courseRequestsRoutes(services: { requests: CourseRequestsService }): FastifyPluginAsyncZod {
  const { requests } = services;
  return async (app) => {
    app.post(
      '/course-requests',
      {
        config: { access: 'user', rateLimit: perUserRateLimit(COURSE_REQUEST_RATE_LIMIT) },
        schema: {
          tags,
          summary: 'Ask the school for a course: subject, your experience and why',
          security: bearerSecurity,
          body: CreateCourseRequestInput,
          response: { 201: CourseRequestResponse, ...errorResponses(400, 401, 409, 429) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ request: await requests.create(requireAuth(request), request.body) }),
    );

    app.get(
      '/course-requests/popular',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'The most requested subjects (grouped ignoring case and spaces), most requested first',
          security: bearerSecurity,
          querystring: PopularRequestsQuery,
          response: { 200: PopularRequestsResponse, ...errorResponses(400, 401) },
        },
      },
      async (request) => requests.popular(request.query.limit),
    );

    app.get(
      '/users/:id/course-requests',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "A user's course requests, newest first (self or admin)",
          security: bearerSecurity,
          params: IdParams,
          querystring: CourseRequestsQuery,
          response: { 200: CourseRequestsResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => requests.forUser(requireAuth(request), request.params.id, request.query),
    );

    app.delete(
      '/course-requests/:id',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Delete a course request (owner or admin)',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: OkResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await requests.remove(requireAuth(request), request.params.id);
        return { success: true as const };
      },
    );

    app.get(
      '/admin/course-requests',
      {
        config: { access: 'admin' },
        schema: {
          tags: [...tags, 'admin'],
          summary: 'Every course request, newest first, optionally of one status',
          security: bearerSecurity,
          querystring: AdminCourseRequestsQuery,
          response: { 200: CourseRequestsResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const { status, ...page } = request.query;
        return requests.adminList(status, page);
      },
    );

    app.put(
      '/admin/course-requests/:id/status',
      {
        config: { access: 'admin' },
        schema: {
          tags: [...tags, 'admin'],
          summary: 'Set a request’s status and notes; a status change e-mails the requester',
          security: bearerSecurity,
          params: IdParams,
          body: UpdateCourseRequestStatusInput,
          response: { 200: CourseRequestResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({
        request: await requests.updateStatus(request.params.id, request.body),
      }),
    );
  };
}
