import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OkResponse } from '../../../common/api';
import {
  CourseReviewsResponse,
  HelpfulResponse,
  RatingSummary,
  REVIEWS_DEFAULT_LIMIT,
  REVIEWS_MAX_LIMIT,
  ReviewResponse,
  ReviewsResponse,
  type Review,
  type CreateReviewInput,
  type UpdateReviewInput,
} from '../../../common/reviews';
import { apiRequest } from '../../lib/api-client';

const enc = encodeURIComponent;

export const reviewKeys = {
  course: (courseId: string) => ['reviews', 'course', courseId] as const,
  list: (courseId: string) => ['reviews', 'course', courseId, 'list'] as const,
  summary: (courseId: string) => ['reviews', 'course', courseId, 'summary'] as const,
  mine: (userId: string, courseId: string) => ['reviews', 'course', courseId, 'mine', userId] as const,
};

export function useRatingSummary(courseId: string) {
  return useQuery({
    queryKey: reviewKeys.summary(courseId),
    queryFn: () => apiRequest(`/courses/${enc(courseId)}/rating-summary`, { schema: RatingSummary }),
  });
}

/** A course's reviews, newest first, a page at a time: the next page starts after the rows loaded. */
export function useCourseReviews(courseId: string) {
  return useInfiniteQuery({
    queryKey: reviewKeys.list(courseId),
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      apiRequest(`/courses/${enc(courseId)}/reviews?limit=${REVIEWS_DEFAULT_LIMIT}&offset=${pageParam}`, {
        schema: CourseReviewsResponse,
      }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.reviews.length, 0);
      return last.reviews.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });
}

/**
 * The user's review of the course, looked up in the list of their reviews (one a course). The
 * single-review call answers 404 when there is none, and the browser reports every 404 in the
 * console whatever the page does with it: most course pages are opened by someone with no review.
 */
async function findUserReview(userId: string, courseId: string): Promise<Review | null> {
  for (let offset = 0; ; offset += REVIEWS_MAX_LIMIT) {
    const url = `/users/${enc(userId)}/reviews?limit=${REVIEWS_MAX_LIMIT}&offset=${offset}`;
    const page = await apiRequest(url, { schema: ReviewsResponse });
    const review = page.reviews.find((candidate) => candidate.course_id === courseId);
    if (review) return review;
    if (page.reviews.length === 0 || offset + page.reviews.length >= page.total) return null;
  }
}

/** The caller's own review of the course, or null when they have not written one. */
export function useMyReview(userId: string, courseId: string, enabled: boolean) {
  return useQuery({
    queryKey: reviewKeys.mine(userId, courseId),
    enabled,
    queryFn: () => findUserReview(userId, courseId),
  });
}

function useInvalidateCourseReviews(courseId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: reviewKeys.course(courseId) });
    // Course cards and pages show the average rating and review count.
    void queryClient.invalidateQueries({ queryKey: ['courses'] });
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

export function useMarkHelpful(courseId: string) {
  const invalidate = useInvalidateCourseReviews(courseId);
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/reviews/${enc(id)}/helpful`, { method: 'POST', body: {}, schema: HelpfulResponse }),
    onSuccess: invalidate,
  });
}
