import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCourse } from '../../test/courses';
import { makeUser, noTermsNeeded, renderRoutes, signInAs, stubFetch } from '../../test/render';
import { createRoutes } from '../routes';

const first = makeCourse();
const second = makeCourse({ id: '11111111-1111-4111-8111-111111111112', title: 'Xingyi Five Elements' });

describe("the header's search in the shell", () => {
  it('highlights a course chosen from the header while the course list is already open', async () => {
    const member = makeUser();
    signInAs(member);
    stubFetch({
      [`POST /api/verify/user/${member.id}`]: () => ({ body: { valid: true, user: member } }),
      [`GET /api/user/${member.id}/terms-status`]: () => ({ body: noTermsNeeded }),
      'GET /api/courses': () => ({ body: { courses: [first, second], total: 2 } }),
      'GET /api/search': () => ({
        body: {
          results: [
            {
              type: 'course',
              id: second.id,
              title: second.title,
              description: 'The five fists of Xingyiquan.',
              url: `/app/courses?highlight=${second.id}`,
              course_id: second.id,
            },
          ],
          terms: [],
        },
      }),
    });
    // Each action's events arrive together, as a browser's do, so the combobox's chunk lands
    // between two actions and never inside one.
    const { router, user } = renderRoutes(createRoutes, '/app/courses', { delay: null });
    const card = await screen.findByRole('article', { name: second.title }, { timeout: 10_000 });
    expect(card.getAttribute('data-highlighted')).toBeNull();

    // As in a browser, the pointer reaches the box before it presses: the hover starts loading the
    // combobox (its own chunk), and the press lands on whichever of the two the box shows by then.
    await user.hover(screen.getByRole('searchbox', { name: 'Search' }));
    await user.click(
      screen.queryByRole('combobox', { name: 'Search' }) ?? screen.getByRole('searchbox', { name: 'Search' }),
    );
    const input = await screen.findByRole('combobox', { name: 'Search' }, { timeout: 10_000 });
    await waitFor(() => expect(document.activeElement).toBe(input));
    await user.keyboard('xingyi');
    await screen.findByRole('option', { name: /Xingyi Five Elements/ }, { timeout: 10_000 });
    await user.keyboard('{ArrowDown}{Enter}');

    await waitFor(() => expect(router.state.location.search).toBe(`?highlight=${second.id}`));
    await waitFor(
      () =>
        expect(screen.getByRole('article', { name: second.title }).getAttribute('data-highlighted')).toBe(
          'true',
        ),
      { timeout: 5000 },
    );
    // The list stayed mounted: the same card, not a new page.
    expect(screen.getByRole('article', { name: second.title })).toBe(card);
  }, 40_000);
});
