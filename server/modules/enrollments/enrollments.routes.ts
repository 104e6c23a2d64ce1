import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkResponse } from '../../../common/api';
import {
  EnrolledResponse,
  EnrollInput,
  EnrollmentListQuery,
  EnrollmentListResponse,
  EnrollResponse,
  UserCourseParams,
} from '../../../common/enrollments';
import { requireAuth } from '../../platform/auth';
import { bearerSecurity, errorResponses } from '../../platform/errors';
import type { EnrollmentsService } from './enrollments.service';

const tags = ['enrollments'];

export function enrollmentsRoutes(services: { enrollments: EnrollmentsService }): FastifyPluginAsyncZod {
  const { enrollments } = services;

  return async (app) => {
    app.get(
      '/enrollments',
      {
        config: { access: 'admin' },
        schema: {
          tags: [...tags, 'admin'],
          summary: 'Every enrolment with its student and course, newest first (admin)',
          security: bearerSecurity,
          querystring: EnrollmentListQuery,
          response: { 200: EnrollmentListResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => enrollments.list(request.query),
    );

    app.post(
      '/user/:userId/enroll/:courseId',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            'Enrol in a course (self or admin): free courses directly, paid ones need payment ' +
            '(403 PAYMENT_REQUIRED) unless an admin enrols. 201 when enrolled now, 200 when already enrolled.',
          security: bearerSecurity,
          params: UserCourseParams,
          body: EnrollInput,
          response: { 200: EnrollResponse, 201: EnrollResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { userId, courseId } = request.params;
        const { created, body } = await enrollments.enroll(
          requireAuth(request),
          userId,
          courseId,
          request.body,
        );
        return reply.status(created ? 201 : 200).send(body);
      },
    );

    app.delete(
      '/user/:userId/enroll/:courseId',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Leave a course (self or admin); completed lessons are kept for a later re-enrolment',
          security: bearerSecurity,
          params: UserCourseParams,
          response: { 200: OkResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        enrollments.unenroll(requireAuth(request), request.params.userId, request.params.courseId),
    );

    app.get(
      '/user/:userId/enrolled/:courseId',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Whether the user is enrolled in the course (self or admin)',
          security: bearerSecurity,
          params: UserCourseParams,
          response: { 200: EnrolledResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) =>
        enrollments.isEnrolled(requireAuth(request), request.params.userId, request.params.courseId),
    );
  };
}
