import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SEARCH_RESULT_TYPES, SearchQuery, SearchResponse } from '../../../common/search';
import type { Config } from '../../config';
import { requireAuth } from '../../platform/auth';
import { bearerSecurity, errorResponses } from '../../platform/errors';
import { perUserRateLimit } from '../../platform/rate-limit';
import type { SearchService } from './search.service';

/** The header's search box: one call for every kind of content a signed-in member may see. */
export function searchRoutes(
  services: { search: SearchService },
  config: Pick<Config, 'SEARCH_RATE_LIMIT_PER_MINUTE'>,
): FastifyPluginAsyncZod {
  const { search } = services;
  return async (app) => {
    app.get(
      '/search',
      {
        config: {
          access: 'user',
          rateLimit: perUserRateLimit({ max: config.SEARCH_RATE_LIMIT_PER_MINUTE, windowMinutes: 1 }),
        },
        schema: {
          tags: ['search'],
          summary: 'Search courses, lessons, resources, news, blog posts and (for admins) people, best first',
          description:
            `Result types: ${SEARCH_RESULT_TYPES.join(', ')}. Full-text search (web search syntax) plus ` +
            'typo-tolerant title matching; pinyin, older spellings and Chinese characters of the ' +
            'glossary find each other, and `terms` lists the forms the query was widened to. Students ' +
            'see published content only, and lessons of courses they may not open by title only. ' +
            `At most SEARCH_RATE_LIMIT_PER_MINUTE (${config.SEARCH_RATE_LIMIT_PER_MINUTE}) a minute per student.`,
          security: bearerSecurity,
          querystring: SearchQuery,
          response: { 200: SearchResponse, ...errorResponses(400, 401, 429) },
        },
      },
      async (request) => search.search(requireAuth(request), request.query.q, request.query.limit),
    );
  };
}
