import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CleanCacheResponse,
  KnowledgeExportResponse,
  KnowledgeImportResponse,
  KnowledgeResponse,
  type KnowledgeInput,
} from '../../../common/ai-sifu';
import { apiRequest } from '../../lib/api-client';
import { pageOf } from '../../lib/queries/paging';
import { aiSifuAdminQueries, knowledgePath, type KnowledgeFilters } from './queries';

/** Rows a page of the Knowledge screen shows. */
export const KNOWLEDGE_PAGE_SIZE = 20;
/** Options the related-entries picker offers for what is typed in it. */
const RELATED_OPTIONS_LIMIT = 30;

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
