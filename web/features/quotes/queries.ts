import { queryOptions } from '@tanstack/react-query';
import { QuotesResponse, RandomQuoteResponse, type QuoteCategory } from '../../../common/quotes';
import { apiRequest } from '../../lib/api-client';
import { pageQuery, type PageParams } from '../../lib/queries/paging';

/** The quote reads: the member's home page and the quotes screen. */
export const quoteQueries = {
  all: ['quotes'] as const,

  /** A quote drawn for this visit to the home page: kept, not redrawn, while the page is open. */
  random: () =>
    queryOptions({
      queryKey: ['quotes', 'random'] as const,
      queryFn: ({ signal }) => apiRequest('/quotes/random', { schema: RandomQuoteResponse, signal }),
      staleTime: Infinity,
    }),

  /** One page of the quotes, of one category or all (admin). */
  admin: (category: QuoteCategory | null, page: PageParams) =>
    queryOptions({
      queryKey: ['quotes', 'admin', { category, ...page }] as const,
      queryFn: ({ signal }) => {
        const query = pageQuery(page);
        if (category) query.set('category', category);
        return apiRequest(`/admin/quotes?${query}`, { schema: QuotesResponse, signal });
      },
    }),
};
