import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AiAnalytics,
  CleanCacheResponse,
  DAILY_USAGE_DAYS,
  POPULAR_QUESTIONS_DEFAULT_LIMIT,
  PopularQuestionsQuery,
  PopularQuestionsResponse,
} from '../../../../common/ai-sifu';
import { bearerSecurity, errorResponses } from '../../../platform/errors';
import { ACTIVE_USER_DAYS, type AnalyticsService } from './analytics.service';

const tags = ['ai-sifu', 'admin'];

const popularNote =
  'Questions are grouped by their normalised form (case, accents, tone marks and punctuation ignored) and ' +
  'shown as most recently typed; most asked first. avg_response_time is in milliseconds, rounded.';

/** AI Sifu's analytics and its answer cache, for administrators. */
export function analyticsRoutes(services: { analytics: AnalyticsService }): FastifyPluginAsyncZod {
  const { analytics } = services;
  return async (app) => {
    app.get(
      '/admin/ai-sifu/analytics',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Questions, active users, cache and cost figures, popular questions and daily costs',
          description:
            `overview.active_users: distinct members who asked in the last ${ACTIVE_USER_DAYS} days; ` +
            'cached_responses: questions answered from the cache; costs in cents. ' +
            `popular_questions: the top ${POPULAR_QUESTIONS_DEFAULT_LIMIT}. ${popularNote} ` +
            'cache_stats: answers in the cache, the sum of their hits, and (hits + answers) / answers to 2 decimals ' +
            `(0 when empty). daily_costs: the last ${DAILY_USAGE_DAYS} days in the school's time zone, newest first, ` +
            'days without questions included.',
          security: bearerSecurity,
          response: { 200: AiAnalytics, ...errorResponses(401, 403) },
        },
      },
      async () => analytics.analytics(),
    );

    app.get(
      '/admin/ai-sifu/popular-questions',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'The questions asked most',
          description: popularNote,
          security: bearerSecurity,
          querystring: PopularQuestionsQuery,
          response: { 200: PopularQuestionsResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ({ popular_questions: await analytics.popular(request.query.limit) }),
    );

    app.post(
      '/admin/ai-sifu/clean-cache',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Empty the answer cache',
          description: 'Takes no body; answers how many cached answers were removed. The question log stays.',
          security: bearerSecurity,
          response: { 200: CleanCacheResponse, ...errorResponses(401, 403) },
        },
      },
      async () => analytics.cleanCache(),
    );
  };
}
