import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_CLOSED_MESSAGE, CHECKOUT_NOT_FOUND_MESSAGE } from '../../../common/payments';
import { testConfig } from '../../config';
import { courses, orders } from '../../db/schema';
import { LOCAL_CHECKOUT_TTL_MS } from '../../platform/payments/local';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { createCourse, enrollmentRows } from '../courses/test/factories';
import { itConcurrently } from '../../test/concurrency';

/* The built-in test checkout (PAYMENTS_PROVIDER=local, the default): no money moves. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Without PUBLIC_URL the addresses point at the port the server listens on, never at the Host header. */
const ORIGIN = `http://localhost:${testConfig().PORT}`;

const session = (id: string) => t.app.inject({ method: 'GET', url: `/api/payment/local-checkout/${id}` });
const decide = (id: string, outcome: string) =>
  t.app.inject({ method: 'POST', url: `/api/payment/local-checkout/${id}`, payload: { outcome } });
const orderById = async (id: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

async function startCheckout(price = 89) {
  const course = await createCourse(t, { price, title: 'Xingyiquan Five Elements' });
  const { user, auth } = await createUser(t);
  const res = await t.call(
    'POST',
    '/api/stripe/create-checkout',
    { course_id: course.id, course_price: 1 },
    auth,
  );
  expect(res.statusCode).toBe(200);
  const body = res.json<{ url: string; session_id: string; order_id: string }>();
  const verify = () =>
    t.call('POST', '/api/stripe/verify-payment', { session_id: body.session_id, course_id: course.id }, auth);
  return { course, user, auth, ...body, verify };
}

const checkoutAgain = (courseId: string, auth: Record<string, string>) =>
  t.call('POST', '/api/stripe/create-checkout', { course_id: courseId }, auth);

describe('the built-in test checkout', () => {
  it('hands back the open checkout again; after a refused card, or a price change, a new one starts', async () => {
    const { course, auth, url, session_id, order_id } = await startCheckout();
    const again = await checkoutAgain(course.id, auth);
    expect(again.json()).toEqual({ url, session_id, order_id });

    await t.database.db.update(courses).set({ price_cents: 9900 }).where(eq(courses.id, course.id));
    const repriced = (await checkoutAgain(course.id, auth)).json<{ session_id: string; order_id: string }>();
    expect(repriced.session_id).not.toBe(session_id);
    expect((await session(session_id)).json().status).toBe('expired');
    expect((await decide(session_id, 'pay')).statusCode).toBe(409);
    expect(await orderById(order_id)).toMatchObject({ status: 'cancelled' });

    expect((await decide(repriced.session_id, 'declined')).statusCode).toBe(200);
    const retry = (await checkoutAgain(course.id, auth)).json<{ session_id: string }>();
    expect(retry.session_id).not.toBe(repriced.session_id);
    expect(await orderById(repriced.order_id)).toMatchObject({
      status: 'failed',
      failure_reason: 'declined',
    });
  });

  it('sends the buyer to the app page of a new session that shows the course and price', async () => {
    const { course, user, url, session_id, order_id } = await startCheckout();
    expect(session_id).toMatch(/^cs_test_local_[A-Za-z0-9_-]{32}$/);
    expect(url).toBe(`${new URL(ORIGIN).origin}/payment/checkout/${session_id}`);
    expect(await orderById(order_id)).toMatchObject({
      provider: 'local',
      amount_cents: 8900,
      status: 'pending',
    });

    const res = await session(session_id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      session_id,
      course_id: course.id,
      course_title: 'Xingyiquan Five Elements',
      amount_cents: 8900,
      currency: 'USD',
      customer_email: user.email,
      status: 'open',
      cancel_url: `${ORIGIN}/payment/failed?course_id=${course.id}&reason=cancelled`,
    });
  });

  it('never builds its addresses from a forged Host or X-Forwarded-Host header', async () => {
    const forged = { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' };
    const course = await createCourse(t, { price: 49 });
    const { user, auth } = await createUser(t);
    const start = await t.call(
      'POST',
      '/api/stripe/create-checkout',
      { course_id: course.id },
      { ...auth, ...forged },
    );
    const { url, session_id } = start.json<{ url: string; session_id: string }>();
    expect(url).toBe(`${ORIGIN}/payment/checkout/${session_id}`);
    const cancel = await t.app.inject({ method: 'GET', url: `/api/payment/local-checkout/${session_id}` });
    expect(cancel.json().cancel_url.startsWith(`${ORIGIN}/payment/failed?`)).toBe(true);
    const paid = await t.call(
      'POST',
      `/api/payment/local-checkout/${session_id}`,
      { outcome: 'pay' },
      forged,
    );
    expect(paid.json().redirect_url.startsWith(`${ORIGIN}/payment/success?`)).toBe(true);
    const receipt = t.mail.filter((m) => m.to === user.email).at(-1)!;
    expect(receipt.text).toContain(`${ORIGIN}/app/course/${course.id}`);
    expect(receipt.text).not.toContain('attacker.example');
  });

  it('pay: the order is paid, the buyer enrolled and sent to the success page; a second click gets 409', async () => {
    const { course, user, session_id, order_id, verify } = await startCheckout();
    const res = await decide(session_id, 'pay');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      redirect_url: `${ORIGIN}/payment/success?session_id=${session_id}&course_id=${course.id}`,
    });
    expect(await orderById(order_id)).toMatchObject({ status: 'paid', paid_at: t.clock.now() });
    const [enrolment] = await enrollmentRows(t, user.id, course.id);
    expect(enrolment!.source).toBe('payment');
    const receipts = t.mail.filter((m) => m.to === user.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain(`${ORIGIN}/app/course/${course.id}`);
    expect((await session(session_id)).json().status).toBe('paid');

    for (const outcome of ['pay', 'declined', 'cancel']) {
      const again = await decide(session_id, outcome);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: CHECKOUT_CLOSED_MESSAGE, code: 'CHECKOUT_CLOSED' });
    }
    expect((await verify()).json()).toMatchObject({ success: true, status: 'paid', enrolled: true });
    expect(t.mail.filter((m) => m.to === user.email)).toHaveLength(1);
  });

  itConcurrently('lets only one of two simultaneous clicks win', async () => {
    const { user, course, session_id } = await startCheckout();
    const results = await Promise.all([decide(session_id, 'pay'), decide(session_id, 'declined')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json().redirect_url as string;
    expect(await enrollmentRows(t, user.id, course.id)).toHaveLength(
      winner.includes('/payment/success') ? 1 : 0,
    );
  });

  it('cancel: back to the failure page, nothing changes and the session stays open', async () => {
    const { course, user, session_id, order_id } = await startCheckout();
    const res = await decide(session_id, 'cancel');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      redirect_url: `${ORIGIN}/payment/failed?course_id=${course.id}&reason=cancelled`,
    });
    expect((await orderById(order_id)).status).toBe('pending');
    expect((await session(session_id)).json().status).toBe('open');
    expect(await enrollmentRows(t, user.id, course.id)).toEqual([]);
    // The buyer can come back and pay.
    expect((await decide(session_id, 'pay')).statusCode).toBe(200);
    expect((await orderById(order_id)).status).toBe('paid');
  });

  it.each(['declined', 'insufficient_funds', 'expired_card', 'invalid_card'])(
    '%s: the order fails with that reason and the failure page shows it',
    async (outcome) => {
      const { course, user, session_id, order_id, verify } = await startCheckout();
      const res = await decide(session_id, outcome);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        redirect_url: `${ORIGIN}/payment/failed?course_id=${course.id}&reason=${outcome}`,
      });
      expect(await orderById(order_id)).toMatchObject({
        status: 'failed',
        failure_reason: outcome,
        paid_at: null,
      });
      expect((await session(session_id)).json().status).toBe('failed');
      expect(await enrollmentRows(t, user.id, course.id)).toEqual([]);
      expect((await verify()).json()).toMatchObject({ success: false, status: 'failed', enrolled: false });
      expect((await decide(session_id, 'pay')).statusCode).toBe(409);
    },
  );

  it('expires after 24 hours: the page shows it expired, its buttons get 409, verify reports expired', async () => {
    const { session_id, order_id, verify } = await startCheckout();
    t.clock.advance(LOCAL_CHECKOUT_TTL_MS + 1000);
    expect((await session(session_id)).json().status).toBe('expired');
    for (const outcome of ['pay', 'cancel', 'declined']) {
      expect((await decide(session_id, outcome)).statusCode).toBe(409);
    }
    expect((await verify()).json()).toMatchObject({ success: false, status: 'expired', enrolled: false });
    expect((await orderById(order_id)).status).toBe('expired');
  });

  it('answers 404 for unknown sessions and 400 for a bad outcome', async () => {
    for (const res of [await session('cs_test_local_nope'), await decide('cs_test_local_nope', 'pay')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: CHECKOUT_NOT_FOUND_MESSAGE, code: 'CHECKOUT_NOT_FOUND' });
    }
    const { session_id, order_id } = await startCheckout();
    for (const payload of [{ outcome: 'steal' }, {}, { outcome: 1 }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/payment/local-checkout/${session_id}`,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Choose an outcome');
    }
    const long = await session('x'.repeat(256));
    expect(long.statusCode).toBe(414);
    expect(long.json().code).toEqual(expect.any(String));
    expect((await orderById(order_id)).status).toBe('pending');
  });

  it('answers 400 on the Stripe webhook: nothing is signed in test mode', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_SIGNATURE');
  });
});
