import { queryOptions } from '@tanstack/react-query';
import {
  LocalCheckoutSession,
  OrderListResponse,
  SubscriptionResponse,
  type Subscription,
} from '../../../common/payments';
import { apiRequest, isNotFound } from '../../lib/api-client';
import { pageQuery, type PageParams } from '../../lib/queries/paging';

const enc = encodeURIComponent;

export const paymentQueries = {
  all: ['payments'] as const,

  /** The user's orders, newest first; a 404 counts as an empty list. */
  orders: (userId: string, page: PageParams) =>
    queryOptions({
      queryKey: ['payments', 'orders', { userId, ...page }] as const,
      queryFn: async ({ signal }): Promise<OrderListResponse> => {
        try {
          return await apiRequest(`/stripe/orders/${enc(userId)}?${pageQuery(page)}`, {
            schema: OrderListResponse,
            signal,
          });
        } catch (error) {
          if (isNotFound(error)) return { orders: [], total: 0 };
          throw error;
        }
      },
    }),

  /** The user's current plan, or null when there is none. */
  subscription: (userId: string) =>
    queryOptions({
      queryKey: ['payments', 'subscription', { userId }] as const,
      queryFn: async ({ signal }): Promise<Subscription | null> =>
        (await apiRequest(`/stripe/subscription/${enc(userId)}`, { schema: SubscriptionResponse, signal }))
          .subscription,
    }),

  /** The built-in test checkout. Public: the session id in the address is what grants access. */
  localCheckout: (sessionId: string) =>
    queryOptions({
      queryKey: ['payments', 'local-checkout', { sessionId }] as const,
      queryFn: ({ signal }) =>
        apiRequest(`/payment/local-checkout/${enc(sessionId)}`, {
          auth: false,
          schema: LocalCheckoutSession,
          signal,
        }),
    }),
};
