import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Review } from '../../../common/reviews';
import { courseQueries } from '../courses';
import { reviewQueries } from './queries';
import { signInAs, makeUser, stubFetch, testQueryClient, TestProviders } from '../../test/render';
import { makeCourse, makeCourseDetail } from '../courses/admin/test-data';
import { useMarkHelpful, useMyReview } from './api';

const user = makeUser();
const COURSE_ID = '11111111-1111-4111-8111-111111111111';
const OTHER_COURSE_ID = '22222222-2222-4222-8222-222222222222';

const review = (overrides: Partial<Review> = {}): Review => ({
  id: '55555555-5555-4555-8555-555555555555',
  course_id: COURSE_ID,
  course_title: 'Zhan Zhuang',
  user_id: user.id,
  user_name: user.name,
  user_avatar: null,
  rating: 4,
  review_text: 'Calm and clear.',
  is_published: true,
  is_verified: false,
  helpful_count: 0,
  created_at: '2024-05-01T00:00:00.000Z',
  updated_at: '2024-05-01T00:00:00.000Z',
  ...overrides,
});

/** The server as it answers: the one-course call is a 404 when the user has not reviewed it. */
function serve(reviews: Review[]) {
  signInAs(user);
  return stubFetch({
    [`POST /api/verify/user/${user.id}`]: () => ({ body: { valid: true, user } }),
    [`GET /api/users/${user.id}/reviews`]: ({ query }) => {
      const offset = Number(query.get('offset') ?? 0);
      const limit = Number(query.get('limit') ?? 10);
      return { body: { reviews: reviews.slice(offset, offset + limit), total: reviews.length } };
    },
    [`GET /api/users/${user.id}/courses/${COURSE_ID}/review`]: () => {
      const mine = reviews.find((r) => r.course_id === COURSE_ID);
      return mine
        ? { body: { review: mine } }
        : { status: 404, body: { error: 'Review not found', code: 'REVIEW_NOT_FOUND' } };
    },
  });
}

const wrapper = ({ children }: { children: ReactNode }) => <TestProviders>{children}</TestProviders>;

afterEach(() => vi.restoreAllMocks());

describe('useMyReview', () => {
  it('is null, quietly, for a user who has not reviewed the course: no 404, no error logged', async () => {
    const { fetchMock } = serve([review({ course_id: OTHER_COURSE_ID })]);
    const consoleError = vi.spyOn(console, 'error');
    const { result } = renderHook(() => useMyReview(user.id, COURSE_ID, true), { wrapper });

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
    expect(result.current.isError).toBe(false);
    const statuses = await Promise.all(
      fetchMock.mock.results.map(async (call) => ((await call.value) as Response).status),
    );
    expect(statuses).not.toContain(404);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it("finds the user's review of the course past the first page of their reviews", async () => {
    const others = Array.from({ length: 100 }, (_, index) =>
      review({
        id: `33333333-3333-4333-8333-${String(index).padStart(12, '0')}`,
        course_id: `44444444-4444-4444-8444-${String(index).padStart(12, '0')}`,
      }),
    );
    serve([...others, review({ rating: 5 })]);
    const { result } = renderHook(() => useMyReview(user.id, COURSE_ID, true), { wrapper });

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toMatchObject({ course_id: COURSE_ID, rating: 5 });
  });
});

describe('useMarkHelpful', () => {
  it("refreshes the course's reviews and leaves the course lists and page alone", async () => {
    const queryClient = testQueryClient();
    const lists = courseQueries.list({ isSeries: false }).queryKey;
    const detail = courseQueries.detail(COURSE_ID).queryKey;
    const reviews = reviewQueries.list(COURSE_ID).queryKey;
    queryClient.setQueryData(lists, { courses: [makeCourse({ id: COURSE_ID })], total: 1 });
    queryClient.setQueryData(detail, makeCourseDetail({ id: COURSE_ID }));
    queryClient.setQueryData(reviews, {
      pages: [{ reviews: [{ ...review(), voted_helpful: false }], total: 1 }],
      pageParams: [0],
    });
    signInAs(user);
    stubFetch({
      [`POST /api/reviews/${review().id}/helpful`]: () => ({
        body: { helpful_count: 1, voted_helpful: true },
      }),
    });
    const { result } = renderHook(() => useMarkHelpful(COURSE_ID), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <TestProviders queryClient={queryClient}>{children}</TestProviders>
      ),
    });

    await act(() => result.current.mutateAsync(review().id));
    expect(queryClient.getQueryState(reviews)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(lists)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(detail)?.isInvalidated).toBe(false);
  });
});
