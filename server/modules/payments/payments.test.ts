import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALREADY_ENROLLED_MESSAGE,
  CHECKOUT_NOT_FOUND_MESSAGE,
  FREE_COURSE_MESSAGE,
  PROVIDER_UNAVAILABLE_MESSAGE,
} from '../../../common/payments';
import { courses, enrollments, orders } from '../../db/schema';
import { createUser } from '../../test/factories';
import { createCourse, enrollmentRows, enrollUser } from '../courses/test/factories';
import { createStripeTestApp, type StripeTestApp } from '../../test/fake-stripe';
import { CHECKOUT_RATE_LIMIT_PER_MINUTE } from './payments.routes';

/* Checkout and verification through Stripe Checkout, against a fake of Stripe's API over HTTP. */

const PUBLIC_URL = 'https://kwoon.example.org';
let t: StripeTestApp;
beforeAll(async () => {
  t = await createStripeTestApp({ PUBLIC_URL: `${PUBLIC_URL}/` });
});
afterAll(async () => t?.close());

type Headers = Record<string, string>;
const checkout = (payload: object, headers?: Headers) =>
  t.app.inject({ method: 'POST', url: '/api/stripe/create-checkout', headers, payload });
const verify = (payload: object, headers?: Headers) =>
  t.app.inject({ method: 'POST', url: '/api/stripe/verify-payment', headers, payload });
const ordersOf = (userId: string) => t.database.db.select().from(orders).where(eq(orders.user_id, userId));
const receiptsTo = (email: string) => t.mail.filter((m) => m.to === email);

/** A student and a published course at $89.00. */
async function buyer(price = 89) {
  const course = await createCourse(t, { price, title: `Five Elements ${randomUUID().slice(0, 6)}` });
  const student = await createUser(t);
  return { course, ...student };
}

async function startCheckout(courseId: string, headers: Headers) {
  const res = await checkout({ course_id: courseId }, headers);
  expect(res.statusCode).toBe(200);
  return res.json<{ url: string; session_id: string; order_id: string }>();
}

describe('POST /api/stripe/create-checkout', () => {
  it('starts a Stripe checkout at the price in our database, whatever the client sends', async () => {
    const { course, user, auth } = await buyer();
    const res = await checkout(
      {
        course_id: course.id,
        course_price: 1,
        success_url: 'https://evil.example/steal',
        cancel_url: 'https://evil.example/cancel',
        mode: 'payment',
      },
      auth,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      url: `${t.stripe.url}/pay/${body.session_id}`,
      session_id: expect.stringMatching(/^cs_test_/),
      order_id: expect.any(String),
    });

    const [order] = await ordersOf(user.id);
    expect(order).toMatchObject({
      id: body.order_id,
      course_id: course.id,
      provider: 'stripe',
      provider_session_id: body.session_id,
      amount_cents: 8900,
      currency: 'USD',
      status: 'pending',
      paid_at: null,
      created_at: t.clock.now(),
    });

    const sent = t.stripe.requests.filter((r) => r.method === 'POST').at(-1)!;
    expect(sent.idempotencyKey).toBe(body.order_id);
    expect(sent.params).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][unit_amount]': '8900',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][product_data][name]': order!.course_title,
      client_reference_id: body.order_id,
      'metadata[order_id]': body.order_id,
      'metadata[user_id]': user.id,
      'metadata[course_id]': course.id,
      customer_email: user.email,
      success_url: `${PUBLIC_URL}/payment/success?session_id={CHECKOUT_SESSION_ID}&course_id=${course.id}`,
      cancel_url: `${PUBLIC_URL}/payment/failed?course_id=${course.id}&reason=cancelled`,
    });
  });

  it('refuses a free course (400), an enrolled student (409), unknown and unpublished courses (404)', async () => {
    const { user, auth } = await createUser(t);
    const free = await createCourse(t);
    const res = await checkout({ course_id: free.id }, auth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: FREE_COURSE_MESSAGE, code: 'FREE_COURSE' });

    const owned = await createCourse(t, { price: 50 });
    await enrollUser(t, user.id, owned.id, { source: 'admin' });
    const again = await checkout({ course_id: owned.id }, auth);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: ALREADY_ENROLLED_MESSAGE, code: 'ALREADY_ENROLLED' });

    const hidden = await createCourse(t, { price: 50, is_published: false });
    for (const courseId of [hidden.id, randomUUID()]) {
      const missing = await checkout({ course_id: courseId }, auth);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'Course not found', code: 'COURSE_NOT_FOUND' });
    }
    expect(await ordersOf(user.id)).toEqual([]);
  });

  it('validates the body and needs a token', async () => {
    const { course, user, auth } = await buyer();
    const cases: [unknown, string][] = [
      [{}, 'Invalid course id'],
      [{ course_id: 'nope' }, 'Invalid course id'],
      [{ course_id: course.id, mode: 'subscription' }, 'Only one-time payments are supported'],
      [{ course_id: course.id, course_price: 'free' }, 'Invalid input: expected number, received string'],
      [[], 'Invalid input: expected object, received array'],
    ];
    for (const [payload, message] of cases) {
      const res = await checkout(payload as object, auth);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
    }
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-checkout',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{"course_id":',
    });
    expect(text.statusCode).toBe(400);
    const anonymous = await checkout({ course_id: course.id });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHORIZED');
    expect(await ordersOf(user.id)).toEqual([]);
  });

  it('answers 503 and keeps no order when Stripe fails', async () => {
    const { course, user, auth } = await buyer();
    t.stripe.failNextCreates(1);
    const res = await checkout({ course_id: course.id }, auth);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: PROVIDER_UNAVAILABLE_MESSAGE, code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
    expect(await ordersOf(user.id)).toEqual([]);
  });

  it('retries a passing Stripe failure with the same idempotency key', async () => {
    const { course, user, auth } = await buyer();
    t.stripe.failNextCreates(1, { retryable: true });
    const before = t.stripe.requests.length;
    const body = await startCheckout(course.id, auth);
    const attempts = t.stripe.requests.slice(before).filter((r) => r.method === 'POST');
    expect(attempts).toHaveLength(2);
    expect(attempts.map((r) => r.idempotencyKey)).toEqual([body.order_id, body.order_id]);
    expect(await ordersOf(user.id)).toHaveLength(1);
  });

  it('hands back the checkout still open for the course instead of a second one that could be paid twice', async () => {
    const { course, user, auth } = await buyer();
    const other = await createCourse(t, { price: 20 });
    const first = await startCheckout(course.id, auth);
    const elsewhere = await startCheckout(other.id, auth);
    const creates = () =>
      t.stripe.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/sessions'));
    const created = creates().length;
    t.clock.advance(1000);
    const again = await startCheckout(course.id, auth);
    expect(again).toEqual(first);
    expect(creates()).toHaveLength(created);
    const statuses = new Map((await ordersOf(user.id)).map((o) => [o.id, o.status]));
    expect(statuses).toEqual(
      new Map([
        [first.order_id, 'pending'],
        [elsewhere.order_id, 'pending'],
      ]),
    );
  });

  it('closes at Stripe a checkout started before the price changed, cancels its order and charges the new price', async () => {
    const { course, user, auth } = await buyer();
    const first = await startCheckout(course.id, auth);
    await t.database.db.update(courses).set({ price_cents: 9900 }).where(eq(courses.id, course.id));
    const second = await startCheckout(course.id, auth);
    expect(second.session_id).not.toBe(first.session_id);
    expect(t.stripe.session(first.session_id).status).toBe('expired');
    const byId = new Map((await ordersOf(user.id)).map((o) => [o.id, o]));
    expect(byId.get(first.order_id)).toMatchObject({ status: 'cancelled', amount_cents: 8900 });
    expect(byId.get(second.order_id)).toMatchObject({ status: 'pending', amount_cents: 9900 });
  });

  it('answers 409 and enrols when the open checkout was paid in the meantime (another tab)', async () => {
    const { course, user, auth } = await buyer();
    const first = await startCheckout(course.id, auth);
    t.stripe.markPaid(first.session_id);
    const res = await checkout({ course_id: course.id }, auth);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: ALREADY_ENROLLED_MESSAGE, code: 'ALREADY_ENROLLED' });
    expect((await ordersOf(user.id)).map((o) => o.status)).toEqual(['paid']);
    expect(await enrollmentRows(t, user.id, course.id)).toHaveLength(1);
    expect(receiptsTo(user.email)).toHaveLength(1);
  });

  it('still honours a payment that arrives for a cancelled order: paid always wins', async () => {
    const { course, user, auth } = await buyer();
    const first = await startCheckout(course.id, auth);
    await t.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, first.order_id));
    t.stripe.markPaid(first.session_id);
    const res = await verify({ session_id: first.session_id, course_id: course.id }, auth);
    expect(res.json()).toMatchObject({ success: true, status: 'paid', enrolled: true });
    expect(await enrollmentRows(t, user.id, course.id)).toHaveLength(1);
  });

  it(`allows ${CHECKOUT_RATE_LIMIT_PER_MINUTE} checkouts a minute per buyer`, async () => {
    const free = await createCourse(t);
    const { auth } = await createUser(t);
    for (let i = 0; i < CHECKOUT_RATE_LIMIT_PER_MINUTE; i++) {
      expect((await checkout({ course_id: free.id }, auth)).statusCode).toBe(400);
    }
    const limited = await checkout({ course_id: free.id }, auth);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    // Another buyer has a limit of their own.
    const other = await createUser(t);
    expect((await checkout({ course_id: free.id }, other.auth)).statusCode).toBe(400);
  });
});

describe('POST /api/stripe/verify-payment', () => {
  it('enrols the buyer once Stripe reports the session paid, and sends one receipt', async () => {
    const { course, user, auth } = await buyer();
    const { session_id, order_id } = await startCheckout(course.id, auth);
    t.clock.advance(60_000);
    t.stripe.markPaid(session_id);

    const res = await verify({ session_id, course_id: course.id }, auth);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      status: 'paid',
      enrolled: true,
      order: {
        id: order_id,
        user_id: user.id,
        course_id: course.id,
        provider: 'stripe',
        provider_session_id: session_id,
        amount_cents: 8900,
        currency: 'USD',
        status: 'paid',
        failure_reason: null,
        paid_at: t.clock.now().toISOString(),
      },
    });
    const [enrolment] = await enrollmentRows(t, user.id, course.id);
    expect(enrolment!.source).toBe('payment');

    const receipts = receiptsTo(user.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe(`Payment received: ${body.order.course_title}`);
    expect(receipts[0]!.text).toContain('$89.00 (one-time payment, lifetime access)');
    expect(receipts[0]!.text).toContain('March 2, 2026');
    expect(receipts[0]!.text).toContain(`${PUBLIC_URL}/app/course/${course.id}`);

    // Asking again changes nothing and sends nothing.
    const again = await verify({ session_id, course_id: course.id }, auth);
    expect(again.json()).toMatchObject({ success: true, status: 'paid', enrolled: true });
    expect(receiptsTo(user.email)).toHaveLength(1);
    expect(await enrollmentRows(t, user.id, course.id)).toHaveLength(1);
  });

  it('reports an unpaid session as pending without enrolling', async () => {
    const { course, user, auth } = await buyer();
    const { session_id } = await startCheckout(course.id, auth);
    const open = await verify({ session_id, course_id: course.id }, auth);
    expect(open.statusCode).toBe(200);
    expect(open.json()).toMatchObject({ success: false, status: 'pending', enrolled: false });

    // Completed with a payment that settles later: still pending.
    t.stripe.markAwaitingPayment(session_id);
    const waiting = await verify({ session_id, course_id: course.id }, auth);
    expect(waiting.json()).toMatchObject({ success: false, status: 'pending', enrolled: false });
    expect(await enrollmentRows(t, user.id, course.id)).toEqual([]);
    expect(receiptsTo(user.email)).toEqual([]);
  });

  it('marks the order expired when Stripe expired the session', async () => {
    const { course, auth } = await buyer();
    const { session_id } = await startCheckout(course.id, auth);
    t.stripe.markExpired(session_id);
    const res = await verify({ session_id, course_id: course.id }, auth);
    expect(res.json()).toMatchObject({ success: false, status: 'expired', enrolled: false });
  });

  it("answers 404 for another buyer's session, another course or an unknown session, changing nothing", async () => {
    const { course, user, auth } = await buyer();
    const { session_id } = await startCheckout(course.id, auth);
    t.stripe.markPaid(session_id);
    const other = await createUser(t);
    const otherCourse = await createCourse(t, { price: 10 });
    const attempts = [
      verify({ session_id, course_id: course.id }, other.auth),
      verify({ session_id, course_id: otherCourse.id }, auth),
      verify({ session_id: 'cs_test_unknown', course_id: course.id }, auth),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: CHECKOUT_NOT_FOUND_MESSAGE, code: 'CHECKOUT_NOT_FOUND' });
    }
    const [order] = await ordersOf(user.id);
    expect(order!.status).toBe('pending');
    expect(await enrollmentRows(t, user.id, course.id)).toEqual([]);
    expect(await enrollmentRows(t, other.user.id, course.id)).toEqual([]);
  });

  it('enrols again when a paid order lost its enrolment', async () => {
    const { course, user, auth } = await buyer();
    const { session_id } = await startCheckout(course.id, auth);
    t.stripe.markPaid(session_id);
    await verify({ session_id, course_id: course.id }, auth);
    await t.database.db.delete(enrollments).where(eq(enrollments.user_id, user.id));

    const res = await verify({ session_id, course_id: course.id }, auth);
    expect(res.json()).toMatchObject({ success: true, status: 'paid', enrolled: true });
    expect(await enrollmentRows(t, user.id, course.id)).toHaveLength(1);
    expect(receiptsTo(user.email)).toHaveLength(1);
  });

  it('validates the body and needs a token', async () => {
    const { course, auth } = await buyer();
    const cases: [object, string][] = [
      [{ course_id: course.id }, 'session_id is required'],
      [{ session_id: '  ', course_id: course.id }, 'session_id is required'],
      [{ session_id: 'x'.repeat(256), course_id: course.id }, 'session_id is too long'],
      [{ session_id: 'cs_test_x', course_id: 'nope' }, 'Invalid course id'],
    ];
    for (const [payload, message] of cases) {
      const res = await verify(payload, auth);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect((await verify({ session_id: 'cs_test_x', course_id: course.id })).statusCode).toBe(401);
  });
});

describe('GET /api/payment/local-checkout/:sessionId under Stripe', () => {
  it('answers 404: the test checkout exists only with PAYMENTS_PROVIDER=local', async () => {
    const { course, auth } = await buyer();
    const { session_id } = await startCheckout(course.id, auth);
    const get = await t.app.inject({ method: 'GET', url: `/api/payment/local-checkout/${session_id}` });
    expect(get.statusCode).toBe(404);
    expect(get.json().code).toBe('CHECKOUT_NOT_FOUND');
    const post = await t.call('POST', `/api/payment/local-checkout/${session_id}`, { outcome: 'pay' });
    expect(post.statusCode).toBe(404);
  });
});
