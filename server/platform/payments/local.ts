import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { FailureReason, INVALID_SIGNATURE_MESSAGE, type LocalCheckoutStatus } from '../../../common/payments';
import type { Db } from '../../db/client';
import { localCheckoutSessions } from '../../db/schema';
import type { Clock } from '../clock';
import { badRequest } from '../errors';
import type { CheckoutSnapshot, LocalCheckout, LocalCheckoutRecord } from '../payments';

/** As long as Stripe keeps a Checkout Session open. */
export const LOCAL_CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;

type SessionRow = typeof localCheckoutSessions.$inferSelect;

const CHECKOUT_SESSION_ID = '{CHECKOUT_SESSION_ID}';

/** The stored status, with an open session past its expiry reported as expired. */
function statusOf(row: SessionRow, now: Date): LocalCheckoutStatus {
  if (row.status === 'open' && row.expires_at.getTime() <= now.getTime()) return 'expired';
  return row.status;
}

/** The test checkout page of a session, on the site its return pages belong to. */
const pageOf = (successUrl: string, sessionId: string) =>
  `${new URL(successUrl).origin}/payment/checkout/${sessionId}`;

function snapshotOf(row: SessionRow, now: Date): CheckoutSnapshot {
  const state = statusOf(row, now);
  const reason = FailureReason.safeParse(row.failure_reason);
  return {
    sessionId: row.id,
    orderId: row.order_id,
    state,
    failureReason: state === 'failed' ? (reason.success ? reason.data : 'failed') : null,
    url: state === 'open' ? pageOf(row.success_url, row.id) : null,
  };
}

/** The failure page's address with the reason the buyer picked; the rest stays as it was. */
function withReason(cancelUrl: string, reason: string): string {
  const at = cancelUrl.indexOf('?');
  const query = new URLSearchParams(at < 0 ? '' : cancelUrl.slice(at + 1));
  query.set('reason', reason);
  return `${at < 0 ? cancelUrl : cancelUrl.slice(0, at)}?${query.toString()}`;
}

/**
 * The built-in test checkout (PAYMENTS_PROVIDER=local). Its sessions are rows of
 * local_checkout_sessions, so they survive restarts and work across several processes; the page
 * that shows them is the web app's /payment/checkout/{id}.
 */
export function createLocalCheckout(db: Db, clock: Clock): LocalCheckout {
  async function find(sessionId: string): Promise<SessionRow | undefined> {
    const [row] = await db
      .select()
      .from(localCheckoutSessions)
      .where(eq(localCheckoutSessions.id, sessionId))
      .limit(1);
    return row;
  }

  return {
    name: 'local',

    async createCheckout(request) {
      const id = `cs_test_local_${randomBytes(24).toString('base64url')}`;
      const now = clock.now();
      await db.insert(localCheckoutSessions).values({
        id,
        order_id: request.orderId,
        user_id: request.userId,
        course_id: request.courseId,
        course_title: request.courseTitle,
        amount_cents: request.amountCents,
        currency: request.currency,
        customer_email: request.customerEmail,
        success_url: request.successUrl.replace(CHECKOUT_SESSION_ID, id),
        cancel_url: request.cancelUrl,
        created_at: now,
        expires_at: new Date(now.getTime() + LOCAL_CHECKOUT_TTL_MS),
      });
      return { sessionId: id, url: pageOf(request.successUrl, id) };
    },

    async retrieveCheckout(sessionId) {
      const row = await find(sessionId);
      return row ? snapshotOf(row, clock.now()) : undefined;
    },

    async expireCheckout(sessionId) {
      await db
        .update(localCheckoutSessions)
        .set({ status: 'expired' })
        .where(and(eq(localCheckoutSessions.id, sessionId), eq(localCheckoutSessions.status, 'open')));
      const row = await find(sessionId);
      return row ? snapshotOf(row, clock.now()) : undefined;
    },

    parseWebhook() {
      // Nothing signs events for the test checkout; its outcomes arrive through complete().
      throw badRequest(INVALID_SIGNATURE_MESSAGE, 'INVALID_SIGNATURE');
    },

    async get(sessionId): Promise<LocalCheckoutRecord | undefined> {
      const row = await find(sessionId);
      if (!row) return undefined;
      return {
        sessionId: row.id,
        orderId: row.order_id,
        courseId: row.course_id,
        courseTitle: row.course_title,
        amountCents: row.amount_cents,
        currency: row.currency,
        customerEmail: row.customer_email,
        status: statusOf(row, clock.now()),
        successUrl: row.success_url,
        cancelUrl: row.cancel_url,
      };
    },

    async complete(sessionId, decision) {
      const now = clock.now();
      const paid = decision === 'pay';
      // Guarded by status and expiry in the statement itself, so of two clicks only one wins.
      const [row] = await db
        .update(localCheckoutSessions)
        .set({ status: paid ? 'paid' : 'failed', failure_reason: paid ? null : decision })
        .where(
          and(
            eq(localCheckoutSessions.id, sessionId),
            eq(localCheckoutSessions.status, 'open'),
            gt(localCheckoutSessions.expires_at, now),
          ),
        )
        .returning();
      if (!row) return undefined;
      return {
        snapshot: snapshotOf(row, now),
        redirectUrl: paid ? row.success_url : withReason(row.cancel_url, decision),
      };
    },
  };
}
