import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export function useAdminCourseRequests(status: CourseRequestStatus | null, page: number) {
  const query = new URLSearchParams({
    limit: String(ADMIN_COURSE_REQUESTS_PAGE_SIZE),
    offset: String(page * ADMIN_COURSE_REQUESTS_PAGE_SIZE),
    ...(status ? { status } : {}),
  });
  return useQuery({
    queryKey: courseRequestKeys.admin(status, page),
    queryFn: () => apiRequest(`/admin/course-requests?${query}`, { schema: CourseRequestsResponse }),
    placeholderData: keepPreviousData,
  });
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
