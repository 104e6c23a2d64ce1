import type {
  FailureReason,
  LocalCheckoutOutcome,
  LocalCheckoutStatus,
  PaymentProvider,
} from '../../common/payments';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Clock } from './clock';
import { createLocalCheckout } from './payments/local';
import { createStripeProvider } from './payments/stripe';

/**
 * A card payment provider: Stripe Checkout, or the built-in test checkout. Both are driven through
 * this interface only, so orders, verification, enrolment and the redirects are one code path.
 */

/** open — not paid yet (also while an asynchronous payment is processing). */
export type CheckoutState = 'open' | 'paid' | 'failed' | 'expired';

/** What we start a checkout with. The amount is the course's price from our database. */
export interface CheckoutRequest {
  orderId: string;
  userId: string;
  courseId: string;
  courseTitle: string;
  amountCents: number;
  currency: string;
  customerEmail: string;
  /** Holds `{CHECKOUT_SESSION_ID}`, replaced by the provider with the session's id. */
  successUrl: string;
  cancelUrl: string;
}

/** A provider's checkout session, reduced to what our orders need. */
export interface CheckoutSnapshot {
  sessionId: string;
  /** Our order id, as we gave it to the provider (metadata / client reference). */
  orderId: string | null;
  state: CheckoutState;
  /** Set when state is failed: one of the failure page's reasons, 'failed' when the provider gives none. */
  failureReason: FailureReason | null;
  /** Where the buyer can still pay while the session is open; null otherwise. */
  url: string | null;
}

export interface PaymentsProvider {
  readonly name: PaymentProvider;
  /** Creates the provider's session; url is where the buyer pays. Throws on provider errors. */
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** The session as the provider sees it now; undefined when it does not know the id. */
  retrieveCheckout(sessionId: string): Promise<CheckoutSnapshot | undefined>;
  /**
   * Closes an open session so that it can no longer be paid, and reports its state afterwards:
   * expired, or paid when the buyer paid it first. Undefined when the provider does not know it.
   */
  expireCheckout(sessionId: string): Promise<CheckoutSnapshot | undefined>;
  /**
   * Checks the signature over the exact bytes received and reads the event. Throws a 400 AppError
   * (INVALID_SIGNATURE) for a missing, wrong or stale signature; undefined for events we ignore.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): CheckoutSnapshot | undefined;
}

/** A session of the built-in test checkout, as its page shows it. */
export interface LocalCheckoutRecord {
  sessionId: string;
  orderId: string;
  courseId: string | null;
  courseTitle: string;
  amountCents: number;
  currency: string;
  customerEmail: string;
  /** open, paid or failed as stored; expired once an open session is past its expiry. */
  status: LocalCheckoutStatus;
  successUrl: string;
  cancelUrl: string;
}

/** What the test checkout's buttons other than Cancel do: pay, or refuse the card for a reason. */
export type LocalCheckoutDecision = Exclude<LocalCheckoutOutcome, 'cancel'>;

/**
 * The built-in test checkout: a provider whose sessions live in our own database, plus what its
 * page needs. No money moves; the buyer picks the outcome.
 */
export interface LocalCheckout extends PaymentsProvider {
  readonly name: 'local';
  get(sessionId: string): Promise<LocalCheckoutRecord | undefined>;
  /**
   * Closes an open session with the buyer's decision. Undefined when the session is not open any
   * more (paid, failed or expired), so of two clicks only one wins.
   */
  complete(
    sessionId: string,
    decision: LocalCheckoutDecision,
  ): Promise<{ snapshot: CheckoutSnapshot; redirectUrl: string } | undefined>;
}

export const isLocalCheckout = (provider: PaymentsProvider): provider is LocalCheckout =>
  provider.name === 'local';

/** The provider the configuration names; Stripe needs its keys (config checks they are set). */
export function createPaymentsProvider(config: Config, db: Db, clock: Clock): PaymentsProvider {
  if (config.PAYMENTS_PROVIDER === 'stripe') {
    return createStripeProvider({
      secretKey: config.STRIPE_SECRET_KEY ?? '',
      webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? '',
      apiUrl: config.STRIPE_API_URL,
    });
  }
  return createLocalCheckout(db, clock);
}
