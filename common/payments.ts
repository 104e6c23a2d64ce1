import { z } from 'zod';
import { pageLimit, pageOffset } from './api';

/**
 * Payments: one-time card payments for paid courses (lifetime access), through Stripe Checkout or
 * the built-in test checkout. The price always comes from the course in our database.
 */

export const ORDERS_DEFAULT_LIMIT = 50;
export const ORDERS_MAX_LIMIT = 200;

export const NO_TOKEN_MESSAGE = 'No authentication token found';
export const PAYMENT_START_FAILED_MESSAGE = 'Failed to start payment process. Please try again.';
export const FREE_COURSE_MESSAGE = 'This course is free. Enroll directly without payment';
export const ALREADY_ENROLLED_MESSAGE = 'You are already enrolled in this course';
export const CHECKOUT_NOT_FOUND_MESSAGE = 'Payment session not found';
export const CHECKOUT_CLOSED_MESSAGE = 'This checkout is no longer open';
export const PROVIDER_UNAVAILABLE_MESSAGE = 'The payment provider is not available. Please try again later.';
export const INVALID_SIGNATURE_MESSAGE = 'Invalid webhook signature';

/** Seconds the success page waits before verifying, and before redirecting (both pages). */
export const VERIFY_DELAY_MS = 1000;
export const REDIRECT_SECONDS = 5;

export const PaymentProvider = z.enum(['stripe', 'local']);
export type PaymentProvider = z.infer<typeof PaymentProvider>;

/**
 * pending — checkout started, not paid yet; paid — money received, the buyer is enrolled;
 * failed — the card was refused; expired — the checkout timed out unpaid;
 * cancelled — closed by us when a newer checkout replaced it (the course's price had changed).
 * A payment that arrives for a failed, expired or cancelled order still counts: paid always wins.
 */
export const OrderStatus = z.enum(['pending', 'paid', 'failed', 'expired', 'cancelled']);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** The reasons the failure page knows; anything else shows 'Payment Error'. */
export const FailureReason = z.enum([
  'cancelled',
  'failed',
  'declined',
  'insufficient_funds',
  'expired_card',
  'invalid_card',
]);
export type FailureReason = z.infer<typeof FailureReason>;

/**
 * POST /stripe/create-checkout. The client may send course_price, success_url, cancel_url and
 * mode, as the checkout page sends them; the server ignores them: the price is the course's, and the
 * return addresses are the school's own result pages (no open redirect through checkout).
 */
export const CreateCheckoutInput = z.object({
  course_id: z.uuid({ error: 'Invalid course id' }),
  course_price: z.number().optional(),
  success_url: z.string().max(2000).optional(),
  cancel_url: z.string().max(2000).optional(),
  mode: z.literal('payment', { error: 'Only one-time payments are supported' }).optional(),
});
export type CreateCheckoutInput = z.input<typeof CreateCheckoutInput>;

export const CreateCheckoutResponse = z.object({
  /** Where to send the buyer: Stripe's hosted page or the built-in test checkout. */
  url: z.string(),
  session_id: z.string(),
  order_id: z.uuid(),
});
export type CreateCheckoutResponse = z.infer<typeof CreateCheckoutResponse>;

export const Order = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  course_id: z.uuid().nullable(),
  /** Kept on the order, so the history reads right after a course is renamed or deleted. */
  course_title: z.string(),
  provider: PaymentProvider,
  provider_session_id: z.string(),
  amount_cents: z.number().int(),
  currency: z.string(),
  status: OrderStatus,
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  paid_at: z.string().nullable(),
});
export type Order = z.infer<typeof Order>;

/** POST /stripe/verify-payment. */
export const VerifyPaymentInput = z.object({
  session_id: z
    .string({ error: 'session_id is required' })
    .trim()
    .min(1, 'session_id is required')
    .max(255, 'session_id is too long'),
  course_id: z.uuid({ error: 'Invalid course id' }),
});
export type VerifyPaymentInput = z.input<typeof VerifyPaymentInput>;

/** success is true once the payment is received and the buyer enrolled. */
export const VerifyPaymentResponse = z.object({
  success: z.boolean(),
  status: OrderStatus,
  enrolled: z.boolean(),
  order: Order,
});
export type VerifyPaymentResponse = z.infer<typeof VerifyPaymentResponse>;

export const UserIdParams = z.object({ userId: z.uuid({ error: 'Invalid user id' }) });

export const OrderListQuery = z.object({
  limit: pageLimit(ORDERS_DEFAULT_LIMIT, ORDERS_MAX_LIMIT),
  offset: pageOffset,
});
export type OrderListQuery = z.input<typeof OrderListQuery>;

/** GET /stripe/orders/{userId}: newest first. */
export const OrderListResponse = z.object({ orders: z.array(Order), total: z.number().int() });
export type OrderListResponse = z.infer<typeof OrderListResponse>;

/**
 * The monthly AI Sifu plan. AI Sifu's allowance reads monthly_question_limit for the current period
 * (current_period_start .. current_period_end); the questions used are counted from AI usage.
 */
/** The one plan today: AI Sifu's monthly question allowance. */
export const AI_SIFU_PLAN = 'ai_sifu_monthly';

export const SubscriptionStatus = z.enum(['active', 'past_due', 'canceled']);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

export const Subscription = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  plan: z.string(),
  status: SubscriptionStatus,
  /** True while status is active (or past due) and the current period has not ended. */
  active: z.boolean(),
  provider: PaymentProvider,
  monthly_question_limit: z.number().int(),
  current_period_start: z.string(),
  current_period_end: z.string(),
  cancel_at_period_end: z.boolean(),
  created_at: z.string(),
});
export type Subscription = z.infer<typeof Subscription>;

/** GET /stripe/subscription/{userId}: the user's current subscription; 404 when there is none. */
/** `subscription` is null when the user has never had one (an ordinary answer, not an error). */
export const SubscriptionResponse = z.object({ subscription: Subscription.nullable() });
export type SubscriptionResponse = z.infer<typeof SubscriptionResponse>;

/** The built-in test checkout (PAYMENTS_PROVIDER=local). No real card is ever charged. */
export const LocalCheckoutParams = z.object({
  sessionId: z.string().trim().min(1, 'Invalid checkout session').max(255, 'Invalid checkout session'),
});

export const LocalCheckoutStatus = z.enum(['open', 'paid', 'failed', 'expired']);
export type LocalCheckoutStatus = z.infer<typeof LocalCheckoutStatus>;

/** GET /payment/local-checkout/{sessionId}: what the test checkout page shows. */
export const LocalCheckoutSession = z.object({
  session_id: z.string(),
  course_id: z.uuid().nullable(),
  course_title: z.string(),
  amount_cents: z.number().int(),
  currency: z.string(),
  customer_email: z.string(),
  status: LocalCheckoutStatus,
  /** Where Cancel goes (the failure page with reason=cancelled). */
  cancel_url: z.string(),
});
export type LocalCheckoutSession = z.infer<typeof LocalCheckoutSession>;

/** pay succeeds; cancel returns unpaid; the others simulate a refused card. */
export const LocalCheckoutOutcome = z.enum([
  'pay',
  'cancel',
  'declined',
  'insufficient_funds',
  'expired_card',
  'invalid_card',
]);
export type LocalCheckoutOutcome = z.infer<typeof LocalCheckoutOutcome>;

export const LocalCheckoutInput = z.object({
  outcome: z.enum(LocalCheckoutOutcome.options, { error: 'Choose an outcome' }),
});
export type LocalCheckoutInput = z.input<typeof LocalCheckoutInput>;

/** Where the browser goes next: the success page, or the failure page with its reason. */
export const LocalCheckoutResult = z.object({ redirect_url: z.string() });
export type LocalCheckoutResult = z.infer<typeof LocalCheckoutResult>;

/** en-US money, as every price in the school is shown. */
export function formatAmount(amountCents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amountCents / 100);
  } catch {
    return `${(amountCents / 100).toFixed(2)} ${currency}`;
  }
}
