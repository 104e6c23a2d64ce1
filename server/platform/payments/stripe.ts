import Stripe from 'stripe';
import { INVALID_SIGNATURE_MESSAGE } from '../../../common/payments';
import { badRequest } from '../errors';
import type { CheckoutSnapshot, CheckoutState, PaymentsProvider } from '../payments';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another address for Stripe's API (a Stripe-compatible mock); Stripe's own when absent. */
  apiUrl?: string;
  /** Per request; with two retries a dead API answers in well under a minute. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/** host, port and protocol for the SDK from a URL such as http://127.0.0.1:12111. */
function apiAddress(apiUrl: string | undefined) {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

const isPaid = (session: Stripe.Checkout.Session) =>
  session.payment_status === 'paid' || session.payment_status === 'no_payment_required';

function snapshotOf(session: Stripe.Checkout.Session, state: CheckoutState): CheckoutSnapshot {
  return {
    sessionId: session.id,
    orderId: session.metadata?.order_id ?? session.client_reference_id ?? null,
    state,
    failureReason: state === 'failed' ? 'failed' : null,
    url: state === 'open' ? (session.url ?? null) : null,
  };
}

/** A session's state as Stripe reports it when asked. */
function stateOf(session: Stripe.Checkout.Session): CheckoutState {
  if (session.status === 'complete' && isPaid(session)) return 'paid';
  if (session.status === 'expired') return 'expired';
  return 'open';
}

/**
 * What a webhook event says about its session; undefined for events we do not act on. A completed
 * session may still wait for an asynchronous payment (payment_status unpaid): that stays open
 * until async_payment_succeeded or async_payment_failed arrives.
 */
function snapshotOfEvent(event: Stripe.Event): CheckoutSnapshot | undefined {
  // Signed but not shaped like a session event (a hand-made test payload): nothing to apply.
  const object: unknown = event.data?.object;
  if (typeof object !== 'object' || object === null || typeof (object as { id?: unknown }).id !== 'string') {
    return undefined;
  }
  switch (event.type) {
    case 'checkout.session.completed':
      return snapshotOf(event.data.object, isPaid(event.data.object) ? 'paid' : 'open');
    case 'checkout.session.async_payment_succeeded':
      return snapshotOf(event.data.object, 'paid');
    case 'checkout.session.async_payment_failed':
      return snapshotOf(event.data.object, 'failed');
    case 'checkout.session.expired':
      return snapshotOf(event.data.object, 'expired');
    default:
      return undefined;
  }
}

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeError &&
  (error.code === 'resource_missing' || error.statusCode === 404);

/** Stripe Checkout through the official SDK; webhooks are checked against the endpoint's secret. */
export function createStripeProvider(settings: StripeSettings): PaymentsProvider {
  const stripe = new Stripe(settings.secretKey, {
    ...apiAddress(settings.apiUrl),
    maxNetworkRetries: 2,
    timeout: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });

  return {
    name: 'stripe',

    async createCheckout(request) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amountCents,
                product_data: { name: request.courseTitle },
              },
            },
          ],
          client_reference_id: request.orderId,
          metadata: { order_id: request.orderId, user_id: request.userId, course_id: request.courseId },
          customer_email: request.customerEmail,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        // One order is one session, however often the SDK retries the request.
        { idempotencyKey: request.orderId },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { sessionId: session.id, url: session.url };
    },

    async retrieveCheckout(sessionId) {
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        return snapshotOf(session, stateOf(session));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async expireCheckout(sessionId) {
      try {
        const session = await stripe.checkout.sessions.expire(sessionId);
        return snapshotOf(session, stateOf(session));
      } catch (error) {
        if (isMissing(error)) return undefined;
        // Stripe refuses to expire a session that is no longer open (paid, or expired already).
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return this.retrieveCheckout(sessionId);
        throw error;
      }
    },

    parseWebhook(rawBody, signature) {
      if (!signature) throw badRequest(INVALID_SIGNATURE_MESSAGE, 'INVALID_SIGNATURE');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch {
        // A bad or stale signature, or bytes that are not an event: nothing we can trust.
        throw badRequest(INVALID_SIGNATURE_MESSAGE, 'INVALID_SIGNATURE');
      }
      return snapshotOfEvent(event);
    },
  };
}
