import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ALREADY_ENROLLED_MESSAGE, PROVIDER_UNAVAILABLE_MESSAGE } from '../../../common/payments';
import { makeUser, renderRoutes, signInAs, stubFetch } from '../../test/render';
import { checkoutReturnUrls, isWebAddress, useStartCheckout } from './checkout';

const COURSE_ID = '11111111-1111-4111-8111-111111111111';

function BuyButton({ coursePrice }: { coursePrice?: number }) {
  const checkout = useStartCheckout();
  return (
    <button
      type="button"
      aria-busy={checkout.isRedirecting}
      onClick={() => checkout.start({ courseId: COURSE_ID, coursePrice })}
    >
      Buy
    </button>
  );
}

function renderBuy(coursePrice?: number) {
  return renderRoutes([{ path: '/', element: <BuyButton coursePrice={coursePrice} /> }], '/');
}

const created = {
  url: 'https://checkout.stripe.com/c/pay/cs_test_1',
  session_id: 'cs_test_1',
  order_id: '55555555-5555-4555-8555-555555555555',
};

describe('useStartCheckout', () => {
  it('posts the course, its price and the result pages, and sends the browser to the checkout', async () => {
    signInAs(makeUser());
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { calls } = stubFetch({ 'POST /api/stripe/create-checkout': () => ({ body: created }) });
    const { user } = renderBuy(89);
    await user.click(screen.getByRole('button', { name: 'Buy' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(created.url));
    const call = calls.find((c) => c.path === '/api/stripe/create-checkout');
    expect(call?.headers.get('Authorization')).toBe('Bearer test-token');
    expect(call?.body).toEqual({
      course_id: COURSE_ID,
      course_price: 89,
      success_url: `http://localhost:3000/payment/success?session_id={CHECKOUT_SESSION_ID}&course_id=${COURSE_ID}`,
      cancel_url: `http://localhost:3000/payment/failed?course_id=${COURSE_ID}&reason=cancelled`,
      mode: 'payment',
    });
    // The button stays busy while the browser leaves.
    expect(screen.getByRole('button', { name: 'Buy' }).getAttribute('aria-busy')).toBe('true');
  });

  it("says 'No authentication token found' without calling the server when signed out", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { calls } = stubFetch({});
    const { user } = renderBuy(89);
    await user.click(screen.getByRole('button', { name: 'Buy' }));

    expect(await screen.findByText('No authentication token found')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/stripe/create-checkout')).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the payment-start failure when the provider is unavailable', async () => {
    signInAs(makeUser());
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    stubFetch({
      'POST /api/stripe/create-checkout': () => ({
        status: 503,
        body: { error: PROVIDER_UNAVAILABLE_MESSAGE, code: 'PAYMENT_PROVIDER_UNAVAILABLE' },
      }),
    });
    const { user } = renderBuy();
    await user.click(screen.getByRole('button', { name: 'Buy' }));

    expect(await screen.findByText('Failed to start payment process. Please try again.')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Buy' }).getAttribute('aria-busy')).toBe('false');
  });

  it("titles the failure with the server's reason for a refused checkout", async () => {
    signInAs(makeUser());
    stubFetch({
      'POST /api/stripe/create-checkout': () => ({
        status: 409,
        body: { error: ALREADY_ENROLLED_MESSAGE, code: 'ALREADY_ENROLLED' },
      }),
    });
    const { user } = renderBuy();
    await user.click(screen.getByRole('button', { name: 'Buy' }));

    expect(await screen.findByText(ALREADY_ENROLLED_MESSAGE)).toBeTruthy();
    expect(screen.getByText('Failed to start payment process. Please try again.')).toBeTruthy();
  });

  it('refuses to follow an answer that is not a web address', async () => {
    signInAs(makeUser());
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    stubFetch({
      'POST /api/stripe/create-checkout': () => ({ body: { ...created, url: 'javascript:alert(1)' } }),
    });
    const { user } = renderBuy();
    await user.click(screen.getByRole('button', { name: 'Buy' }));

    expect(await screen.findByText('Failed to start payment process. Please try again.')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('checkout helpers', () => {
  it('builds the return addresses of the result pages', () => {
    expect(checkoutReturnUrls('abc', 'https://kwoon.example')).toEqual({
      success_url: 'https://kwoon.example/payment/success?session_id={CHECKOUT_SESSION_ID}&course_id=abc',
      cancel_url: 'https://kwoon.example/payment/failed?course_id=abc&reason=cancelled',
    });
  });

  it('accepts only http and https addresses', () => {
    expect(isWebAddress('https://checkout.stripe.com/pay')).toBe(true);
    expect(isWebAddress('/payment/checkout/cs_1')).toBe(true);
    expect(isWebAddress('javascript:alert(1)')).toBe(false);
    expect(isWebAddress('data:text/html,hi')).toBe(false);
  });
});
