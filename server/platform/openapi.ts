import type { SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AiConversation,
  AiUsage,
  KnowledgeEntry,
  LessonRef,
  PopularQuestion,
  SourceRef,
  StudentNote,
} from '../../common/ai-sifu';
import { ApiError, OkResponse } from '../../common/api';
import { BlogPost, BlogPostSummary } from '../../common/blog';
import { Booking, CalendarBooking, PublicBooking } from '../../common/bookings';
import { Class, ClassEnrollment, ClassSignup, MemberClass, Roster } from '../../common/classes';
import { CourseDetail, CourseSummary, Lesson, Module } from '../../common/courses';
import { Conversation, ConversationPerson, Message, MessageInContext } from '../../common/messages';
import { News } from '../../common/news';
import { Quote } from '../../common/quotes';
import { Resource } from '../../common/resources';
import { CourseReview, Review } from '../../common/reviews';
import { SchoolSettings } from '../../common/school';
import { PublicTestimonial, Testimonial } from '../../common/testimonials';
import { User } from '../../common/users';
import { bearerSecurity } from './errors';

/**
 * Schemas many operations share, listed once under `#/components/schemas` and referenced from
 * every operation that uses them (the error shape alone answers for nearly every status of every
 * route). The ids go into Zod's global registry, beside the descriptions `.describe()` keeps there
 * (a registry of its own would leave every description out of the document).
 */
const sharedSchemas = z.globalRegistry;
const shared = {
  ApiError,
  OkResponse,
  User,
  CourseSummary,
  CourseDetail,
  Module,
  Lesson,
  Review,
  CourseReview,
  Testimonial,
  PublicTestimonial,
  SchoolSettings,
  BlogPost,
  BlogPostSummary,
  Class,
  ClassEnrollment,
  ClassSignup,
  MemberClass,
  Roster,
  Booking,
  PublicBooking,
  CalendarBooking,
  Conversation,
  ConversationPerson,
  Message,
  MessageInContext,
  News,
  Quote,
  Resource,
  AiConversation,
  AiUsage,
  KnowledgeEntry,
  LessonRef,
  PopularQuestion,
  SourceRef,
  StudentNote,
};
for (const [id, schema] of Object.entries(shared)) {
  if (sharedSchemas.get(schema)?.id !== id) sharedSchemas.add(schema, { ...sharedSchemas.get(schema), id });
}

const withComponents = createJsonSchemaTransformObject({ schemaRegistry: sharedSchemas });

/**
 * The document with its shared schemas as components. Each schema is listed in an input and an
 * output form (`ApiErrorInput`, `ApiError`); a form no operation refers to is left out.
 */
const transformObject: SwaggerTransformObject = (input) => {
  const document = withComponents(input) as ReturnType<typeof withComponents> & {
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = document.components?.schemas;
  if (!schemas) return document;
  const referenced = (name: string, from: unknown) =>
    JSON.stringify(from).includes(`"#/components/schemas/${name}"`);
  for (const name of Object.keys(schemas)) {
    const others = { ...document, components: { ...document.components, schemas: { ...schemas } } };
    delete others.components.schemas[name];
    if (!referenced(name, others)) delete schemas[name];
  }
  return document;
};

/** The `transform` and `transformObject` options of @fastify/swagger. */
export const openApiTransforms = {
  transform: createJsonSchemaTransform({ schemaRegistry: sharedSchemas }),
  transformObject,
};

const pascal = (word: string) =>
  word
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/**
 * The operation's name for client generators, from its method and path, so it is unique as the
 * route is and stays put unless the route moves: `GET /api/users/:id/course-requests` is
 * `getUsersByIdCourseRequests`.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `By${pascal(segment.slice(1))}` : pascal(segment)));
  return method.toLowerCase() + words.join('');
}

/**
 * Fills in what every /api operation's OpenAPI entry needs and its route may leave out: an
 * `operationId`, and the bearer requirement of routes that only answer a signed-in caller.
 * Public routes that read a token when one is sent declare `optionalBearerSecurity` themselves.
 */
export function registerOpenApiConventions(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/') || route.schema?.hide) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const access = route.config?.access;
    route.schema = {
      ...route.schema,
      operationId: route.schema?.operationId ?? operationIdOf(methods.join('Or'), route.url),
      ...(route.schema?.security || access === 'public' ? {} : { security: bearerSecurity }),
    };
  });
}
