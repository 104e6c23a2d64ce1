import { useMutation } from '@tanstack/react-query';
import {
  CreateCheckoutResponse,
  NO_TOKEN_MESSAGE,
  PAYMENT_START_FAILED_MESSAGE,
  type CreateCheckoutInput,
} from '../../../common/payments';
import { ApiRequestError, apiRequest } from '../../lib/api-client';
import { notifyError } from '../../lib/notify';
import { readToken } from '../../lib/session-storage';

export interface StartCheckoutVariables {
  courseId: string;
  /** The price the buyer was shown; sent in the checkout call, though the server charges its own. */
  coursePrice?: number;
}

/** The result pages' addresses, sent in the checkout call; the server ignores them and builds its own. */
export function checkoutReturnUrls(courseId: string, origin = window.location.origin) {
  const course = encodeURIComponent(courseId);
  return {
    success_url: `${origin}/payment/success?session_id={CHECKOUT_SESSION_ID}&course_id=${course}`,
    cancel_url: `${origin}/payment/failed?course_id=${course}&reason=cancelled`,
  };
}

/** Only a web address may be followed: a `javascript:` URL from a broken answer must not run. */
export function isWebAddress(url: string): boolean {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

async function createCheckout({ courseId, coursePrice }: StartCheckoutVariables) {
  if (!readToken()) throw new ApiRequestError(NO_TOKEN_MESSAGE, 401, 'NO_TOKEN');
  const body: CreateCheckoutInput = {
    course_id: courseId,
    course_price: coursePrice,
    ...checkoutReturnUrls(courseId),
    mode: 'payment',
  };
  const checkout = await apiRequest('/stripe/create-checkout', {
    method: 'POST',
    body,
    schema: CreateCheckoutResponse,
  });
  if (!isWebAddress(checkout.url)) {
    throw new ApiRequestError('Unexpected response from the server', 200, 'BAD_RESPONSE');
  }
  window.location.assign(checkout.url);
  return checkout;
}

function handleError(error: unknown) {
  if (error instanceof ApiRequestError && error.code === 'NO_TOKEN') {
    notifyError(NO_TOKEN_MESSAGE);
    return;
  }
  // One message for any failure, titled by a 4xx reason (enrolled already, a free course): the buyer sees why.
  const reason =
    error instanceof ApiRequestError && error.status >= 400 && error.status < 500 ? error.message : undefined;
  notifyError(PAYMENT_START_FAILED_MESSAGE, { title: reason });
}

/**
 * Starts a card checkout for a course and sends the browser to the payment page (Stripe's, or the
 * built-in test checkout). Failures are toasts. `isRedirecting` stays true once the browser is
 * leaving, so the button that started it keeps its loading state until the page unloads.
 */
export function useStartCheckout() {
  const mutation = useMutation({ mutationFn: createCheckout, onError: handleError });
  return {
    start: mutation.mutate,
    isRedirecting: mutation.isPending || mutation.isSuccess,
    error: mutation.error,
    reset: mutation.reset,
  };
}
