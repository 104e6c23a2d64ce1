import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, renderRoutes, signInAs, stubFetch } from '../../test/render';
import { PaymentFailedPage } from './payment-failed-page';
import { countDown, countdownUser, withCountdownTimers, COURSE_ID } from './test-data';

const routes = [
  { path: '/payment/failed', element: <PaymentFailedPage /> },
  { path: '/app/courses', element: <p>Course catalogue</p> },
];

const path = (reason: string | null, courseId: string | null = COURSE_ID) => {
  const query = new URLSearchParams();
  if (courseId !== null) query.set('course_id', courseId);
  if (reason !== null) query.set('reason', reason);
  return `/payment/failed?${query.toString()}`;
};

withCountdownTimers();

describe('PaymentFailedPage', () => {
  it.each([
    ['cancelled', 'Payment Cancelled', /You cancelled the payment/],
    ['failed', 'Payment Failed', /The payment did not go through/],
    ['declined', 'Card Declined', /Your bank declined the card\. No money was taken\./],
    ['insufficient_funds', 'Insufficient Funds', /does not have enough funds/],
    ['expired_card', 'Card Expired', /This card has expired/],
    ['invalid_card', 'Card Details Not Accepted', /could not be verified/],
    ['something_else', 'Payment Error', /Something went wrong with the payment/],
    [null, 'Payment Error', /Something went wrong with the payment/],
  ])('reason %s is titled %s', (reason, title, message) => {
    stubFetch({});
    renderRoutes(routes, path(reason));
    expect(screen.getByRole('heading', { name: title, level: 1 })).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
  });

  it('offers Try Again and the ways out for a refused card', () => {
    stubFetch({});
    renderRoutes(routes, path('declined'));
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Other Courses' }).getAttribute('href')).toBe(
      '/app/courses',
    );
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/app');
    expect(screen.getByRole('link', { name: 'Get Support' }).getAttribute('href')).toBe(
      `/contact?topic=payment&course_id=${COURSE_ID}&reason=declined`,
    );
  });

  it('hides Try Again after a cancel, and without a course', () => {
    stubFetch({});
    const { unmount } = renderRoutes(routes, path('cancelled'));
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Get Support' })).toBeTruthy();
    unmount();
    renderRoutes(routes, path('declined', null));
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
  });

  it('counts down and moves on to the courses after five seconds', async () => {
    stubFetch({});
    const { router } = renderRoutes(routes, path('declined'));
    expect(screen.getByText('Redirecting to the courses in 5…')).toBeTruthy();
    await countDown(1);
    expect(screen.getByText('Redirecting to the courses in 4…')).toBeTruthy();
    await countDown(3);
    expect(router.state.location.pathname).toBe('/payment/failed');
    await countDown(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/courses'));
    expect(screen.getByText('Course catalogue')).toBeTruthy();
  });

  it('stops the countdown and starts a new checkout on Try Again', async () => {
    const mei = makeUser();
    signInAs(mei);
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { calls } = stubFetch({
      [`POST /api/verify/user/${mei.id}`]: () => ({ body: { valid: true, user: mei } }),
      'POST /api/stripe/create-checkout': () => ({
        body: {
          url: 'https://checkout.stripe.com/c/pay/cs_test_2',
          session_id: 'cs_test_2',
          order_id: '55555555-5555-4555-8555-555555555555',
        },
      }),
    });
    const { router, user } = renderRoutes(routes, path('insufficient_funds'), countdownUser);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.queryByText(/Redirecting to the courses/)).toBeNull();

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_2'));
    expect(calls.find((call) => call.path === '/api/stripe/create-checkout')?.body).toMatchObject({
      course_id: COURSE_ID,
      mode: 'payment',
    });
    await countDown(6);
    expect(router.state.location.pathname).toBe('/payment/failed');
  });

  it('shows the token message when Try Again is pressed signed out', async () => {
    const { calls } = stubFetch({});
    const { user } = renderRoutes(routes, path('declined'), countdownUser);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No authentication token found')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/stripe/create-checkout')).toBe(false);
  });
});
