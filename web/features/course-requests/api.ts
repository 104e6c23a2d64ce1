import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CourseRequestResponse,
  CourseRequestsResponse,
  type CourseRequestStatus,
  type CreateCourseRequestInput,
  type UpdateCourseRequestStatusInput,
} from '../../../common/course-requests';
import { apiRequest } from '../../lib/api-client';

/** The admin list shows this many requests a page. */
export const ADMIN_COURSE_REQUESTS_PAGE_SIZE = 10;

export const courseRequestKeys = {
  all: ['course-requests'] as const,
  admin: (status: CourseRequestStatus | null, page: number) =>
    ['course-requests', 'admin', status ?? 'all', page] as const,
};

/** One page of the admin list; the call is cancelled when the page is left or changed. */
export function adminCourseRequestsQuery(status: CourseRequestStatus | null, page: number) {
  return queryOptions({
    queryKey: courseRequestKeys.admin(status, page),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        limit: String(ADMIN_COURSE_REQUESTS_PAGE_SIZE),
        offset: String(page * ADMIN_COURSE_REQUESTS_PAGE_SIZE),
        ...(status ? { status } : {}),
      });
      return apiRequest(`/admin/course-requests?${query}`, { schema: CourseRequestsResponse, signal });
    },
  });
}

export function useAdminCourseRequests(status: CourseRequestStatus | null, page: number) {
  return useQuery({ ...adminCourseRequestsQuery(status, page), placeholderData: keepPreviousData });
}

export function useUpdateCourseRequestStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, input }: { requestId: string; input: UpdateCourseRequestStatusInput }) =>
      apiRequest(`/admin/course-requests/${encodeURIComponent(requestId)}/status`, {
        method: 'PUT',
        body: input,
        schema: CourseRequestResponse,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseRequestKeys.all }),
  });
}

export function useCreateCourseRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCourseRequestInput) =>
      apiRequest('/course-requests', { method: 'POST', body: input, schema: CourseRequestResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseRequestKeys.all }),
  });
}
