import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  RESOURCES_PAGE_SIZE,
  ResourceResponse,
  type ResourceInput,
  type ResourceType,
} from '../../../common/resources';
import { apiRequest } from '../../lib/api-client';
import { pageOf } from '../../lib/queries/paging';
import { resourceQueries, type AdminResourceFilters } from './queries';

const path = (id: string) => `/admin/resources/${encodeURIComponent(id)}`;

/** The Learning Resources page: five a page (zero-based `page`), of one type or all. */
export const useResources = (type: ResourceType | null, page: number) =>
  useQuery({
    ...resourceQueries.list(type, pageOf(page, RESOURCES_PAGE_SIZE)),
    placeholderData: keepPreviousData,
  });

/** One resource by its id (a card asked for by `#id` that is not on the page); counts a view. */
export const useResource = (resourceId: string | null) =>
  useQuery({ ...resourceQueries.detail(resourceId ?? ''), enabled: resourceId !== null });

/** Counts a view of a resource read on its card (Read More), once a visit. */
export function useCountView() {
  const queryClient = useQueryClient();
  return (resourceId: string) => {
    void queryClient.prefetchQuery(resourceQueries.detail(resourceId));
  };
}

/** Rows a page of the admin list shows. */
export const ADMIN_RESOURCES_PAGE_SIZE = 10;

export const useAdminResources = (filters: AdminResourceFilters, page: number) =>
  useQuery({
    ...resourceQueries.admin(filters, pageOf(page, ADMIN_RESOURCES_PAGE_SIZE)),
    placeholderData: keepPreviousData,
  });

export const useResourceStats = () => useQuery(resourceQueries.stats());

/** A change to one resource moves the admin's list and figures and the members' pages: every read is refreshed. */
function useResourceMutation<Variables, Result>(request: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceQueries.all }),
  });
}

export const useCreateResource = () =>
  useResourceMutation((input: ResourceInput) =>
    apiRequest('/admin/resources', { method: 'POST', body: input, schema: ResourceResponse }),
  );

export const useUpdateResource = () =>
  useResourceMutation(({ id, input }: { id: string; input: ResourceInput }) =>
    apiRequest(path(id), { method: 'PUT', body: input, schema: ResourceResponse }),
  );

export const useDeleteResource = () =>
  // The answer's body says nothing the screen uses: any success is enough.
  useResourceMutation((id: string) => apiRequest(path(id), { method: 'DELETE' }));
