import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CHECK_IN_CODE_MESSAGE, type MemberClass } from '../../../common/classes';
import { makeUser, renderRoutes, signInAs, stubFetch } from '../../test/render';
import { MyClasses } from './my-classes';
import { CLASS_ID, klass } from './test-data';

const member = makeUser();
const enrolled: MemberClass = {
  class: klass,
  status: 'enrolled',
  enrolled_at: '2026-03-01T10:00:00.000Z',
  waitlist_position: null,
  offer_expires_at: null,
};
const waitlisted: MemberClass = {
  class: { ...klass, id: 'cf7a8b9c-0d1e-4f2a-8b3c-4d5e6f7a8b9c', class_name: 'Baguazhang Circle' },
  status: 'waitlisted',
  enrolled_at: null,
  waitlist_position: 3,
  offer_expires_at: null,
};

function server(classes: MemberClass[], extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    [`POST /api/verify/user/${member.id}`]: () => ({ body: { valid: true, user: member } }),
    [`GET /api/users/${member.id}/classes`]: () => ({ body: { classes } }),
    [`GET /api/users/${member.id}/attendance`]: () => ({
      body: {
        attended_this_month: 4,
        streak_weeks: 3,
        history: [
          {
            class_id: CLASS_ID,
            class_name: klass.class_name,
            date: '2026-03-02',
            start_time: '18:00',
            checked_in_at: '2026-03-03T02:00:00.000Z',
          },
        ],
        total: 1,
      },
    }),
    ...extra,
  });
}

function renderCard() {
  signInAs(member);
  return renderRoutes([{ path: '/', element: <MyClasses /> }], '/');
}

describe('MyClasses', () => {
  it('shows each class with its place and the attendance summary', async () => {
    server([enrolled, waitlisted]);
    renderCard();
    expect(await screen.findByText('Evening Taijiquan')).toBeTruthy();
    expect(screen.getByText('You are number 3 on the waitlist')).toBeTruthy();
    expect(await screen.findByText('Classes attended this month: 4')).toBeTruthy();
    expect(screen.getByText('Streak: 3 weeks')).toBeTruthy();
    // Only an enrolled class can be checked in to.
    expect(screen.getAllByRole('button', { name: /^Check in to/ })).toHaveLength(1);
  });

  it('links to the classes page when the member is in none', async () => {
    server([]);
    renderCard();
    const link = await screen.findByRole('link', { name: 'See the classes' });
    expect(link.getAttribute('href')).toBe('/classes');
  });

  it("checks in with the hall's code and shows the server's word when it is wrong", async () => {
    let right = false;
    const { calls } = server([enrolled], {
      [`POST /api/classes/${CLASS_ID}/check-in`]: () =>
        right
          ? {
              body: {
                success: true,
                message: 'You are checked in. Enjoy the class!',
                date: '2026-03-09',
                start_time: '18:00',
              },
            }
          : { status: 400, body: { error: CHECK_IN_CODE_MESSAGE, code: 'BAD_REQUEST' } },
    });
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Check in to Evening Taijiquan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check in: Evening Taijiquan' });
    const submit = within(dialog).getByRole('button', { name: 'Check in' });
    expect(submit).toHaveProperty('disabled', true);
    await user.keyboard('1234');
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    await user.click(submit);
    expect(await within(dialog).findByText(CHECK_IN_CODE_MESSAGE)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.path.endsWith('/check-in'))!.body).toEqual({
      code: '1234',
    });
    right = true;
    await user.click(submit);
    expect(await screen.findByText('You are checked in. Enjoy the class!')).toBeTruthy();
  });
});
