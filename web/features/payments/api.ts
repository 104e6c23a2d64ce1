import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  LocalCheckoutResult,
  VerifyPaymentResponse,
  type LocalCheckoutOutcome,
  type VerifyPaymentInput,
} from '../../../common/payments';
import { apiRequest } from '../../lib/api-client';
import { pageOf } from '../../lib/queries/paging';
import { paymentQueries } from './queries';

const enc = encodeURIComponent;

/** Orders shown per page of the order history. */
export const ORDERS_PAGE_SIZE = 10;

export function useOrders(userId: string, page: number) {
  return useQuery({
    ...paymentQueries.orders(userId, pageOf(page, ORDERS_PAGE_SIZE)),
    placeholderData: keepPreviousData,
  });
}

export function useSubscription(userId: string) {
  return useQuery(paymentQueries.subscription(userId));
}

/**
 * Asks the server to check a checkout session with the provider and apply its state (the same as a
 * webhook would). The result page drives retries itself, so this is a plain mutation.
 */
export function useVerifyPayment() {
  return useMutation({
    mutationFn: (input: VerifyPaymentInput) =>
      apiRequest('/stripe/verify-payment', { method: 'POST', body: input, schema: VerifyPaymentResponse }),
  });
}

export function useLocalCheckout(sessionId: string) {
  return useQuery(paymentQueries.localCheckout(sessionId));
}

export function useCompleteLocalCheckout(sessionId: string) {
  return useMutation({
    mutationFn: (outcome: LocalCheckoutOutcome) =>
      apiRequest(`/payment/local-checkout/${enc(sessionId)}`, {
        method: 'POST',
        auth: false,
        body: { outcome },
        schema: LocalCheckoutResult,
      }),
  });
}
