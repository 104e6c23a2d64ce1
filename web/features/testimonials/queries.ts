import { queryOptions } from '@tanstack/react-query';
import {
  PublicTestimonialsResponse,
  TestimonialStats,
  TestimonialsResponse,
  type TestimonialFilter,
} from '../../../common/testimonials';
import { apiRequest } from '../../lib/api-client';
import { pageQuery, type PageParams } from '../../lib/queries/paging';

export const testimonialQueries = {
  all: ['testimonials'] as const,
  /** Everything the administrators' screens read: the lists of every status and the counts. */
  admin: ['testimonials', 'admin'] as const,

  /** Approved testimonials for the public site (the carousel), featured ones only when asked. */
  published: (params: { limit: number; featured?: boolean }) =>
    queryOptions({
      queryKey: [
        'testimonials',
        'published',
        { featured: params.featured ?? false, limit: params.limit },
      ] as const,
      queryFn: ({ signal }) => {
        const query = new URLSearchParams({ limit: String(params.limit) });
        if (params.featured) query.set('featured', 'true');
        return apiRequest(`/testimonials?${query}`, { schema: PublicTestimonialsResponse, signal });
      },
    }),

  /** One page of the admin list, of one status or all. */
  list: (status: TestimonialFilter, page: PageParams) =>
    queryOptions({
      queryKey: ['testimonials', 'admin', 'list', { status, ...page }] as const,
      queryFn: ({ signal }) => {
        const query = pageQuery(page);
        query.set('status', status);
        return apiRequest(`/admin/testimonials?${query}`, { schema: TestimonialsResponse, signal });
      },
    }),

  stats: () =>
    queryOptions({
      queryKey: ['testimonials', 'admin', 'stats'] as const,
      queryFn: ({ signal }) => apiRequest('/admin/testimonials/stats', { schema: TestimonialStats, signal }),
    }),
};
