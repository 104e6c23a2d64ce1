import type { FailureReason, PaymentProvider } from '../../common/payments';

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
}

export interface PaymentsProvider {
  readonly name: PaymentProvider;
  /** Creates the provider's session; url is where the buyer pays. Throws on provider errors. */
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** The session as the provider sees it now; undefined when it does not know the id. */
  retrieveCheckout(sessionId: string): Promise<CheckoutSnapshot | undefined>;
  /**
   * Checks the signature over the exact bytes received and reads the event. Throws a 400 AppError
   * (INVALID_SIGNATURE) for a missing, wrong or stale signature; undefined for events we ignore.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): CheckoutSnapshot | undefined;
}
