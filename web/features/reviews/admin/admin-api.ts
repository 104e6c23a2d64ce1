import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OkResponse } from '../../../../common/api';
import { ReviewResponse, ReviewsResponse, type UpdateReviewInput } from '../../../../common/reviews';
import { apiRequest } from '../../../lib/api-client';

/** 'All Feedback Reviews' shows 3 reviews a page (spec 3 §9). */
export const ADMIN_REVIEWS_PAGE_SIZE = 3;

export const adminReviewKeys = {
  all: ['reviews'] as const,
  page: (page: number) => ['reviews', 'admin', page] as const,
};

export function useAdminReviews(page: number) {
  return useQuery({
    queryKey: adminReviewKeys.page(page),
    queryFn: () =>
      apiRequest(`/admin/reviews?limit=${ADMIN_REVIEWS_PAGE_SIZE}&offset=${page * ADMIN_REVIEWS_PAGE_SIZE}`, {
        schema: ReviewsResponse,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Reviews feed the courses' ratings too, so both caches refresh. */
function useInvalidateReviews() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminReviewKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['courses'] }),
    ]);
}

export function useModerateReview() {
  const invalidate = useInvalidateReviews();
  return useMutation({
    mutationFn: ({ reviewId, input }: { reviewId: string; input: UpdateReviewInput }) =>
      apiRequest(`/reviews/${encodeURIComponent(reviewId)}`, {
        method: 'PUT',
        body: input,
        schema: ReviewResponse,
      }),
    onSuccess: invalidate,
  });
}

export function useRemoveReview() {
  const invalidate = useInvalidateReviews();
  return useMutation({
    mutationFn: (reviewId: string) =>
      apiRequest(`/reviews/${encodeURIComponent(reviewId)}`, { method: 'DELETE', schema: OkResponse }),
    onSuccess: invalidate,
  });
}
