import { queryOptions } from '@tanstack/react-query';
import {
  ResourceListResponse,
  ResourceResponse,
  ResourceStatsResponse,
  type ResourceType,
} from '../../../common/resources';
import { apiRequest } from '../../lib/api-client';
import { pageQuery, type PageParams } from '../../lib/queries/paging';

const enc = encodeURIComponent;

/** The admin list's filters; a blank search and 'all' send nothing. */
export interface AdminResourceFilters {
  type: ResourceType | null;
  status: 'all' | 'published' | 'draft';
  q: string;
}

/** The learning resources' reads: the resources pages'. */
export const resourceQueries = {
  all: ['resources'] as const,

  /** One page of the published resources, of one type or of every type, newest first. */
  list: (type: ResourceType | null, page: PageParams) =>
    queryOptions({
      queryKey: ['resources', 'list', { type, ...page }] as const,
      queryFn: ({ signal }) => {
        const query = pageQuery(page);
        if (type) query.set('type', type);
        return apiRequest(`/resources?${query}`, { schema: ResourceListResponse, signal });
      },
    }),

  /** One resource; each read of it counts a view, so a visit reads it at most once. */
  detail: (resourceId: string) =>
    queryOptions({
      queryKey: ['resources', 'detail', { resourceId }] as const,
      queryFn: ({ signal }) =>
        apiRequest(`/resources/${enc(resourceId)}`, { schema: ResourceResponse, signal }).then(
          (response) => response.resource,
        ),
      staleTime: Infinity,
    }),

  /** One page of every resource, drafts included (admin). */
  admin: (filters: AdminResourceFilters, page: PageParams) =>
    queryOptions({
      queryKey: ['resources', 'admin', { ...filters, ...page }] as const,
      queryFn: ({ signal }) => {
        const query = pageQuery(page);
        if (filters.type) query.set('type', filters.type);
        if (filters.status !== 'all') query.set('status', filters.status);
        if (filters.q.trim()) query.set('q', filters.q.trim());
        return apiRequest(`/admin/resources?${query}`, { schema: ResourceListResponse, signal });
      },
    }),

  /** The admin page's figures. */
  stats: () =>
    queryOptions({
      queryKey: ['resources', 'stats'] as const,
      queryFn: ({ signal }) =>
        apiRequest('/admin/resources/stats', { schema: ResourceStatsResponse, signal }),
    }),
};
