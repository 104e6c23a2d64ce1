import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CourseReview } from '../../../common/reviews';
import type { User } from '../../../common/users';
import { ApiRequestError } from '../../lib/api-client';
import { makeUser, renderRoutes, serverFailure, signInAs, stubFetch } from '../../test/render';
import { CourseReviews } from './course-reviews';

const COURSE_ID = '11111111-1111-4111-8111-111111111111';
const summary = {
  average_rating: 4,
  total_reviews: 1,
  one_star: 0,
  two_star: 0,
  three_star: 0,
  four_star: 1,
  five_star: 0,
};
const review = (overrides: Partial<CourseReview> = {}): CourseReview => ({
  id: '55555555-5555-4555-8555-555555555555',
  course_id: COURSE_ID,
  course_title: 'Zhan Zhuang',
  user_id: '66666666-6666-4666-8666-666666666666',
  user_name: 'Daniel',
  user_avatar: null,
  rating: 4,
  review_text: 'Calm and clear.',
  is_published: true,
  is_verified: true,
  helpful_count: 2,
  voted_helpful: false,
  created_at: '2024-05-01T00:00:00.000Z',
  updated_at: '2024-05-01T00:00:00.000Z',
  ...overrides,
});

const routes = [
  { path: '/c', element: <CourseReviews courseId={COURSE_ID} courseTitle="Zhan Zhuang" canReview /> },
];

function serve(user: User, extra: Parameters<typeof stubFetch>[0] = {}) {
  signInAs(user);
  return stubFetch({
    [`POST /api/verify/user/${user.id}`]: () => ({ body: { valid: true, user } }),
    [`GET /api/courses/${COURSE_ID}/rating-summary`]: () => ({ body: summary }),
    [`GET /api/courses/${COURSE_ID}/reviews`]: () => ({ body: { reviews: [review()], total: 1 } }),
    [`GET /api/users/${user.id}/reviews`]: () => ({ body: { reviews: [], total: 0 } }),
    ...extra,
  });
}

describe('CourseReviews', () => {
  it('lists reviews with the summary, Verified Purchase and a helpful button', async () => {
    const student = makeUser();
    const { calls } = serve(student, {
      [`POST /api/reviews/${review().id}/helpful`]: () => ({
        body: { helpful_count: 3, voted_helpful: true },
      }),
    });
    const { user } = renderRoutes(routes, '/c');
    const list = await screen.findByRole('list', { name: 'Reviews' });
    expect(within(list).getByText('Calm and clear.')).toBeTruthy();
    expect(within(list).getByText('Verified Purchase')).toBeTruthy();
    expect(screen.getByText('4.0')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Helpful (2)' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/helpful'))).toBe(true));
  });

  it('shows the load failure with Try Again', async () => {
    let fail = true;
    serve(makeUser(), {
      [`GET /api/courses/${COURSE_ID}/reviews`]: () =>
        fail ? serverFailure : { body: { reviews: [review()], total: 1 } },
    });
    const { user } = renderRoutes(routes, '/c');
    expect(await screen.findByText('Failed to load reviews. Please try again.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Calm and clear.')).toBeTruthy();
  });

  it('loads more reviews a page at a time until every review is shown', async () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      review({
        id: `55555555-5555-4555-8555-${String(i).padStart(12, '0')}`,
        review_text: `Review ${i + 1}`,
      }),
    );
    // The second page fails on the first try and both retries the query client makes by itself.
    let failures = 3;
    const { calls } = serve(makeUser(), {
      [`GET /api/courses/${COURSE_ID}/reviews`]: ({ query }) => {
        const offset = Number(query.get('offset'));
        if (offset > 0 && failures > 0) {
          failures -= 1;
          return serverFailure;
        }
        return {
          body: { reviews: many.slice(offset, offset + Number(query.get('limit'))), total: many.length },
        };
      },
    });
    const { user } = renderRoutes(routes, '/c');
    const list = await screen.findByRole('list', { name: 'Reviews' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Load More Reviews' }));
    // A failed page keeps the reviews shown and offers to try again.
    expect(await screen.findByText('Failed to load reviews. Please try again.')).toBeTruthy();
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await within(list).findByText('Review 25')).toBeTruthy();
    expect(within(list).getAllByRole('listitem')).toHaveLength(25);
    expect(screen.queryByRole('button', { name: 'Load More Reviews' })).toBeNull();
    const offsets = calls
      .filter((c) => c.path === `/api/courses/${COURSE_ID}/reviews`)
      .map((c) => c.query.get('offset'));
    expect(offsets).toEqual(['0', '20', '20', '20', '20']);
  });

  it('says there are no reviews yet when the course has none', async () => {
    serve(makeUser(), {
      [`GET /api/courses/${COURSE_ID}/reviews`]: () => ({ body: { reviews: [], total: 0 } }),
    });
    renderRoutes(routes, '/c');
    expect(await screen.findByText('No reviews yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load More Reviews' })).toBeNull();
  });

  it('says "No reviews yet" once, without an empty 0.0 summary', async () => {
    serve(makeUser(), {
      [`GET /api/courses/${COURSE_ID}/rating-summary`]: () => ({
        body: { ...summary, average_rating: 0, total_reviews: 0, four_star: 0 },
      }),
      [`GET /api/courses/${COURSE_ID}/reviews`]: () => ({ body: { reviews: [], total: 0 } }),
    });
    renderRoutes(routes, '/c');
    expect(await screen.findAllByText('No reviews yet')).toHaveLength(1);
    expect(screen.queryByText('0.0')).toBeNull();
    expect(screen.queryByText(/0 reviews/)).toBeNull();
  });

  it('shows only the error when the reviews fail to load, not a summary of zero reviews', async () => {
    const { calls } = serve(makeUser(), {
      [`GET /api/courses/${COURSE_ID}/rating-summary`]: () => ({
        body: { ...summary, average_rating: 0, total_reviews: 0, four_star: 0 },
      }),
      [`GET /api/courses/${COURSE_ID}/reviews`]: () => serverFailure,
    });
    renderRoutes(routes, '/c');
    expect(await screen.findByText('Failed to load reviews. Please try again.')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/rating-summary'))).toBe(true));
    expect(screen.queryByText('0.0')).toBeNull();
    expect(screen.queryByText(/\b0 reviews/)).toBeNull();
    expect(screen.queryByText('No reviews yet')).toBeNull();
  });

  it('requires a rating, counts characters and keeps the modal open on failure', async () => {
    const student = makeUser();
    serve(student, { 'POST /api/reviews': () => serverFailure });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderRoutes(routes, '/c');
    await user.click(await screen.findByRole('button', { name: 'Write a Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rate This Course' });
    const submit = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Submit Review' });
    expect(submit.getAttribute('aria-disabled')).toBe('true');
    expect(within(dialog).queryByText('Please select a rating')).toBeNull();
    // Chosen from the keyboard: the radio itself is hidden under its star, whose label takes clicks.
    within(dialog).getByRole('radio', { name: '4 stars' }).focus();
    await user.keyboard(' ');
    await user.type(within(dialog).getByLabelText('Your review (optional)'), 'Great');
    expect(within(dialog).getByText('5/2000')).toBeTruthy();
    expect(submit.getAttribute('aria-disabled')).toBeNull();
    await user.click(submit);
    expect(await within(dialog).findByText('Failed to update rating. Please try again.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Rate This Course' })).toBeTruthy();
    expect(consoleError).toHaveBeenCalledWith('Review submit failed', expect.any(ApiRequestError));
  });

  it('lets the author edit and delete their review after confirming', async () => {
    const student = makeUser();
    const mine = review({ user_id: student.id, user_name: student.name });
    const { calls } = serve(student, {
      [`GET /api/users/${student.id}/reviews`]: () => ({ body: { reviews: [mine], total: 1 } }),
      [`GET /api/courses/${COURSE_ID}/reviews`]: () => ({
        body: { reviews: [{ ...mine, voted_helpful: false }], total: 1 },
      }),
      [`DELETE /api/reviews/${mine.id}`]: () => ({ body: { success: true } }),
    });
    const { user } = renderRoutes(routes, '/c');
    expect(await screen.findByRole('button', { name: 'Edit Your Review' })).toBeTruthy();
    // Nobody marks their own review helpful.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Helpful (2)' }).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Delete Your Review' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete your review?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });
});
