import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, noTermsNeeded, renderRoutes, signInAs, stubFetch } from '../test/render';
import { createRoutes } from './routes';

// One page that fails while rendering, as a bug in one screen would.
vi.mock('../features/courses/course-list-page', () => ({
  CoursesPage: () => {
    throw new Error('the course list broke');
  },
  SeriesPage: () => null,
}));

describe('a page that fails', () => {
  it('shows its error inside the app shell, so the sidebar and header stay usable', async () => {
    const user = makeUser();
    signInAs(user);
    stubFetch({
      [`POST /api/verify/user/${user.id}`]: () => ({ body: { valid: true, user } }),
      [`GET /api/user/${user.id}/terms-status`]: () => ({ body: noTermsNeeded }),
      // The route's loader starts reading the list while the page's code loads.
      'GET /api/courses': () => ({ body: { courses: [], total: 0 } }),
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes(createRoutes, '/app/courses');

    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Mei Chen/ })).toBeTruthy();
    expect(logged).toHaveBeenCalled();
  });
});
