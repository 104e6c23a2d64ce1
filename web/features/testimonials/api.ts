import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OkResponse } from '../../../common/api';
import {
  TestimonialResponse,
  type AdminTestimonialInput,
  type TestimonialFilter,
  type UpdateTestimonialInput,
} from '../../../common/testimonials';
import { apiRequest } from '../../lib/api-client';
import { pageOf } from '../../lib/queries/paging';
import { testimonialQueries } from './queries';

/** The testimonials modal lists this many a page. */
export const ADMIN_TESTIMONIALS_PAGE_SIZE = 5;

const path = (id: string, action = '') => `/admin/testimonials/${encodeURIComponent(id)}${action}`;

export function useAdminTestimonials(status: TestimonialFilter, page: number) {
  return useQuery({
    ...testimonialQueries.list(status, pageOf(page, ADMIN_TESTIMONIALS_PAGE_SIZE)),
    placeholderData: keepPreviousData,
  });
}

export const useTestimonialStats = () => useQuery(testimonialQueries.stats());

/**
 * A change to one testimonial moves the admin's lists and counts, and the public lists when it is
 * (or was) approved: every testimonial read is refreshed.
 */
function useTestimonialMutation<Variables>(request: (variables: Variables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testimonialQueries.all }),
  });
}

export const useCreateTestimonial = () =>
  useTestimonialMutation((input: AdminTestimonialInput) =>
    apiRequest('/admin/testimonials', { method: 'POST', body: input, schema: TestimonialResponse }),
  );

export const useUpdateTestimonial = () =>
  useTestimonialMutation(({ id, input }: { id: string; input: UpdateTestimonialInput }) =>
    apiRequest(path(id), { method: 'PUT', body: input, schema: TestimonialResponse }),
  );

export const useApproveTestimonial = () =>
  useTestimonialMutation((id: string) =>
    apiRequest(path(id, '/approve'), { method: 'PUT', schema: TestimonialResponse }),
  );

export const useRejectTestimonial = () =>
  useTestimonialMutation((id: string) =>
    apiRequest(path(id, '/reject'), { method: 'PUT', schema: TestimonialResponse }),
  );

export const useToggleFeatured = () =>
  useTestimonialMutation((id: string) =>
    apiRequest(path(id, '/featured'), { method: 'PUT', schema: TestimonialResponse }),
  );

export const useDeleteTestimonial = () =>
  useTestimonialMutation((id: string) => apiRequest(path(id), { method: 'DELETE', schema: OkResponse }));
