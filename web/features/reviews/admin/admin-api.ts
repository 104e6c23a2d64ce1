import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OkResponse } from '../../../../common/api';
import { ReviewResponse, type UpdateReviewInput } from '../../../../common/reviews';
import { apiRequest } from '../../../lib/api-client';
import { pageOf } from '../../../lib/queries/paging';
import { courseQueries } from '../../courses';
import { reviewQueries } from '../queries';

/** 'All Feedback Reviews' shows 3 reviews a page. */
export const ADMIN_REVIEWS_PAGE_SIZE = 3;

export function useAdminReviews(page: number) {
  return useQuery({
    ...reviewQueries.moderation(pageOf(page, ADMIN_REVIEWS_PAGE_SIZE)),
    placeholderData: keepPreviousData,
  });
}

/** Reviews feed the courses' ratings too, so both caches refresh. */
function useInvalidateReviews() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: reviewQueries.all }),
      queryClient.invalidateQueries({ queryKey: courseQueries.all }),
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
