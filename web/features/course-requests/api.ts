import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CourseRequestResponse,
  CourseRequestsResponse,
  type CourseRequestStatus,
  type CreateCourseRequestInput,
  type UpdateCourseRequestStatusInput,
} from '../../../common/course-requests';
import { apiRequest } from '../../lib/api-client';

export const courseRequestKeys = {
  all: ['course-requests'] as const,
  admin: (status: CourseRequestStatus | null) => ['course-requests', 'admin', status ?? 'all'] as const,
};

export function useAdminCourseRequests(status: CourseRequestStatus | null) {
  return useQuery({
    queryKey: courseRequestKeys.admin(status),
    queryFn: () =>
      apiRequest(`/admin/course-requests${status ? `?status=${status}` : ''}`, {
        schema: CourseRequestsResponse,
      }),
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
