import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CourseRequestResponse,
  type CourseRequestStatus,
  type CreateCourseRequestInput,
  type UpdateCourseRequestStatusInput,
} from '../../../common/course-requests';
import { apiRequest } from '../../lib/api-client';
import { pageOf } from '../../lib/queries/paging';
import { courseRequestQueries } from './queries';

/** The admin list shows this many requests a page. */
export const ADMIN_COURSE_REQUESTS_PAGE_SIZE = 10;

/** One page of the admin list; the call is cancelled when the page is left or changed. */
export function useAdminCourseRequests(status: CourseRequestStatus | null, page: number) {
  return useQuery({
    ...courseRequestQueries.admin(status, pageOf(page, ADMIN_COURSE_REQUESTS_PAGE_SIZE)),
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseRequestQueries.all }),
  });
}

export function useCreateCourseRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCourseRequestInput) =>
      apiRequest('/course-requests', { method: 'POST', body: input, schema: CourseRequestResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseRequestQueries.all }),
  });
}
