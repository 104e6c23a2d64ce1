import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { COURSE_NOT_FOUND_MESSAGE } from '../../../common/enrollments';
import {
  AI_SIFU_PLAN,
  ALREADY_ENROLLED_MESSAGE,
  CHECKOUT_CLOSED_MESSAGE,
  CHECKOUT_NOT_FOUND_MESSAGE,
  FREE_COURSE_MESSAGE,
  PROVIDER_UNAVAILABLE_MESSAGE,
  type CreateCheckoutInput,
  type CreateCheckoutResponse,
  type LocalCheckoutInput,
  type LocalCheckoutResult,
  type LocalCheckoutSession,
  type Order,
  type OrderListQuery,
  type OrderListResponse,
  type SubscriptionResponse,
  type VerifyPaymentInput,
  type VerifyPaymentResponse,
} from '../../../common/payments';
import { assertSelfOrAdmin, type AuthContext } from '../../platform/auth';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { isLocalCheckout, type CheckoutSnapshot, type LocalCheckout } from '../../platform/payments';
import { publicUrl } from '../../config';
import type { Platform } from '../../platform';
import type { CoursesService } from '../courses/courses.service';
import type { EnrollmentsService } from '../enrollments/enrollments.service';
import type { UsersService } from '../users/users.service';
import { createPaymentsRepo, type OrderRow, type SubscriptionRow } from './payments.repo';
import { receiptMail } from './payments.receipt';

const courseNotFound = () => notFound(COURSE_NOT_FOUND_MESSAGE, 'COURSE_NOT_FOUND');
const checkoutNotFound = () => notFound(CHECKOUT_NOT_FOUND_MESSAGE, 'CHECKOUT_NOT_FOUND');
const checkoutClosed = () => conflict(CHECKOUT_CLOSED_MESSAGE, 'CHECKOUT_CLOSED');
const providerUnavailable = () =>
  new AppError(503, 'PAYMENT_PROVIDER_UNAVAILABLE', PROVIDER_UNAVAILABLE_MESSAGE);

export const toOrder = (row: OrderRow): Order => ({
  id: row.id,
  user_id: row.user_id,
  course_id: row.course_id,
  course_title: row.course_title,
  provider: row.provider,
  provider_session_id: row.provider_session_id,
  amount_cents: row.amount_cents,
  currency: row.currency,
  status: row.status,
  failure_reason: row.failure_reason,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
  paid_at: row.paid_at?.toISOString() ?? null,
});

/** Active (or past due, still being retried) and inside the period it has paid for. */
export const isSubscriptionActive = (row: SubscriptionRow, now: Date) =>
  (row.status === 'active' || row.status === 'past_due') && row.current_period_end.getTime() > now.getTime();

/**
 * What the enrolments and users domains ask of the payment records. Built on its own, before them,
 * since the payments service itself is built on those domains.
 */
export function createPaymentRecords(platform: Platform) {
  const repo = createPaymentsRepo(platform.db);
  return {
    /** Whether the user has paid for the course (their access to it rests on this). */
    hasPaidOrder: (userId: string, courseId: string) => repo.hasPaidOrder(userId, courseId),
    /** Whether the user has any order: payment records are kept, so their account cannot simply go. */
    hasOrders: (userId: string) => repo.hasOrders(userId),
  };
}

/**
 * Paid courses are bought through the configured provider. Every report of a checkout's result —
 * the buyer's verify call, a signed webhook, the test checkout's buttons — goes through apply(),
 * so the order, the enrolment and the receipt come out the same whichever arrives first, and
 * however often.
 */
export function createPaymentsService(
  platform: Platform,
  deps: { enrollments: EnrollmentsService; courses: CoursesService; users: UsersService },
) {
  const { config, log } = platform;
  const provider = platform.payments;
  const { enrollments, courses, users } = deps;
  const repo = createPaymentsRepo(platform.db);
  const now = () => platform.clock.now();

  /** The site's address for return pages and the receipt's link (see publicUrl). */
  const base = publicUrl(config);

  /**
   * Marks the order paid and keeps its receipt in the outbox, inside the caller's transaction, so a
   * paid order always has its receipt queued, whatever happens to the mail server afterwards.
   */
  async function markPaidWithReceipt(order: OrderRow, at: Date): Promise<OrderRow | undefined> {
    const paid = await repo.markPaid(order.id, at);
    const buyer = paid && (await users.findById(order.user_id));
    if (paid && buyer) {
      const receipt = receiptMail({
        buyer,
        order: paid,
        paidAt: paid.paid_at ?? at,
        baseUrl: base,
        timeZone: config.SCHOOL_TIMEZONE,
      });
      await platform.mailer.send(receipt);
    }
    return paid;
  }

  /**
   * Applies a provider's view of a session to its order. Paid is one conditional update, so only
   * its first caller queues the receipt, in the transaction that marks it paid and grants the
   * enrolment, so a failure in between leaves the order pending for the next report to apply
   * again. The enrolment is granted on every paid report (it is idempotent). Undefined for an
   * unknown session.
   */
  async function apply(snapshot: CheckoutSnapshot): Promise<OrderRow | undefined> {
    const order = await repo.findBySession(provider.name, snapshot.sessionId);
    if (!order) return undefined;
    const at = now();
    switch (snapshot.state) {
      case 'paid': {
        const current = await platform.tx(async () => {
          const first = order.status === 'paid' ? undefined : await markPaidWithReceipt(order, at);
          const current = first ?? (await repo.findOrder(order.id)) ?? order;
          if (current.course_id) await enrollments.grant(current.user_id, current.course_id, 'payment');
          return current;
        });
        return current;
      }
      case 'failed': {
        const reason = snapshot.failureReason ?? 'failed';
        if (order.status === 'failed' && order.failure_reason === reason) return order;
        return (await repo.markFailed(order.id, reason, at)) ?? (await repo.findOrder(order.id)) ?? order;
      }
      case 'expired':
        return (await repo.markExpired(order.id, at)) ?? (await repo.findOrder(order.id)) ?? order;
      case 'open':
        return order;
    }
  }

  /** A provider call; its failure is the buyer's 503, with the cause in the log. */
  async function fromProvider<T>(work: () => Promise<T>, context: object, what: string): Promise<T> {
    try {
      return await work();
    } catch (error) {
      log.error({ err: error, ...context }, what);
      throw providerUnavailable();
    }
  }

  /**
   * Settles the buyer's earlier checkouts for a course before a new one starts, so no session can
   * be paid twice: the newest still open at today's price is handed back to reuse; any other open
   * one is closed at the provider and its order cancelled; one paid meanwhile is applied (and
   * enrols). Returns the checkout to reuse, if any.
   */
  async function settlePending(
    userId: string,
    course: { id: string; price_cents: number; currency: string },
  ): Promise<CreateCheckoutResponse | undefined> {
    let reuse: CreateCheckoutResponse | undefined;
    for (const order of await repo.pendingOrders(userId, course.id)) {
      const context = { orderId: order.id };
      const sessionId = order.provider_session_id;
      let snapshot = await fromProvider(
        () => provider.retrieveCheckout(sessionId),
        context,
        'the payment provider did not report a checkout',
      );
      const samePrice = order.amount_cents === course.price_cents && order.currency === course.currency;
      if (snapshot?.state === 'open' && snapshot.url && samePrice && !reuse) {
        reuse = { url: snapshot.url, session_id: sessionId, order_id: order.id };
        continue;
      }
      if (snapshot?.state === 'open') {
        snapshot = await fromProvider(
          () => provider.expireCheckout(sessionId),
          context,
          'the payment provider did not close a checkout',
        );
      }
      // Replaced, or unknown to the provider: either way it can no longer be paid.
      if (!snapshot || snapshot.state === 'expired') await repo.markCancelled(order.id, now());
      else await apply(snapshot);
    }
    return reuse;
  }

  function localCheckout(): LocalCheckout {
    if (!isLocalCheckout(provider)) throw checkoutNotFound();
    return provider;
  }

  return {
    /**
     * Starts a checkout for a published paid course at the course's own price, or hands back the
     * buyer's checkout still open for it (see settlePending). One buyer's checkouts for one course
     * run one at a time, in every process, under an advisory lock on (buyer, course): of
     * concurrent requests the first starts the session and the others get that same session back.
     * The order is written in the same transaction as the provider call, so a provider failure
     * leaves nothing; the orders table also holds at most one pending order per buyer and course.
     */
    async createCheckout(
      auth: AuthContext,
      input: z.output<typeof CreateCheckoutInput>,
    ): Promise<CreateCheckoutResponse> {
      const course = await courses.find(input.course_id);
      // An archived course is sold no more.
      if (!course || !course.is_published || course.archived_at) throw courseNotFound();
      if (course.price_cents <= 0) throw badRequest(FREE_COURSE_MESSAGE, 'FREE_COURSE');
      const userId = auth.user.id;
      const buyer = await users.findById(userId);
      if (!buyer) throw notFound('User not found', 'USER_NOT_FOUND');
      const alreadyEnrolled = () => conflict(ALREADY_ENROLLED_MESSAGE, 'ALREADY_ENROLLED');
      if (await enrollments.find(userId, course.id)) throw alreadyEnrolled();
      // Chosen before the transaction: a retried transaction asks the provider again with the same
      // idempotency key, and gets the same session back.
      const orderId = randomUUID();
      const started = await platform.withAdvisoryLock(`checkout:${userId}:${course.id}`, async () => {
        const reuse = await settlePending(userId, course);
        // An earlier checkout paid in the meantime has just enrolled the buyer. Answered after the
        // commit, so that payment stays applied.
        if (await enrollments.find(userId, course.id)) return undefined;
        if (reuse) return reuse;

        const session = await fromProvider(
          () =>
            provider.createCheckout({
              orderId,
              userId,
              courseId: course.id,
              courseTitle: course.title,
              amountCents: course.price_cents,
              currency: course.currency,
              customerEmail: buyer.email,
              successUrl: `${base}/payment/success?session_id={CHECKOUT_SESSION_ID}&course_id=${course.id}`,
              cancelUrl: `${base}/payment/failed?course_id=${course.id}&reason=cancelled`,
            }),
          { orderId, courseId: course.id },
          'the payment provider did not start a checkout',
        );

        const at = now();
        const order = await repo.insertOrder({
          id: orderId,
          user_id: userId,
          course_id: course.id,
          course_title: course.title,
          provider: provider.name,
          provider_session_id: session.sessionId,
          amount_cents: course.price_cents,
          currency: course.currency,
          status: 'pending',
          created_at: at,
          updated_at: at,
        });
        return { url: session.url, session_id: session.sessionId, order_id: order.id };
      });
      if (!started) throw alreadyEnrolled();
      return started;
    },

    /** The buyer's check from the success page: asks the provider and applies its answer. */
    async verify(
      auth: AuthContext,
      input: z.output<typeof VerifyPaymentInput>,
    ): Promise<VerifyPaymentResponse> {
      const order = await repo.findBySession(provider.name, input.session_id);
      if (!order || order.user_id !== auth.user.id || order.course_id !== input.course_id) {
        throw checkoutNotFound();
      }
      let current = order;
      if (order.status === 'paid') {
        if (order.course_id) await enrollments.grant(order.user_id, order.course_id, 'payment');
      } else {
        const snapshot = await fromProvider(
          () => provider.retrieveCheckout(order.provider_session_id),
          { orderId: order.id },
          'the payment provider did not report a checkout',
        );
        if (snapshot) current = (await apply(snapshot)) ?? order;
      }
      const enrolled = current.course_id
        ? Boolean(await enrollments.find(current.user_id, current.course_id))
        : false;
      return {
        success: current.status === 'paid' && enrolled,
        status: current.status,
        enrolled,
        order: toOrder(current),
      };
    },

    /** A signed provider event; events for sessions we do not know are acknowledged and logged. */
    async webhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
      const snapshot = provider.parseWebhook(rawBody, signature);
      if (!snapshot) return;
      const order = await apply(snapshot);
      if (!order) {
        log.warn(
          { sessionId: snapshot.sessionId, orderId: snapshot.orderId },
          'payment event for a checkout session without an order',
        );
      }
    },

    async orders(
      auth: AuthContext,
      userId: string,
      query: z.output<typeof OrderListQuery>,
    ): Promise<OrderListResponse> {
      assertSelfOrAdmin(auth, userId);
      if (userId !== auth.user.id && !(await users.findById(userId))) {
        throw notFound('User not found', 'USER_NOT_FOUND');
      }
      const { rows, total } = await repo.listOrders(userId, query);
      return { orders: rows.map(toOrder), total };
    },

    /** The AI Sifu plan, active or not (the client shows either); 404 when the user has none. */
    async subscription(auth: AuthContext, userId: string): Promise<SubscriptionResponse> {
      assertSelfOrAdmin(auth, userId);
      const row = await repo.findSubscription(userId, AI_SIFU_PLAN);
      if (!row) return { subscription: null };
      return {
        subscription: {
          id: row.id,
          user_id: row.user_id,
          plan: row.plan,
          status: row.status,
          active: isSubscriptionActive(row, now()),
          provider: row.provider,
          monthly_question_limit: row.monthly_question_limit,
          current_period_start: row.current_period_start.toISOString(),
          current_period_end: row.current_period_end.toISOString(),
          cancel_at_period_end: row.cancel_at_period_end,
          created_at: row.created_at.toISOString(),
        },
      };
    },

    /** What the test checkout page shows; only while the test checkout is the provider. */
    async localSession(sessionId: string): Promise<LocalCheckoutSession> {
      const record = await localCheckout().get(sessionId);
      if (!record) throw checkoutNotFound();
      return {
        session_id: record.sessionId,
        course_id: record.courseId,
        course_title: record.courseTitle,
        amount_cents: record.amountCents,
        currency: record.currency,
        customer_email: record.customerEmail,
        status: record.status,
        cancel_url: record.cancelUrl,
      };
    },

    /**
     * The test checkout's buttons. Cancel leaves the session open, as Stripe does; pay and the
     * refused-card outcomes close it and go through apply() like a webhook.
     */
    async localComplete(
      sessionId: string,
      input: z.output<typeof LocalCheckoutInput>,
    ): Promise<LocalCheckoutResult> {
      const checkout = localCheckout();
      const record = await checkout.get(sessionId);
      if (!record) throw checkoutNotFound();
      if (record.status !== 'open') throw checkoutClosed();
      if (input.outcome === 'cancel') return { redirect_url: record.cancelUrl };
      const result = await checkout.complete(sessionId, input.outcome);
      if (!result) throw checkoutClosed();
      await apply(result.snapshot);
      return { redirect_url: result.redirectUrl };
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
