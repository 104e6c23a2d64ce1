import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_SIGNATURE_MESSAGE } from '../../../common/payments';
import { orders } from '../../db/schema';
import { createUser } from '../../test/factories';
import { createCourse, enrollmentRows } from '../courses/test/factories';
import { createStripeTestApp, signPayload, stripeEvent, type StripeTestApp } from '../../test/fake-stripe';
import { itConcurrently } from '../../test/concurrency';

/* Stripe's signed webhook events, delivered as Stripe sends them: raw JSON and Stripe-Signature. */

let t: StripeTestApp;
beforeAll(async () => {
  t = await createStripeTestApp();
});
afterAll(async () => t?.close());

const deliver = (payload: string, signature: string | undefined, contentType = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': contentType,
      ...(signature === undefined ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
const deliverSigned = (payload: string) => deliver(payload, signPayload(payload));

const orderById = async (id: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

/** A student with a pending Stripe checkout for a $49.00 course. */
async function pendingCheckout() {
  const course = await createCourse(t, { price: 49 });
  const { user, auth } = await createUser(t);
  const res = await t.call('POST', '/api/stripe/create-checkout', { course_id: course.id }, auth);
  expect(res.statusCode).toBe(200);
  const { session_id, order_id } = res.json<{ session_id: string; order_id: string }>();
  return { course, user, auth, sessionId: session_id, orderId: order_id };
}

describe('POST /api/stripe/webhook: signatures', () => {
  it('refuses unsigned, tampered and wrongly signed events (400) and changes nothing', async () => {
    const { course, user, sessionId, orderId } = await pendingCheckout();
    t.stripe.markPaid(sessionId);
    const payload = t.stripe.event('checkout.session.completed', sessionId);
    const tampered = payload.replace('"livemode":false', '"livemode":true');
    const attempts = [
      deliver(payload, undefined),
      deliver(payload, ''),
      deliver(payload, 'not a signature'),
      deliver(tampered, signPayload(payload)),
      deliver(payload, signPayload(payload, 'whsec_someone_else')),
      deliver(payload, signPayload(payload).replace(/t=\d+/, 't=1000000000')),
      deliver('', signPayload('')),
      deliver('{not json', signPayload('{not json')),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: INVALID_SIGNATURE_MESSAGE, code: 'INVALID_SIGNATURE' });
    }
    expect((await orderById(orderId)).status).toBe('pending');
    expect(await enrollmentRows(t, user.id, course.id)).toEqual([]);
    expect(t.mail.filter((m) => m.to === user.email)).toEqual([]);
  });

  it('reads the raw bytes whatever the content type says, and refuses bodies over 1 MB (413)', async () => {
    const { orderId, sessionId } = await pendingCheckout();
    t.stripe.markPaid(sessionId);
    const payload = t.stripe.event('checkout.session.completed', sessionId);
    const res = await deliver(payload, signPayload(payload), 'text/plain');
    expect(res.statusCode).toBe(200);
    expect((await orderById(orderId)).status).toBe('paid');

    const big = JSON.stringify({ padding: 'x'.repeat(1024 * 1024) });
    const tooLarge = await deliver(big, signPayload(big));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ error: 'The request is too large' });
  });
});

describe('POST /api/stripe/webhook: checkout events', () => {
  it('checkout.session.completed (paid) marks the order paid, enrols the buyer and sends a receipt', async () => {
    const { course, user, sessionId, orderId } = await pendingCheckout();
    t.stripe.markPaid(sessionId);
    const res = await deliverSigned(t.stripe.event('checkout.session.completed', sessionId));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const order = await orderById(orderId);
    expect(order).toMatchObject({ status: 'paid', paid_at: t.clock.now(), failure_reason: null });
    const [enrolment] = await enrollmentRows(t, user.id, course.id);
    expect(enrolment!.source).toBe('payment');
    const receipts = t.mail.filter((m) => m.to === user.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('$49.00');
    // Without PUBLIC_URL the link is built from the address the event came to.
    expect(receipts[0]!.text).toContain(`/app/course/${course.id}`);
  });

  it('checkout.session.completed while an asynchronous payment is under way keeps the order pending', async () => {
    const { course, user, sessionId, orderId } = await pendingCheckout();
    t.stripe.markAwaitingPayment(sessionId);
    expect((await deliverSigned(t.stripe.event('checkout.session.completed', sessionId))).statusCode).toBe(
      200,
    );
    expect((await orderById(orderId)).status).toBe('pending');
    expect(await enrollmentRows(t, user.id, course.id)).toEqual([]);

    t.stripe.markPaid(sessionId);
    const paid = await deliverSigned(t.stripe.event('checkout.session.async_payment_succeeded', sessionId));
    expect(paid.statusCode).toBe(200);
    expect((await orderById(orderId)).status).toBe('paid');
    expect(await enrollmentRows(t, user.id, course.id)).toHaveLength(1);
  });

  it('checkout.session.async_payment_failed marks the order failed', async () => {
    const { course, user, sessionId, orderId } = await pendingCheckout();
    t.stripe.markAwaitingPayment(sessionId);
    const res = await deliverSigned(t.stripe.event('checkout.session.async_payment_failed', sessionId));
    expect(res.statusCode).toBe(200);
    expect(await orderById(orderId)).toMatchObject({
      status: 'failed',
      failure_reason: 'failed',
      paid_at: null,
    });
    expect(await enrollmentRows(t, user.id, course.id)).toEqual([]);
  });

  it('checkout.session.expired marks a pending order expired, but never a paid one', async () => {
    const first = await pendingCheckout();
    t.stripe.markExpired(first.sessionId);
    expect(
      (await deliverSigned(t.stripe.event('checkout.session.expired', first.sessionId))).statusCode,
    ).toBe(200);
    expect((await orderById(first.orderId)).status).toBe('expired');

    const second = await pendingCheckout();
    t.stripe.markPaid(second.sessionId);
    await deliverSigned(t.stripe.event('checkout.session.completed', second.sessionId));
    await deliverSigned(t.stripe.event('checkout.session.expired', second.sessionId));
    await deliverSigned(t.stripe.event('checkout.session.async_payment_failed', second.sessionId));
    expect((await orderById(second.orderId)).status).toBe('paid');
  });

  it('acknowledges other event types and events for sessions it does not know', async () => {
    const { sessionId, orderId } = await pendingCheckout();
    const other = await deliverSigned(t.stripe.event('payment_intent.succeeded', sessionId));
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ received: true });
    const customer = await deliverSigned(
      stripeEvent('customer.created', { id: 'cus_1', object: 'customer' }),
    );
    expect(customer.statusCode).toBe(200);
    expect((await orderById(orderId)).status).toBe('pending');

    const unknown = stripeEvent('checkout.session.completed', {
      id: `cs_test_${randomUUID()}`,
      object: 'checkout.session',
      status: 'complete',
      payment_status: 'paid',
      metadata: { order_id: randomUUID() },
    });
    const res = await deliverSigned(unknown);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });

    for (const odd of ['{}', '[]', JSON.stringify({ type: 'checkout.session.completed', data: {} })]) {
      const signed = await deliverSigned(odd);
      expect(signed.statusCode).toBe(200);
    }
  });

  itConcurrently(
    'gives one paid order, one enrolment and one receipt for 20 duplicate deliveries and a verify at once',
    async () => {
      const { course, user, auth, sessionId, orderId } = await pendingCheckout();
      t.stripe.markPaid(sessionId);
      const payload = t.stripe.event('checkout.session.completed', sessionId);
      const signature = signPayload(payload);
      const results = await Promise.all([
        ...Array.from({ length: 20 }, () => deliver(payload, signature)),
        t.call('POST', '/api/stripe/verify-payment', { session_id: sessionId, course_id: course.id }, auth),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 21 }, () => 200));
      expect(results.at(-1)!.json()).toMatchObject({ success: true, status: 'paid', enrolled: true });

      const rows = await t.database.db.select().from(orders).where(eq(orders.user_id, user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: orderId, status: 'paid' });
      expect(await enrollmentRows(t, user.id, course.id)).toHaveLength(1);
      expect(t.mail.filter((m) => m.to === user.email)).toHaveLength(1);
    },
  );
});
