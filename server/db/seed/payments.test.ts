import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_SIFU_PLAN } from '../../../common/payments';
import { localStorage } from '../../platform/storage';
import { createTestApp, type TestApp } from '../../test/app';
import { enrollments, orders, subscriptions, users } from '../schema';
import { DEMO_STUDENT_PASSWORD } from './demo-accounts';
import { monthAround } from './payments';
import { seedDemo } from '.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.database.db, localStorage(t.mediaDir), { info: () => {} }, t.clock.now())).toBe(
    true,
  );
});
afterAll(async () => t.close());

const db = () => t.database.db;

async function signIn(username: string) {
  const res = await t.call('POST', '/api/user/authenticate', { username, password: DEMO_STUDENT_PASSWORD });
  const { token, user } = res.json<{ token: string; user: { id: string } }>();
  return { id: user.id, auth: { authorization: `Bearer ${token}` } };
}

describe('demo payments', () => {
  it("gives Mei's paid enrolment the paid order that bought it", async () => {
    const [mei] = await db().select().from(users).where(eq(users.username, 'mei'));
    const paidEnrolments = await db().select().from(enrollments).where(eq(enrollments.source, 'payment'));
    expect(paidEnrolments).toHaveLength(1);
    const enrolment = paidEnrolments[0]!;
    expect(enrolment.user_id).toBe(mei!.id);

    const rows = await db().select().from(orders);
    expect(rows).toEqual([
      expect.objectContaining({
        user_id: mei!.id,
        course_id: enrolment.course_id,
        course_title: 'Xingyiquan Five Elements: Pi Quan to Heng Quan',
        provider: 'local',
        provider_session_id: expect.stringMatching(/^cs_test_local_/),
        amount_cents: 8900,
        currency: 'USD',
        status: 'paid',
        failure_reason: null,
        created_at: enrolment.start_date,
        paid_at: enrolment.start_date,
      }),
    ]);

    const { id, auth } = await signIn('mei');
    const res = await t.app.inject({ method: 'GET', url: `/api/stripe/orders/${id}`, headers: auth });
    expect(res.json().orders).toHaveLength(1);
    const none = await t.app.inject({ method: 'GET', url: `/api/stripe/subscription/${id}`, headers: auth });
    expect(none.json()).toEqual({ subscription: null });
  });

  it('gives Daniel an active AI Sifu subscription for the current month', async () => {
    const [row] = await db().select().from(subscriptions);
    const period = monthAround(t.clock.now());
    expect(row).toMatchObject({
      plan: AI_SIFU_PLAN,
      status: 'active',
      provider: 'local',
      provider_subscription_id: null,
      monthly_question_limit: 100,
      current_period_start: period.start,
      current_period_end: period.end,
      cancel_at_period_end: false,
    });
    expect(period.start.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(period.end.toISOString()).toBe('2026-04-01T00:00:00.000Z');

    const { id, auth } = await signIn('daniel');
    expect(row!.user_id).toBe(id);
    const res = await t.app.inject({ method: 'GET', url: `/api/stripe/subscription/${id}`, headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({ active: true, monthly_question_limit: 100 });
  });

  it('creates nothing more on a second run', async () => {
    expect(await seedDemo(db(), localStorage(t.mediaDir), { info: () => {} }, t.clock.now())).toBe(false);
    expect(await db().select().from(orders)).toHaveLength(1);
    expect(await db().select().from(subscriptions)).toHaveLength(1);
  });

  it('takes December into the next year', () => {
    const { start, end } = monthAround(new Date('2026-12-31T23:59:59Z'));
    expect([start.toISOString(), end.toISOString()]).toEqual([
      '2026-12-01T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
    ]);
  });
});
