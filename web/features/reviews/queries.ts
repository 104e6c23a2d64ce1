import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  CourseReviewsResponse,
  RatingSummary,
  REVIEWS_DEFAULT_LIMIT,
  REVIEWS_MAX_LIMIT,
  ReviewsResponse,
  type Review,
} from '../../../common/reviews';
import { apiRequest } from '../../lib/api-client';
import { pageQuery, type PageParams } from '../../lib/queries/paging';

const enc = encodeURIComponent;

/**
 * A user's review of a course, looked up in the list of their reviews (one a course). The
 * single-review call answers 404 when there is none, and the browser reports every 404 in the
 * console whatever the page does with it: most course pages are opened by someone with no review.
 */
async function findUserReview(userId: string, courseId: string, signal: AbortSignal): Promise<Review | null> {
  for (let offset = 0; ; offset += REVIEWS_MAX_LIMIT) {
    const url = `/users/${enc(userId)}/reviews?limit=${REVIEWS_MAX_LIMIT}&offset=${offset}`;
    const page = await apiRequest(url, { schema: ReviewsResponse, signal });
    const review = page.reviews.find((candidate) => candidate.course_id === courseId);
    if (review) return review;
    if (page.reviews.length === 0 || offset + page.reviews.length >= page.total) return null;
  }
}

export const reviewQueries = {
  all: ['reviews'] as const,
  /** Everything cached about one course's reviews: its list, summary and the users' own reviews. */
  ofCourse: (courseId: string) => ['reviews', 'course', { courseId }] as const,

  summary: (courseId: string) =>
    queryOptions({
      queryKey: ['reviews', 'course', { courseId }, 'summary'] as const,
      queryFn: ({ signal }) =>
        apiRequest(`/courses/${enc(courseId)}/rating-summary`, { schema: RatingSummary, signal }),
    }),

  /** A course's reviews, newest first, a page at a time: the next page starts after the rows loaded. */
  list: (courseId: string) =>
    infiniteQueryOptions({
      queryKey: ['reviews', 'course', { courseId }, 'list'] as const,
      initialPageParam: 0,
      queryFn: ({ pageParam, signal }) =>
        apiRequest(`/courses/${enc(courseId)}/reviews?limit=${REVIEWS_DEFAULT_LIMIT}&offset=${pageParam}`, {
          schema: CourseReviewsResponse,
          signal,
        }),
      getNextPageParam: (last, pages) => {
        const loaded = pages.reduce((sum, page) => sum + page.reviews.length, 0);
        return last.reviews.length > 0 && loaded < last.total ? loaded : undefined;
      },
    }),

  /** A user's review of the course, or null: the student's own, or one the admin looks at. */
  byUser: (userId: string, courseId: string) =>
    queryOptions({
      queryKey: ['reviews', 'course', { courseId }, 'by-user', { userId }] as const,
      queryFn: ({ signal }) => findUserReview(userId, courseId, signal),
    }),

  /** Every review of every course, newest first, for moderation. */
  moderation: (page: PageParams) =>
    queryOptions({
      queryKey: ['reviews', 'moderation', page] as const,
      queryFn: ({ signal }) =>
        apiRequest(`/admin/reviews?${pageQuery(page)}`, { schema: ReviewsResponse, signal }),
    }),
};
