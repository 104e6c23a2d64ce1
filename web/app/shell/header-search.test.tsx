import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCourse } from '../../features/courses/test-data';
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
    const { router, user } = renderRoutes(createRoutes, '/app/courses');
    const card = await screen.findByRole('article', { name: second.title }, { timeout: 10_000 });
    expect(card.getAttribute('data-highlighted')).toBeNull();

    await user.click(screen.getByRole('searchbox', { name: 'Search' }));
    // The combobox is its own chunk, loaded on this first focus.
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
