import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, OkResponse } from '../../../common/api';
import {
  AdminReviewStats,
  AdminReviewsQuery,
  CourseReviewsResponse,
  CreateReviewInput,
  HelpfulResponse,
  RatingSummary,
  ReviewResponse,
  ReviewsQuery,
  ReviewsResponse,
  UpdateReviewInput,
  UserCourseReviewParams,
} from '../../../common/reviews';
import { requireAuth } from '../../platform/auth';
import { bearerSecurity, errorResponses, optionalBearerSecurity } from '../../platform/errors';
import type { ReviewsService } from './reviews.service';

const tags = ['reviews'];

export function reviewsRoutes(services: { reviews: ReviewsService }): FastifyPluginAsyncZod {
  const { reviews } = services;
  return async (app) => {
    app.get(
      '/courses/:id/reviews',
      {
        config: { access: 'public' },
        schema: {
          tags,
          security: optionalBearerSecurity,
          summary: "A course's published reviews, newest first; voted_helpful reflects the signed-in caller",
          params: IdParams,
          querystring: ReviewsQuery,
          response: { 200: CourseReviewsResponse, ...errorResponses(400, 404) },
        },
      },
      async (request) => reviews.forCourse(request.auth, request.params.id, request.query),
    );

    app.get(
      '/courses/:id/rating-summary',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: "Average rating and star counts over a course's published reviews",
          params: IdParams,
          response: { 200: RatingSummary, ...errorResponses(400, 404) },
        },
      },
      async (request) => reviews.ratingSummary(request.params.id),
    );

    app.get(
      '/users/:id/reviews',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "A user's reviews, published or not, newest first (self or admin)",
          security: bearerSecurity,
          params: IdParams,
          querystring: ReviewsQuery,
          response: { 200: ReviewsResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => reviews.forUser(requireAuth(request), request.params.id, request.query),
    );

    app.get(
      '/users/:id/courses/:courseId/review',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "A user's review of one course (self or admin)",
          security: bearerSecurity,
          params: UserCourseReviewParams,
          response: { 200: ReviewResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({
        review: await reviews.forUserAndCourse(
          requireAuth(request),
          request.params.id,
          request.params.courseId,
        ),
      }),
    );

    app.post(
      '/reviews',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Review a course you are enrolled in (once per course)',
          security: bearerSecurity,
          body: CreateReviewInput,
          response: { 201: ReviewResponse, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ review: await reviews.create(requireAuth(request), request.body) }),
    );

    app.put(
      '/reviews/:id',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Edit a review (owner or admin); only admins change is_published',
          security: bearerSecurity,
          params: IdParams,
          body: UpdateReviewInput,
          response: { 200: ReviewResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({
        review: await reviews.update(requireAuth(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/reviews/:id',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Delete a review (owner or admin)',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: OkResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await reviews.remove(requireAuth(request), request.params.id);
        return { success: true as const };
      },
    );

    app.post(
      '/reviews/:id/helpful',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "Mark someone else's published review as helpful (once; a second vote is a 409)",
          security: bearerSecurity,
          params: IdParams,
          response: { 200: HelpfulResponse, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => reviews.markHelpful(requireAuth(request), request.params.id),
    );

    app.get(
      '/admin/reviews',
      {
        config: { access: 'admin' },
        schema: {
          tags: [...tags, 'admin'],
          summary: 'Every review, published or not, newest first, with its course title',
          security: bearerSecurity,
          querystring: AdminReviewsQuery,
          response: { 200: ReviewsResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const { limit, offset, ...filters } = request.query;
        return reviews.adminList(filters, { limit, offset });
      },
    );

    app.get(
      '/admin/reviews/stats',
      {
        config: { access: 'admin' },
        schema: {
          tags: [...tags, 'admin'],
          summary: 'Review counts and average rating over every review',
          security: bearerSecurity,
          response: { 200: AdminReviewStats, ...errorResponses(401, 403) },
        },
      },
      async () => reviews.stats(),
    );
  };
}
