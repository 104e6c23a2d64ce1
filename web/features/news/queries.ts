import { queryOptions } from '@tanstack/react-query';
import { NewsListResponse, NewsResponse, NewsTagsResponse, type NewsStatus } from '../../../common/news';
import { apiRequest } from '../../lib/api-client';
import { pageQuery, type PageParams } from '../../lib/queries/paging';

const enc = encodeURIComponent;

/** The admin list's filter: one status or every item. */
export type AdminNewsStatus = NewsStatus | 'all';

/** The news reads: the member's home page and the news screens. */
export const newsQueries = {
  all: ['news'] as const,

  /** One page of the published items, newest first (the home page's News & Updates). */
  published: (page: PageParams) =>
    queryOptions({
      queryKey: ['news', 'list', page] as const,
      queryFn: ({ signal }) => apiRequest(`/news?${pageQuery(page)}`, { schema: NewsListResponse, signal }),
    }),

  /** One item; each read of it counts a view, so the article page reads it once a visit. */
  detail: (newsId: string) =>
    queryOptions({
      queryKey: ['news', 'detail', { newsId }] as const,
      queryFn: ({ signal }) =>
        apiRequest(`/news/${enc(newsId)}`, { schema: NewsResponse, signal }).then(
          (response) => response.news,
        ),
      staleTime: Infinity,
    }),

  search: (q: string, page: PageParams) =>
    queryOptions({
      queryKey: ['news', 'search', { q, ...page }] as const,
      queryFn: ({ signal }) => {
        const query = pageQuery(page);
        query.set('q', q);
        return apiRequest(`/news/search?${query}`, { schema: NewsListResponse, signal });
      },
    }),

  tagged: (tag: string, page: PageParams) =>
    queryOptions({
      queryKey: ['news', 'tag', { tag, ...page }] as const,
      queryFn: ({ signal }) =>
        apiRequest(`/news/tag/${enc(tag)}?${pageQuery(page)}`, { schema: NewsListResponse, signal }),
    }),

  tags: () =>
    queryOptions({
      queryKey: ['news', 'tags'] as const,
      queryFn: ({ signal }) => apiRequest('/news/tags', { schema: NewsTagsResponse, signal }),
    }),

  /** One page of every item, drafts included (admin). */
  admin: (status: AdminNewsStatus, page: PageParams) =>
    queryOptions({
      queryKey: ['news', 'admin', { status, ...page }] as const,
      queryFn: ({ signal }) => {
        const query = pageQuery(page);
        query.set('status', status);
        return apiRequest(`/admin/news?${query}`, { schema: NewsListResponse, signal });
      },
    }),
};
