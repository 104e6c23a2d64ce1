import { queryOptions } from '@tanstack/react-query';
import {
  AiAnalytics,
  KnowledgeListResponse,
  KnowledgeResponse,
  PopularQuestionsResponse,
  type KnowledgeKind,
} from '../../../common/ai-sifu';
import { apiRequest } from '../../lib/api-client';
import { pageQuery, type PageParams } from '../../lib/queries/paging';

const enc = encodeURIComponent;
export const knowledgePath = (id: string) => `/admin/ai-sifu/knowledge/${enc(id)}`;

/** The Knowledge screen's filters; no kind is every kind, a blank search sends nothing. */
export interface KnowledgeFilters {
  kind: KnowledgeKind | null;
  q: string;
}

/** The AI Sifu admin reads: the analytics and the knowledge base. */
export const aiSifuAdminQueries = {
  all: ['ai-sifu-admin'] as const,
  analyticsAll: ['ai-sifu-admin', 'analytics'] as const,
  knowledgeAll: ['ai-sifu-admin', 'knowledge'] as const,

  analytics: () =>
    queryOptions({
      queryKey: ['ai-sifu-admin', 'analytics', 'overview'] as const,
      queryFn: ({ signal }) => apiRequest('/admin/ai-sifu/analytics', { schema: AiAnalytics, signal }),
    }),

  popularQuestions: (limit: number) =>
    queryOptions({
      queryKey: ['ai-sifu-admin', 'analytics', 'popular', { limit }] as const,
      queryFn: ({ signal }) =>
        apiRequest(`/admin/ai-sifu/popular-questions?limit=${limit}`, {
          schema: PopularQuestionsResponse,
          signal,
        }).then((response) => response.popular_questions),
    }),

  knowledge: (filters: KnowledgeFilters, page: PageParams) =>
    queryOptions({
      queryKey: ['ai-sifu-admin', 'knowledge', 'list', { ...filters, ...page }] as const,
      queryFn: ({ signal }) => {
        const query = pageQuery(page);
        if (filters.kind) query.set('kind', filters.kind);
        if (filters.q.trim()) query.set('q', filters.q.trim());
        return apiRequest(`/admin/ai-sifu/knowledge?${query}`, { schema: KnowledgeListResponse, signal });
      },
    }),

  entry: (id: string) =>
    queryOptions({
      queryKey: ['ai-sifu-admin', 'knowledge', 'entry', { id }] as const,
      queryFn: ({ signal }) =>
        apiRequest(knowledgePath(id), { schema: KnowledgeResponse, signal }).then(
          (response) => response.entry,
        ),
    }),
};
