import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OkResponse } from '../../../common/api';
import { NEWS_PAGE_SIZE, NewsResponse, type NewsInput, type NewsStatus } from '../../../common/news';
import { apiRequest } from '../../lib/api-client';
import { newsQueries } from './queries';
import { pageOf } from '../../lib/queries/paging';

const path = (id: string, action = '') => `/admin/news/${encodeURIComponent(id)}${action}`;

export const useNewsArticle = (newsId: string) =>
  useQuery({ ...newsQueries.detail(newsId), enabled: newsId !== '' });

/** The admin column: every item, drafts too, three a page. */
export const useAdminNews = (page: number) =>
  useQuery({ ...newsQueries.admin('all', pageOf(page, NEWS_PAGE_SIZE)), placeholderData: keepPreviousData });

/**
 * A change to one item moves the admin's list, the members' pages and the item's own page: every
 * news read is refreshed.
 */
function useNewsMutation<Variables, Result>(request: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsQueries.all }),
  });
}

export const useCreateNews = () =>
  useNewsMutation((input: NewsInput) =>
    apiRequest('/admin/news', { method: 'POST', body: input, schema: NewsResponse }),
  );

export const useUpdateNews = () =>
  useNewsMutation(({ id, input }: { id: string; input: NewsInput }) =>
    apiRequest(path(id), { method: 'PUT', body: input, schema: NewsResponse }),
  );

export const useSetNewsStatus = () =>
  useNewsMutation(({ id, status }: { id: string; status: NewsStatus }) =>
    apiRequest(path(id, '/status'), { method: 'PUT', body: { status }, schema: NewsResponse }),
  );

export const useDeleteNews = () =>
  useNewsMutation((id: string) => apiRequest(path(id), { method: 'DELETE', schema: OkResponse }));
