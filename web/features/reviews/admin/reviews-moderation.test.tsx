import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Review } from '../../../../common/reviews';
import { makeUser, renderRoutes, serverFailure, signInAs, stubFetch } from '../../../test/render';
import { ReviewsModeration } from './reviews-moderation';

const admin = makeUser({ is_admin: true, role: 'admin' });
const REVIEW_ID = '6dbf3e96-5172-4ecf-9041-9c0d1e2f3a45';
const review: Review = {
  id: REVIEW_ID,
  course_id: '2f7c9a52-1d3e-4a8b-9c0d-5e6f7a8b9c01',
  course_title: 'Santi Shi Basics',
  user_id: '5caf2d85-4061-4dbe-8f30-8b9c0d1e2f34',
  user_name: 'Daniel Okafor',
  user_avatar: null,
  rating: 4,
  review_text: 'Clear and patient.',
  is_published: true,
  is_verified: false,
  helpful_count: 0,
  created_at: '2026-01-02T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
};
type Routes = Parameters<typeof stubFetch>[0];

function server(extra: Routes = {}, reviews: Review[] = [review]) {
  return stubFetch({
    [`POST /api/verify/user/${admin.id}`]: () => ({ body: { valid: true, user: admin } }),
    'GET /api/admin/reviews': () => ({ body: { reviews, total: reviews.length } }),
    ...extra,
  });
}

function renderModeration() {
  signInAs(admin);
  return renderRoutes([{ path: '/', element: <ReviewsModeration /> }], '/');
}

describe('ReviewsModeration', () => {
  it("says 'No reviews found' when there are none", async () => {
    server({}, []);
    renderModeration();
    expect(await screen.findByText('No reviews found')).toBeTruthy();
  });

  it('asks for 3 reviews a page', async () => {
    const { calls } = server();
    renderModeration();
    await screen.findByRole('article', { name: 'Review by Daniel Okafor' });
    expect(calls.find((c) => c.path === '/api/admin/reviews')).toBeTruthy();
  });

  it('hides a review through Edit Review and says Review Updated', async () => {
    const { calls } = server({
      [`PUT /api/reviews/${REVIEW_ID}`]: () => ({ body: { review: { ...review, is_published: false } } }),
    });
    const { user } = renderModeration();
    const card = await screen.findByRole('article', { name: 'Review by Daniel Okafor' });
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Review' });
    await user.click(within(dialog).getByRole('switch', { name: 'Published' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Review' }));
    expect(await screen.findByText('Review Updated')).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        rating: 4,
        review_text: 'Clear and patient.',
        is_published: false,
      }),
    );
  });

  it("shows 'Update Failed' when the edit fails", async () => {
    server({ [`PUT /api/reviews/${REVIEW_ID}`]: () => serverFailure });
    const { user } = renderModeration();
    const card = await screen.findByRole('article', { name: 'Review by Daniel Okafor' });
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Review' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Review' }));
    const failed = await screen.findByRole('dialog', { name: 'Update Failed' });
    expect(within(failed).getByText('Failed to update review. Please try again.')).toBeTruthy();
  });

  it('confirms a delete and reports a failure', async () => {
    server({
      [`DELETE /api/reviews/${REVIEW_ID}`]: () => serverFailure,
    });
    const { user } = renderModeration();
    const card = await screen.findByRole('article', { name: 'Review by Daniel Okafor' });
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Review' });
    expect(within(dialog).getByText('This action cannot be undone.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const failed = await screen.findByRole('dialog', { name: 'Delete Failed' });
    expect(within(failed).getByText('Failed to delete review. Please try again.')).toBeTruthy();
  });

  it("says 'Review Deleted' after a delete", async () => {
    server({ [`DELETE /api/reviews/${REVIEW_ID}`]: () => ({ body: { success: true } }) });
    const { user } = renderModeration();
    const card = await screen.findByRole('article', { name: 'Review by Daniel Okafor' });
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Review' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Review Deleted')).toBeTruthy();
  });
});
