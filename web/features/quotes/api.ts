import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OkResponse } from '../../../common/api';
import { QuoteResponse, type QuoteCategory, type QuoteInput } from '../../../common/quotes';
import { apiRequest } from '../../lib/api-client';
import { pageOf } from '../../lib/queries/paging';
import { quoteQueries } from './queries';

/** The quotes screen lists this many a page. */
export const QUOTES_PAGE_SIZE = 10;

const path = (id: string) => `/admin/quotes/${encodeURIComponent(id)}`;

export const useAdminQuotes = (category: QuoteCategory | null, page: number) =>
  useQuery({
    ...quoteQueries.admin(category, pageOf(page, QUOTES_PAGE_SIZE)),
    placeholderData: keepPreviousData,
  });

/** A change to one quote moves the lists; the home page's drawn quote may be the one changed. */
function useQuoteMutation<Variables, Result>(request: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quoteQueries.all }),
  });
}

export const useCreateQuote = () =>
  useQuoteMutation((input: QuoteInput) =>
    apiRequest('/admin/quotes', { method: 'POST', body: input, schema: QuoteResponse }),
  );

export const useUpdateQuote = () =>
  useQuoteMutation(({ id, input }: { id: string; input: QuoteInput }) =>
    apiRequest(path(id), { method: 'PUT', body: input, schema: QuoteResponse }),
  );

export const useDeleteQuote = () =>
  useQuoteMutation((id: string) => apiRequest(path(id), { method: 'DELETE', schema: OkResponse }));
