import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OkResponse } from '../../../common/api';
import {
  HelpfulResponse,
  ReviewResponse,
  type CreateReviewInput,
  type UpdateReviewInput,
} from '../../../common/reviews';
import { apiRequest } from '../../lib/api-client';
import { courseQueries } from '../courses';
import { reviewQueries } from './queries';

const enc = encodeURIComponent;

export function useRatingSummary(courseId: string) {
  return useQuery(reviewQueries.summary(courseId));
}

export function useCourseReviews(courseId: string) {
  return useInfiniteQuery(reviewQueries.list(courseId));
}

/** The caller's own review of the course, or null when they have not written one. */
export function useMyReview(userId: string, courseId: string, enabled: boolean) {
  return useQuery({ ...reviewQueries.byUser(userId, courseId), enabled });
}

/** A review written, changed or removed: the course's reviews, its page and the lists show its rating. */
function useInvalidateCourseReviews(courseId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: reviewQueries.ofCourse(courseId) });
    void queryClient.invalidateQueries({ queryKey: courseQueries.detail(courseId).queryKey });
    void queryClient.invalidateQueries({ queryKey: courseQueries.lists });
  };
}

export function useCreateReview(courseId: string) {
  const invalidate = useInvalidateCourseReviews(courseId);
  return useMutation({
    mutationFn: (input: CreateReviewInput) =>
      apiRequest('/reviews', { method: 'POST', body: input, schema: ReviewResponse }),
    onSuccess: invalidate,
  });
}

export function useUpdateReview(courseId: string) {
  const invalidate = useInvalidateCourseReviews(courseId);
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateReviewInput }) =>
      apiRequest(`/reviews/${enc(id)}`, { method: 'PUT', body: input, schema: ReviewResponse }),
    onSuccess: invalidate,
  });
}

export function useDeleteReview(courseId: string) {
  const invalidate = useInvalidateCourseReviews(courseId);
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/reviews/${enc(id)}`, { method: 'DELETE', schema: OkResponse }),
    onSuccess: invalidate,
  });
}

/** A helpful mark changes the one review's count: only the course's review list refreshes. */
export function useMarkHelpful(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/reviews/${enc(id)}/helpful`, { method: 'POST', body: {}, schema: HelpfulResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewQueries.list(courseId).queryKey }),
  });
}
