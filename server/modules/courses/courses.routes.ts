import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, OkResponse } from '../../../common/api';
import {
  CategoriesResponse,
  CourseInput,
  CourseListQuery,
  CourseListResponse,
  CourseResponse,
  CourseSearchQuery,
  CourseSearchResponse,
  CourseStudentsResponse,
  FeaturesResponse,
  PageQuery,
  PublishInput,
} from '../../../common/courses';
import { requireAuth } from '../../platform/auth';
import { bearerSecurity, errorResponses, optionalBearerSecurity } from '../../platform/errors';
import type { CoursesService } from './courses.service';

const tags = ['courses'];

export function coursesRoutes({ courses }: { courses: CoursesService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/courses',
      {
        config: { access: 'public' },
        schema: {
          tags,
          security: optionalBearerSecurity,
          summary:
            'Courses and series with their counts and the caller’s enrolment; unpublished ones are flagged, without content',
          querystring: CourseListQuery,
          response: { 200: CourseListResponse, ...errorResponses(400) },
        },
      },
      // Written by the service (cards kept as JSON) with the schema's serializer: bytes go out as
      // they are, tagged for ETag (the etag plugin then only compares it).
      async (request, reply) => {
        const { body, tag } = await courses.list(request.auth, request.query);
        const written = body as unknown as CourseListResponse;
        return reply.type('application/json; charset=utf-8').header('etag', tag).send(written);
      },
    );

    app.get(
      '/courses/search',
      {
        config: { access: 'public' },
        schema: {
          tags,
          security: optionalBearerSecurity,
          summary:
            'Courses whose title, description, category or instructor match (published only for students)',
          querystring: CourseSearchQuery,
          response: { 200: CourseSearchResponse, ...errorResponses(400) },
        },
      },
      async (request) => ({
        courses: await courses.search(request.auth, request.query.q, request.query.limit),
      }),
    );

    app.get(
      '/courses/categories',
      {
        config: { access: 'public' },
        schema: {
          tags,
          security: optionalBearerSecurity,
          summary: 'Distinct course categories (of published courses, for students)',
          response: { 200: CategoriesResponse },
        },
      },
      async (request) => ({ categories: await courses.categories(request.auth) }),
    );

    app.get(
      '/features',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'The catalogue of the eight course features',
          response: { 200: FeaturesResponse },
        },
      },
      async () => ({ features: courses.catalogue() }),
    );

    app.get(
      '/courses/:id',
      {
        config: { access: 'public' },
        schema: {
          tags,
          security: optionalBearerSecurity,
          summary:
            'A course with its modules and lessons; lesson content only for admins and enrolled students, quiz answers only for admins',
          params: IdParams,
          response: { 200: CourseResponse, ...errorResponses(400, 404) },
        },
      },
      // Written by the service (the content kept as JSON) with the schema's serializers, and tagged.
      async (request, reply) => {
        const { body, tag } = await courses.detailAnswer(request.auth, request.params.id);
        const written = body as unknown as CourseResponse;
        return reply.type('application/json; charset=utf-8').header('etag', tag).send(written);
      },
    );

    app.get(
      '/courses/:id/features',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'The features a course offers',
          params: IdParams,
          response: { 200: FeaturesResponse, ...errorResponses(400, 404) },
        },
      },
      async (request) => ({ features: await courses.features(request.params.id) }),
    );

    app.get(
      '/courses/:id/students',
      {
        config: { access: 'admin' },
        schema: {
          tags: [...tags, 'admin'],
          summary: 'Students enrolled in a course, newest first',
          security: bearerSecurity,
          params: IdParams,
          querystring: PageQuery,
          response: { 200: CourseStudentsResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => courses.students(request.params.id, request.query),
    );

    app.post(
      '/courses',
      {
        config: { access: 'admin' },
        schema: {
          tags: [...tags, 'admin'],
          summary: 'Create a course; missing fields take the defaults',
          security: bearerSecurity,
          body: CourseInput,
          response: { 200: CourseResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ({ course: await courses.create(requireAuth(request), request.body) }),
    );

    app.put(
      '/courses/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: [...tags, 'admin'],
          summary: 'Update a course: only the fields sent change (features, when sent, replaces the set)',
          security: bearerSecurity,
          params: IdParams,
          body: CourseInput,
          response: { 200: CourseResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({
        course: await courses.update(requireAuth(request), request.params.id, request.body),
      }),
    );

    app.put(
      '/courses/:id/publish',
      {
        config: { access: 'admin' },
        schema: {
          tags: [...tags, 'admin'],
          summary: 'Publish or unpublish a course',
          security: bearerSecurity,
          params: IdParams,
          body: PublishInput,
          response: { 200: CourseResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({
        course: await courses.update(requireAuth(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/courses/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: [...tags, 'admin'],
          summary: 'Delete a course with its modules, lessons, enrolments, progress and reviews',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: OkResponse, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        await courses.remove(request.params.id);
        return { success: true as const };
      },
    );
  };
}
