import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CHECKOUT_NOT_FOUND_MESSAGE, type Order } from '../../../common/payments';
import { makeUser, renderRoutes, serverFailure, signInAs, stubFetch, Where } from '../../test/render';
import { PaymentSuccessPage, VERIFY_MAX_ATTEMPTS } from './payment-success-page';
import { advance, countDown, countdownUser, withCountdownTimers, COURSE_ID, makeOrder } from './test-data';

const routes = [
  { path: '/payment/success', element: <PaymentSuccessPage /> },
  { path: '/app/*', element: <Where /> },
];

const mei = makeUser();
const path = (query = `session_id=cs_test_123&course_id=${COURSE_ID}`) => `/payment/success?${query}`;

type Answer = { status?: number; body?: unknown };

/** The server: verify-payment answers in turn from `answers` (the last one repeats). */
function serve(answers: Answer[]) {
  let index = 0;
  return stubFetch({
    [`POST /api/verify/user/${mei.id}`]: () => ({ body: { valid: true, user: mei } }),
    [`GET /api/user/${mei.id}/profile`]: () => ({ body: mei }),
    'POST /api/stripe/verify-payment': () => answers[Math.min(index++, answers.length - 1)]!,
  });
}

const verified = (order: Partial<Order> = {}): Answer => {
  const full = makeOrder(order);
  return {
    body: {
      success: full.status === 'paid',
      status: full.status,
      enrolled: full.status === 'paid',
      order: full,
    },
  };
};

const verifyCalls = <T extends { path: string }>(calls: T[]) =>
  calls.filter((call) => call.path === '/api/stripe/verify-payment');

withCountdownTimers();

describe('PaymentSuccessPage', () => {
  it('verifies after one second, refreshes the user and counts down to the course', async () => {
    signInAs(mei);
    const { calls } = serve([verified()]);
    const { router } = renderRoutes(routes, path());

    expect(screen.getByRole('heading', { name: 'Verifying your payment…', level: 1 })).toBeTruthy();
    expect(verifyCalls(calls)).toHaveLength(0);
    await advance(900);
    expect(verifyCalls(calls)).toHaveLength(0);
    await advance(100);
    await waitFor(() => expect(verifyCalls(calls)).toHaveLength(1));
    expect(verifyCalls(calls)[0]!.body).toEqual({ session_id: 'cs_test_123', course_id: COURSE_ID });

    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
    expect(screen.getByText('Xingyi Five Elements')).toBeTruthy();
    expect(screen.getByText(/\$89\.00 paid/)).toBeTruthy();
    expect(screen.getByText('Redirecting to your course in 5…')).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.path === `/api/user/${mei.id}/profile`)).toBe(true));
    expect(screen.getByRole('link', { name: 'Go to Course' }).getAttribute('href')).toBe(
      `/app/course/${COURSE_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/app');

    await advance(1000);
    expect(screen.getByText('Redirecting to your course in 4…')).toBeTruthy();
    await countDown(4);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/course/${COURSE_ID}`));
  });

  it('goes to the courses when the order no longer has a course', async () => {
    signInAs(mei);
    serve([verified({ course_id: null })]);
    const { router } = renderRoutes(routes, path());
    await advance(1000);
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Courses' }).getAttribute('href')).toBe('/app/courses');
    await countDown(5);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/courses'));
  });

  it('stays on the page when asked to', async () => {
    signInAs(mei);
    serve([verified()]);
    const { router, user } = renderRoutes(routes, path(), countdownUser);
    await advance(1000);
    await user.click(await screen.findByRole('button', { name: 'Stay on this page' }));
    await countDown(6);
    expect(router.state.location.pathname).toBe('/payment/success');
    expect(screen.queryByText(/Redirecting/)).toBeNull();
  });

  it('asks again while the payment is pending, then succeeds', async () => {
    signInAs(mei);
    const { calls } = serve([verified({ status: 'pending', paid_at: null }), verified()]);
    renderRoutes(routes, path());
    await advance(1000);
    await waitFor(() => expect(verifyCalls(calls)).toHaveLength(1));
    expect(screen.getByRole('heading', { name: 'Verifying your payment…' })).toBeTruthy();
    await advance(2000);
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
    expect(verifyCalls(calls)).toHaveLength(2);
  });

  it('says the payment is still processing after the last try, and can check again', async () => {
    signInAs(mei);
    const { calls } = serve([verified({ status: 'pending', paid_at: null })]);
    const { user } = renderRoutes(routes, path(), countdownUser);
    await advance(1000);
    for (let attempt = 1; attempt < VERIFY_MAX_ATTEMPTS; attempt += 1) {
      await waitFor(() => expect(verifyCalls(calls)).toHaveLength(attempt));
      await advance(2000);
    }
    expect(await screen.findByRole('heading', { name: 'Your payment is still processing' })).toBeTruthy();
    expect(verifyCalls(calls)).toHaveLength(VERIFY_MAX_ATTEMPTS);
    expect(screen.getByRole('link', { name: 'Go to the course page' }).getAttribute('href')).toBe(
      `/app/course/${COURSE_ID}`,
    );

    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(screen.getByRole('heading', { name: 'Verifying your payment…' })).toBeTruthy();
    await advance(1000);
    await waitFor(() => expect(verifyCalls(calls)).toHaveLength(VERIFY_MAX_ATTEMPTS + 1));
  });

  it('explains a refused card and starts a new checkout on Try Again', async () => {
    signInAs(mei);
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { calls } = stubFetch({
      'POST /api/stripe/verify-payment': () =>
        verified({ status: 'failed', failure_reason: 'declined', paid_at: null }),
      'POST /api/stripe/create-checkout': () => ({
        body: { url: '/payment/checkout/cs_test_456', session_id: 'cs_test_456', order_id: makeOrder().id },
      }),
    });
    const { user } = renderRoutes(routes, path(), countdownUser);
    await advance(1000);
    expect(await screen.findByRole('heading', { name: 'Card Declined' })).toBeTruthy();
    expect(screen.getByText(/Your bank declined the card/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Courses' }).getAttribute('href')).toBe('/app/courses');

    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/payment/checkout/cs_test_456'));
    const started = calls.find((call) => call.path === '/api/stripe/create-checkout');
    expect(started?.body).toMatchObject({ course_id: COURSE_ID, mode: 'payment' });
  });

  it('explains an expired checkout', async () => {
    signInAs(mei);
    serve([verified({ status: 'expired', paid_at: null })]);
    renderRoutes(routes, path());
    await advance(1000);
    expect(await screen.findByRole('heading', { name: 'Checkout Expired' })).toBeTruthy();
  });

  it("says 'No authentication token found' with a sign-in link when signed out", async () => {
    const { calls } = serve([verified()]);
    renderRoutes(routes, path());
    expect(screen.getByText('No authentication token found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/app/login');
    await advance(2000);
    expect(verifyCalls(calls)).toHaveLength(0);
  });

  it('says the link is incomplete without a session id', async () => {
    signInAs(mei);
    const { calls } = serve([verified()]);
    renderRoutes(routes, path(`course_id=${COURSE_ID}`));
    expect(screen.getByRole('heading', { name: 'This payment link is incomplete' })).toBeTruthy();
    expect(screen.getByText(/missing the payment session/)).toBeTruthy();
    await advance(2000);
    expect(verifyCalls(calls)).toHaveLength(0);
  });

  it('says when the payment is not found', async () => {
    signInAs(mei);
    serve([{ status: 404, body: { error: CHECKOUT_NOT_FOUND_MESSAGE, code: 'CHECKOUT_NOT_FOUND' } }]);
    renderRoutes(routes, path());
    await advance(1000);
    expect(await screen.findByRole('heading', { name: 'We could not find this payment' })).toBeTruthy();
  });

  it('shows a server failure and tries again on request', async () => {
    signInAs(mei);
    const { calls } = serve([serverFailure, verified()]);
    const { user } = renderRoutes(routes, path(), countdownUser);
    await advance(1000);
    expect(
      await screen.findByText('We could not check your payment just now. Please try again in a moment.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await advance(1000);
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
    expect(verifyCalls(calls)).toHaveLength(2);
  });
});
