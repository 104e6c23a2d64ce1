import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  LocalCheckoutResult,
  LocalCheckoutSession,
  OrderListResponse,
  SubscriptionResponse,
  VerifyPaymentResponse,
  type LocalCheckoutOutcome,
  type Subscription,
  type VerifyPaymentInput,
} from '../../../common/payments';
import { apiRequest, isNotFound } from '../../lib/api-client';

const enc = encodeURIComponent;

/** Orders shown per page of the order history. */
export const ORDERS_PAGE_SIZE = 10;

export const paymentKeys = {
  orders: (userId: string, page: number) => ['payments', 'orders', userId, page] as const,
  subscription: (userId: string) => ['payments', 'subscription', userId] as const,
  localCheckout: (sessionId: string) => ['payments', 'local-checkout', sessionId] as const,
};

/** The user's orders, newest first; the spec treats a 404 as an empty list. */
export function useOrders(userId: string, page: number) {
  return useQuery({
    queryKey: paymentKeys.orders(userId, page),
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<OrderListResponse> => {
      try {
        return await apiRequest(
          `/stripe/orders/${enc(userId)}?limit=${ORDERS_PAGE_SIZE}&offset=${page * ORDERS_PAGE_SIZE}`,
          { schema: OrderListResponse },
        );
      } catch (error) {
        if (isNotFound(error)) return { orders: [], total: 0 };
        throw error;
      }
    },
  });
}

/** The user's current plan, or null when there is none. */
export function useSubscription(userId: string) {
  return useQuery({
    queryKey: paymentKeys.subscription(userId),
    queryFn: async (): Promise<Subscription | null> =>
      (await apiRequest(`/stripe/subscription/${enc(userId)}`, { schema: SubscriptionResponse }))
        .subscription,
  });
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

/** The built-in test checkout. Public: the session id in the address is what grants access. */
export function useLocalCheckout(sessionId: string) {
  return useQuery({
    queryKey: paymentKeys.localCheckout(sessionId),
    queryFn: () =>
      apiRequest(`/payment/local-checkout/${enc(sessionId)}`, { auth: false, schema: LocalCheckoutSession }),
  });
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
