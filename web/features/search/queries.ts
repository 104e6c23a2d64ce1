import { queryOptions } from '@tanstack/react-query';
import { SEARCH_DEFAULT_LIMIT, SearchResponse } from '../../../common/search';
import { apiRequest } from '../../lib/api-client';

/**
 * The header's global search: only the search's own lazy chunk reads it, so its schema stays out
 * of the shell.
 */
export const searchQueries = {
  all: ['search'] as const,

  /**
   * One query's results. TanStack Query aborts `signal` when the key changes while the call is in
   * flight, so each new query cancels the stale one.
   */
  results: (q: string, limit = SEARCH_DEFAULT_LIMIT) =>
    queryOptions({
      queryKey: ['search', 'results', { q, limit }] as const,
      queryFn: ({ signal }) =>
        apiRequest(`/search?${new URLSearchParams({ q, limit: String(limit) })}`, {
          schema: SearchResponse,
          signal,
        }),
    }),
};
