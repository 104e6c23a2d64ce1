import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CHECKOUT_CLOSED_MESSAGE, CHECKOUT_NOT_FOUND_MESSAGE } from '../../../common/payments';
import { renderRoutes, serverFailure, stubFetch } from '../../test/render';
import { LocalCheckoutPage } from './local-checkout-page';
import { COURSE_ID, makeLocalSession } from './test-data';

const routes = [{ path: '/payment/checkout/:sessionId', element: <LocalCheckoutPage /> }];
const PATH = '/payment/checkout/cs_test_123';
const API = '/api/payment/local-checkout/cs_test_123';

const successUrl = `http://localhost:3000/payment/success?session_id=cs_test_123&course_id=${COURSE_ID}`;

function serve(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    [`GET ${API}`]: () => ({ body: makeLocalSession() }),
    ...extra,
  });
}

const posts = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === API);

describe('LocalCheckoutPage', () => {
  it('shows the test-mode banner, the course, the amount and the buyer', async () => {
    serve();
    renderRoutes(routes, PATH);
    expect(await screen.findByRole('heading', { name: 'Kwoon checkout', level: 1 })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const banner = screen.getByRole('note', { name: 'TEST MODE' });
    expect(within(banner).getByText('Test mode — no card is charged and no money moves')).toBeTruthy();
    expect(screen.getByText('Xingyi Five Elements')).toBeTruthy();
    expect(screen.getByText('$89.00')).toBeTruthy();
    expect(screen.getByText('mei@example.com')).toBeTruthy();
    const simulate = screen.getByRole('radiogroup', { name: /Simulate/ });
    expect(
      within(simulate)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['pay', 'declined', 'insufficient_funds', 'expired_card', 'invalid_card']);
    expect(
      within(simulate).getByRole<HTMLInputElement>('radio', { name: /Successful payment/ }).checked,
    ).toBe(true);
  });

  it('pays and follows the redirect to the success page', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { calls } = serve({ [`POST ${API}`]: () => ({ body: { redirect_url: successUrl } }) });
    const { user } = renderRoutes(routes, PATH);
    await user.click(await screen.findByRole('button', { name: 'Pay $89.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(successUrl));
    expect(posts(calls).map((call) => call.body)).toEqual([{ outcome: 'pay' }]);
    // No token travels to the public checkout.
    expect(calls.every((call) => !call.headers.has('Authorization'))).toBe(true);
  });

  it('posts the simulated failure that was chosen', async () => {
    const failedUrl = `http://localhost:3000/payment/failed?course_id=${COURSE_ID}&reason=insufficient_funds`;
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { calls } = serve({ [`POST ${API}`]: () => ({ body: { redirect_url: failedUrl } }) });
    const { user } = renderRoutes(routes, PATH);
    await user.click(await screen.findByRole('radio', { name: /Insufficient funds/ }));
    await user.click(screen.getByRole('button', { name: 'Pay $89.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(failedUrl));
    expect(posts(calls)[0]?.body).toEqual({ outcome: 'insufficient_funds' });
  });

  it('cancels back to Kwoon', async () => {
    const cancelUrl = makeLocalSession().cancel_url;
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { calls } = serve({ [`POST ${API}`]: () => ({ body: { redirect_url: cancelUrl } }) });
    const { user } = renderRoutes(routes, PATH);
    await user.click(await screen.findByRole('button', { name: 'Cancel and return to Kwoon' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(cancelUrl));
    expect(posts(calls)[0]?.body).toEqual({ outcome: 'cancel' });
  });

  it('says the checkout is closed when the server answers 409', async () => {
    serve({
      [`POST ${API}`]: () => ({
        status: 409,
        body: { error: CHECKOUT_CLOSED_MESSAGE, code: 'CHECKOUT_CLOSED' },
      }),
    });
    const { user } = renderRoutes(routes, PATH);
    await user.click(await screen.findByRole('button', { name: 'Pay $89.00' }));
    expect(await screen.findByRole('heading', { name: 'This checkout is closed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Courses' }).getAttribute('href')).toBe('/app/courses');
  });

  it('says the checkout is closed when it is no longer open', async () => {
    serve({ [`GET ${API}`]: () => ({ body: makeLocalSession({ status: 'paid' }) }) });
    renderRoutes(routes, PATH);
    expect(await screen.findByRole('heading', { name: 'This checkout is closed' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });

  it('says when the checkout does not exist', async () => {
    serve({
      [`GET ${API}`]: () => ({
        status: 404,
        body: { error: CHECKOUT_NOT_FOUND_MESSAGE, code: 'CHECKOUT_NOT_FOUND' },
      }),
    });
    renderRoutes(routes, PATH);
    expect(await screen.findByRole('heading', { name: 'Checkout not found' })).toBeTruthy();
  });

  it('shows a load failure with a retry', async () => {
    let fail = true;
    serve({
      [`GET ${API}`]: () => (fail ? serverFailure : { body: makeLocalSession() }),
    });
    const { user } = renderRoutes(routes, PATH);
    expect(await screen.findByText('The checkout could not be loaded. Please try again.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Pay $89.00' })).toBeTruthy();
  });

  it('shows a submit failure and keeps the form', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    serve({ [`POST ${API}`]: () => serverFailure });
    const { user } = renderRoutes(routes, PATH);
    await user.click(await screen.findByRole('button', { name: 'Pay $89.00' }));
    expect(await screen.findByText('The checkout could not be completed. Please try again.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Pay $89.00' }).disabled).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });
});
