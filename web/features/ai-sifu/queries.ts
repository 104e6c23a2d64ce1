import { queryOptions } from '@tanstack/react-query';
import {
  AI_CONVERSATIONS_PAGE_SIZE,
  AiConversationListResponse,
  AiConversationStats,
  AiUsage,
  PublicKnowledgeResponse,
} from '../../../common/ai-sifu';
import { apiRequest } from '../../lib/api-client';
import { pageOf, pageQuery } from '../../lib/queries/paging';

const enc = encodeURIComponent;

/**
 * AI Sifu's reads. Every key starts with 'ai-sifu', so a new answer, note or deletion refreshes
 * them all (the usage, the history, the stats) with one invalidation.
 */
export const sifuQueries = {
  all: ['ai-sifu'] as const,

  usage: (userId: string) =>
    queryOptions({
      queryKey: ['ai-sifu', 'usage', { userId }] as const,
      queryFn: ({ signal }) => apiRequest('/ai-sifu/usage', { schema: AiUsage, signal }),
    }),

  knowledge: (entryId: string) =>
    queryOptions({
      queryKey: ['ai-sifu', 'knowledge', { entryId }] as const,
      queryFn: ({ signal }) =>
        apiRequest(`/ai-sifu/knowledge/${enc(entryId)}`, { schema: PublicKnowledgeResponse, signal }).then(
          (response) => response.entry,
        ),
      staleTime: 5 * 60_000,
    }),

  stats: (userId: string) =>
    queryOptions({
      queryKey: ['ai-sifu', 'stats', { userId }] as const,
      queryFn: ({ signal }) =>
        apiRequest(`/users/${enc(userId)}/ai-conversations/stats`, { schema: AiConversationStats, signal }),
    }),

  history: (userId: string, page: number) =>
    queryOptions({
      queryKey: ['ai-sifu', 'history', { userId, page }] as const,
      queryFn: ({ signal }) =>
        apiRequest(
          `/users/${enc(userId)}/ai-conversations?${pageQuery(pageOf(page, AI_CONVERSATIONS_PAGE_SIZE))}`,
          { schema: AiConversationListResponse, signal },
        ),
    }),

  search: (userId: string, q: string) =>
    queryOptions({
      queryKey: ['ai-sifu', 'search', { userId, q }] as const,
      queryFn: ({ signal }) => {
        const query = new URLSearchParams({ q, limit: String(AI_CONVERSATIONS_PAGE_SIZE) });
        return apiRequest(`/users/${enc(userId)}/ai-conversations/search?${query}`, {
          schema: AiConversationListResponse,
          signal,
        });
      },
    }),

  course: (userId: string, courseId: string, limit: number) =>
    queryOptions({
      queryKey: ['ai-sifu', 'course', { userId, courseId, limit }] as const,
      queryFn: ({ signal }) =>
        apiRequest(`/users/${enc(userId)}/ai-conversations/course/${enc(courseId)}?limit=${limit}`, {
          schema: AiConversationListResponse,
          signal,
        }),
    }),
};
