import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_SIFU_PLAN } from '../../../common/payments';
import { orders } from '../../db/schema';
import { createAdmin, createUser } from '../../test/factories';
import { createCourse } from '../courses/test/factories';
import { createSubscription } from './test/factories';
import { createStripeTestApp, type StripeTestApp } from '../../test/fake-stripe';

/* A buyer's order history and AI Sifu subscription. */

let t: StripeTestApp;
beforeAll(async () => {
  t = await createStripeTestApp();
});
afterAll(async () => t?.close());

type Headers = Record<string, string>;
const listOrders = (userId: string, query = '', headers?: Headers) =>
  t.app.inject({ method: 'GET', url: `/api/stripe/orders/${userId}${query}`, headers });
const subscriptionOf = (userId: string, headers?: Headers) =>
  t.app.inject({ method: 'GET', url: `/api/stripe/subscription/${userId}`, headers });

const insertSubscription = (userId: string, fields?: Parameters<typeof createSubscription>[2]) =>
  createSubscription(t, userId, fields);

describe('GET /api/stripe/orders/:userId', () => {
  it("lists the buyer's orders newest first, with paging, to the buyer and to admins", async () => {
    const { user, auth } = await createUser(t);
    const titles: string[] = [];
    for (const price of [10, 20, 30]) {
      const course = await createCourse(t, { price, title: `Course at ${price}` });
      const res = await t.call('POST', '/api/stripe/create-checkout', { course_id: course.id }, auth);
      expect(res.statusCode).toBe(200);
      titles.unshift(`Course at ${price}`);
      t.clock.advance(60_000);
    }

    const res = await listOrders(user.id, '', auth);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.orders.map((o: { course_title: string }) => o.course_title)).toEqual(titles);
    expect(body.orders[0]).toEqual({
      id: expect.any(String),
      user_id: user.id,
      course_id: expect.any(String),
      course_title: 'Course at 30',
      provider: 'stripe',
      provider_session_id: expect.stringMatching(/^cs_test_/),
      amount_cents: 3000,
      currency: 'USD',
      status: 'pending',
      failure_reason: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      paid_at: null,
    });

    const page = await listOrders(user.id, '?limit=1&offset=1', auth);
    expect(page.json().total).toBe(3);
    expect(page.json().orders.map((o: { course_title: string }) => o.course_title)).toEqual(['Course at 20']);

    const admin = await createAdmin(t);
    expect((await listOrders(user.id, '', admin.auth)).json().total).toBe(3);
  });

  it('keeps the title of an order whose course was deleted', async () => {
    const { user, auth } = await createUser(t);
    const course = await createCourse(t, { price: 15, title: 'Retired course' });
    await t.database.db.insert(orders).values({
      user_id: user.id,
      course_id: course.id,
      course_title: 'Retired course',
      provider: 'stripe',
      provider_session_id: `cs_test_${randomUUID()}`,
      amount_cents: 1500,
      currency: 'USD',
    });
    const admin = await createAdmin(t);
    const removed = await t.call('DELETE', `/api/courses/${course.id}`, undefined, admin.auth);
    expect(removed.statusCode).toBeLessThan(300);
    const [order] = (await listOrders(user.id, '', auth)).json().orders;
    expect(order).toMatchObject({ course_id: null, course_title: 'Retired course' });
  });

  it('answers an empty list for a user without orders', async () => {
    const { user, auth } = await createUser(t);
    expect((await listOrders(user.id, '', auth)).json()).toEqual({ orders: [], total: 0 });
  });

  it('refuses another student (403), unknown users (404), no token (401) and bad paging (400)', async () => {
    const { user } = await createUser(t);
    const other = await createUser(t);
    const forbidden = await listOrders(user.id, '', other.auth);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ error: 'You can only access your own account', code: 'NOT_OWNER' });
    const admin = await createAdmin(t);
    const unknown = await listOrders(randomUUID(), '', admin.auth);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'User not found', code: 'USER_NOT_FOUND' });
    expect((await listOrders(user.id)).statusCode).toBe(401);
    expect((await listOrders('nope', '', admin.auth)).json().error).toBe('Invalid user id');
    const cases: [string, string][] = [
      ['?limit=0', 'Limit must be at least 1'],
      ['?limit=201', 'Limit must be at most 200'],
      ['?offset=-1', 'Offset must be 0 or more'],
    ];
    for (const [query, message] of cases) {
      const res = await listOrders(user.id, query, admin.auth);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
    }
  });
});

describe('GET /api/stripe/subscription/:userId', () => {
  it('answers null, not an error, when the user has no subscription', async () => {
    const { user, auth } = await createUser(t);
    const res = await subscriptionOf(user.id, auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ subscription: null });
  });

  it('returns the AI Sifu subscription with whether it is active now', async () => {
    const { user, auth } = await createUser(t);
    const row = await insertSubscription(user.id);
    const res = await subscriptionOf(user.id, auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      subscription: {
        id: row.id,
        user_id: user.id,
        plan: AI_SIFU_PLAN,
        status: 'active',
        active: true,
        provider: 'local',
        monthly_question_limit: 100,
        current_period_start: row.current_period_start.toISOString(),
        current_period_end: row.current_period_end.toISOString(),
        cancel_at_period_end: false,
        created_at: row.created_at.toISOString(),
      },
    });
    const admin = await createAdmin(t);
    expect((await subscriptionOf(user.id, admin.auth)).json().subscription.id).toBe(row.id);
  });

  it.each([
    ['past due inside its period', { status: 'past_due' as const }, true],
    ['canceled', { status: 'canceled' as const }, false],
    ['active whose period has ended', { startDaysAgo: 40, endsInDays: -10 }, false],
  ])('reports a subscription %s with active %s', async (_name, fields, active) => {
    const { user, auth } = await createUser(t);
    await insertSubscription(user.id, fields);
    const res = await subscriptionOf(user.id, auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription.active).toBe(active);
  });

  it('ignores subscriptions to other plans', async () => {
    const { user, auth } = await createUser(t);
    await insertSubscription(user.id, { plan: 'some_other_plan' });
    expect((await subscriptionOf(user.id, auth)).json()).toEqual({ subscription: null });
  });

  it('refuses another student (403), no token (401) and a bad id (400)', async () => {
    const { user } = await createUser(t);
    await insertSubscription(user.id);
    const other = await createUser(t);
    expect((await subscriptionOf(user.id, other.auth)).statusCode).toBe(403);
    expect((await subscriptionOf(user.id)).statusCode).toBe(401);
    expect((await subscriptionOf('nope', other.auth)).statusCode).toBe(400);
  });
});
