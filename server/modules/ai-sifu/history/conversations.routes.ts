import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ActiveUsersQuery,
  ActiveUsersResponse,
  AdminConversationListResponse,
  AdminConversationsQuery,
  AiConversationListResponse,
  AiConversationResponse,
  AiConversationsQuery,
  AiConversationStats,
  AiCourseQuery,
  AiHistoryQuery,
  AiSearchQuery,
  AiUserCourseParams,
  CleanupInput,
  CleanupResponse,
  ConversationAnalytics,
  CreateConversationInput,
} from '../../../../common/ai-sifu';
import { IdParams, OkResponse } from '../../../../common/api';
import { requireAuth } from '../../../platform/auth';
import { bearerSecurity, errorResponses } from '../../../platform/errors';
import { perUserRateLimit, type RateRule } from '../../../platform/rate-limit';
import { ACTIVE_USERS_WINDOW_DAYS, type ConversationsService } from './conversations.service';

const tags = ['ai-sifu'];
const adminTags = [...tags, 'admin'];

/** Conversations a student keeps by hand: a whole class's worth in one sitting, not a flood. */
export const CONVERSATION_SAVE_RATE_LIMIT: RateRule = { max: 30, windowMinutes: 10 };

export function conversationsRoutes(services: {
  conversations: ConversationsService;
}): FastifyPluginAsyncZod {
  const { conversations } = services;
  return async (app) => {
    app.get(
      '/ai-sifu/history',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "The caller's latest questions to AI Sifu and its answers, newest first",
          security: bearerSecurity,
          querystring: AiHistoryQuery,
          response: { 200: AiConversationListResponse, ...errorResponses(400, 401) },
        },
      },
      async (request) => conversations.history(requireAuth(request), request.query.limit),
    );

    app.get(
      '/users/:id/ai-conversations',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "A student's AI Sifu conversations with their notes, newest first (self or admin)",
          security: bearerSecurity,
          params: IdParams,
          querystring: AiConversationsQuery,
          response: { 200: AiConversationListResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => conversations.forUser(requireAuth(request), request.params.id, request.query),
    );

    app.get(
      '/users/:id/ai-conversations/search',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "A student's conversations whose question or answer holds every word of q (self or admin)",
          description:
            'Words match anywhere, ignoring case and pinyin tone marks; hanzi match as written; % and _ are taken literally.',
          security: bearerSecurity,
          params: IdParams,
          querystring: AiSearchQuery,
          response: { 200: AiConversationListResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => conversations.search(requireAuth(request), request.params.id, request.query),
    );

    app.get(
      '/users/:id/ai-conversations/course/:courseId',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "A student's conversations about one course, newest first (self or admin)",
          security: bearerSecurity,
          params: AiUserCourseParams,
          querystring: AiCourseQuery,
          response: { 200: AiConversationListResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        conversations.forCourse(
          requireAuth(request),
          request.params.id,
          request.params.courseId,
          request.query.limit,
        ),
    );

    app.get(
      '/users/:id/ai-conversations/stats',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            "A student's conversations counted: in all, courses discussed, the last 7 days (self or admin)",
          security: bearerSecurity,
          params: IdParams,
          response: { 200: AiConversationStats, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => conversations.stats(requireAuth(request), request.params.id),
    );

    app.get(
      '/ai-conversations/:id',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'One conversation with its sources and note (its student or an admin)',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: AiConversationResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => ({ conversation: await conversations.get(requireAuth(request), request.params.id) }),
    );

    app.delete(
      '/ai-conversations/:id',
      {
        config: { access: 'user', keepsReadCaches: true },
        schema: {
          tags,
          summary: 'Delete one of your conversations and its note',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: OkResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await conversations.remove(requireAuth(request), request.params.id);
        return { success: true as const };
      },
    );

    app.post(
      '/ai-conversations',
      {
        config: {
          keepsReadCaches: true,
          access: 'user',
          rateLimit: perUserRateLimit(CONVERSATION_SAVE_RATE_LIMIT),
        },
        schema: {
          tags,
          summary: 'Keep a question and answer you bring in your history (not asked, not counted)',
          description:
            'course_context must be a course you are enrolled in. Nothing is asked of AI Sifu, so the ' +
            `allowance and the question log are untouched. At most ${CONVERSATION_SAVE_RATE_LIMIT.max} ` +
            `per ${CONVERSATION_SAVE_RATE_LIMIT.windowMinutes} minutes per student.`,
          security: bearerSecurity,
          body: CreateConversationInput,
          response: { 201: AiConversationResponse, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ conversation: await conversations.create(requireAuth(request), request.body) }),
    );

    /* Administrators ------------------------------------------------------------------------ */

    app.get(
      '/admin/ai-conversations',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: "Every student's conversations, newest first, with who asked",
          security: bearerSecurity,
          querystring: AdminConversationsQuery,
          response: { 200: AdminConversationListResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => conversations.adminList(request.query),
    );

    app.get(
      '/admin/ai-conversations/analytics',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Conversations counted: in all, students, courses, the last 7 days, cached, per course',
          security: bearerSecurity,
          response: { 200: ConversationAnalytics, ...errorResponses(401, 403) },
        },
      },
      async () => conversations.analytics(),
    );

    app.get(
      '/admin/ai-conversations/active-users',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'The students with the most conversations lately, most first',
          description: `Counts each student's conversations of the last ${ACTIVE_USERS_WINDOW_DAYS} days; administrators are left out.`,
          security: bearerSecurity,
          querystring: ActiveUsersQuery,
          response: { 200: ActiveUsersResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => conversations.activeUsers(request.query.limit),
    );

    app.post(
      '/admin/ai-conversations/cleanup',
      {
        config: { access: 'admin', keepsReadCaches: true },
        schema: {
          tags: adminTags,
          summary:
            'Delete conversations older than days_old days, their notes and the question log of that age',
          description: '`deleted` counts the conversations; the question log rows of that age go too.',
          security: bearerSecurity,
          body: CleanupInput,
          response: { 200: CleanupResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => conversations.cleanup(request.body.days_old),
    );
  };
}
