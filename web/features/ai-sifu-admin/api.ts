import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  AiAnalytics,
  CleanCacheResponse,
  KnowledgeExportResponse,
  KnowledgeImportResponse,
  KnowledgeListResponse,
  KnowledgeResponse,
  PopularQuestionsResponse,
  type KnowledgeInput,
  type KnowledgeKind,
} from '../../../common/ai-sifu';
import { apiRequest } from '../../lib/api-client';
import { pageOf, pageQuery, type PageParams } from '../../lib/queries/paging';

const enc = encodeURIComponent;
const knowledgePath = (id: string) => `/admin/ai-sifu/knowledge/${enc(id)}`;

/** Rows a page of the Knowledge screen shows. */
export const KNOWLEDGE_PAGE_SIZE = 20;
/** Options the related-entries picker offers for what is typed in it. */
const RELATED_OPTIONS_LIMIT = 30;

/** The Knowledge screen's filters; no kind is every kind, a blank search sends nothing. */
export interface KnowledgeFilters {
  kind: KnowledgeKind | null;
  q: string;
}

/**
 * The AI Sifu admin reads. They stay out of the shared registry (web/lib/queries): only these
 * admin screens read them, and the registry is shared by pages whose budgets leave no room.
 */
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

// ---------------------------------------------------------------- analytics

export const useAiAnalytics = () => useQuery(aiSifuAdminQueries.analytics());

export const usePopularQuestions = (limit: number) => useQuery(aiSifuAdminQueries.popularQuestions(limit));

/** Empties the answer cache; every analytics read is loaded again once it has. */
export function useCleanCache() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/admin/ai-sifu/clean-cache', { method: 'POST', schema: CleanCacheResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiSifuAdminQueries.analyticsAll }),
  });
}

// ---------------------------------------------------------------- knowledge

export const useKnowledgeList = (filters: KnowledgeFilters, page: number) =>
  useQuery({
    ...aiSifuAdminQueries.knowledge(filters, pageOf(page, KNOWLEDGE_PAGE_SIZE)),
    placeholderData: keepPreviousData,
  });

/** Entries matching what is typed in the related-entries picker. */
export const useKnowledgeOptions = (q: string) =>
  useQuery({
    ...aiSifuAdminQueries.knowledge({ kind: null, q }, { limit: RELATED_OPTIONS_LIMIT, offset: 0 }),
    select: (data) => data.entries,
    placeholderData: keepPreviousData,
  });

/** Entries by id (an edited entry's related entries, for their titles). */
export const useKnowledgeEntries = (ids: readonly string[]) =>
  useQueries({
    queries: ids.map((id) => aiSifuAdminQueries.entry(id)),
    combine: (results) => results.flatMap((result) => (result.data ? [result.data] : [])),
  });

/** A change to the knowledge moves its lists and entries: every knowledge read is refreshed. */
function useKnowledgeMutation<Variables, Result>(request: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiSifuAdminQueries.knowledgeAll }),
  });
}

export const useCreateKnowledge = () =>
  useKnowledgeMutation((input: KnowledgeInput) =>
    apiRequest('/admin/ai-sifu/knowledge', { method: 'POST', body: input, schema: KnowledgeResponse }),
  );

export const useUpdateKnowledge = () =>
  useKnowledgeMutation(({ id, input }: { id: string; input: KnowledgeInput }) =>
    apiRequest(knowledgePath(id), { method: 'PUT', body: input, schema: KnowledgeResponse }),
  );

export const useDeleteKnowledge = () =>
  // The answer's body says nothing the screen uses: any success is enough.
  useKnowledgeMutation((id: string) => apiRequest(knowledgePath(id), { method: 'DELETE' }));

/** Sends an export file's content back; entries with a known key replace theirs. */
export const useImportKnowledge = () =>
  useKnowledgeMutation((content: unknown) =>
    apiRequest('/admin/ai-sifu/knowledge/import', {
      method: 'POST',
      body: content,
      schema: KnowledgeImportResponse,
      // A large knowledge base takes a while to write.
      timeoutMs: 120_000,
    }),
  );

/** The whole knowledge base, as the import takes it back. */
export const fetchKnowledgeExport = () =>
  apiRequest('/admin/ai-sifu/knowledge/export', { schema: KnowledgeExportResponse, timeoutMs: 120_000 });
