import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, OkResponse } from '../../../common/api';
import {
  AdminTestimonialInput,
  AdminTestimonialsQuery,
  FeaturedTestimonialsQuery,
  PublicTestimonialsQuery,
  PublicTestimonialsResponse,
  TESTIMONIAL_SUBMIT_LIMIT,
  TestimonialInput,
  TestimonialResponse,
  TestimonialStats,
  TestimonialSubmitted,
  TestimonialsResponse,
  UpdateTestimonialInput,
} from '../../../common/testimonials';
import { bearerSecurity, errorResponses } from '../../platform/errors';
import type { TestimonialsService } from './testimonials.service';

const tags = ['testimonials'];
const adminTags = [...tags, 'admin'];

export function testimonialsRoutes(services: { testimonials: TestimonialsService }): FastifyPluginAsyncZod {
  const { testimonials } = services;
  return async (app) => {
    app.get(
      '/testimonials',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Approved testimonials, newest first; featured=true keeps the featured ones',
          querystring: PublicTestimonialsQuery,
          response: { 200: PublicTestimonialsResponse, ...errorResponses(400) },
        },
      },
      async (request) => ({ testimonials: await testimonials.listPublic(request.query) }),
    );

    app.get(
      '/testimonials/featured',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Approved and featured testimonials, newest first',
          querystring: FeaturedTestimonialsQuery,
          response: { 200: PublicTestimonialsResponse, ...errorResponses(400) },
        },
      },
      async (request) => ({
        testimonials: await testimonials.listPublic({ limit: request.query.limit, featured: true }),
      }),
    );

    app.post(
      '/testimonials',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'Submit a testimonial: kept pending and e-mailed to the administrators ' +
            `(${TESTIMONIAL_SUBMIT_LIMIT.max} per ${TESTIMONIAL_SUBMIT_LIMIT.windowMinutes} minutes per client address)`,
          body: TestimonialInput,
          response: { 202: TestimonialSubmitted, ...errorResponses(400, 429) },
        },
      },
      async (request, reply) => reply.status(202).send(await testimonials.submit(request.body, request.ip)),
    );

    app.get(
      '/admin/testimonials',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Every testimonial of a status (or all), newest first, with the student e-mail',
          security: bearerSecurity,
          querystring: AdminTestimonialsQuery,
          response: { 200: TestimonialsResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const { status, ...page } = request.query;
        return testimonials.adminList(status, page);
      },
    );

    app.get(
      '/admin/testimonials/stats',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'How many testimonials there are: in all, approved, pending, rejected and featured',
          security: bearerSecurity,
          response: { 200: TestimonialStats, ...errorResponses(401, 403) },
        },
      },
      async () => testimonials.stats(),
    );

    app.post(
      '/admin/testimonials',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Add a testimonial as an administrator: approved at once',
          security: bearerSecurity,
          body: AdminTestimonialInput,
          response: { 201: TestimonialResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const testimonial = await testimonials.create(request.body);
        return reply
          .status(201)
          .header('location', `/api/admin/testimonials/${testimonial.id}`)
          .send({ testimonial });
      },
    );

    app.get(
      '/admin/testimonials/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'One testimonial, whatever its status',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: TestimonialResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({ testimonial: await testimonials.find(request.params.id) }),
    );

    app.put(
      '/admin/testimonials/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: "Replace a testimonial's fields; its status and featured flag stay",
          security: bearerSecurity,
          params: IdParams,
          body: UpdateTestimonialInput,
          response: { 200: TestimonialResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({ testimonial: await testimonials.update(request.params.id, request.body) }),
    );

    app.put(
      '/admin/testimonials/:id/approve',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Approve a testimonial: it shows on the site (approving again changes nothing)',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: TestimonialResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({ testimonial: await testimonials.approve(request.params.id) }),
    );

    app.put(
      '/admin/testimonials/:id/reject',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Reject a testimonial: kept, never shown, no longer featured',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: TestimonialResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({ testimonial: await testimonials.reject(request.params.id) }),
    );

    app.put(
      '/admin/testimonials/:id/featured',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Toggle whether a testimonial is featured (409 for a rejected one)',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: TestimonialResponse, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({ testimonial: await testimonials.toggleFeatured(request.params.id) }),
    );

    app.delete(
      '/admin/testimonials/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Delete a testimonial for good',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: OkResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await testimonials.remove(request.params.id);
        return { success: true as const };
      },
    );
  };
}
