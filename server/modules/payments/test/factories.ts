import { randomUUID } from 'node:crypto';
import { AI_SIFU_PLAN } from '../../../../common/payments';
import { orders, subscriptions } from '../../../db/schema';
import type { TestApp } from '../../../test/app';

/* AI Sifu plans and paid orders, in the state a finished checkout leaves them. */

const DAY = 24 * 60 * 60 * 1000;

/** An AI Sifu plan, by default active: started 10 days ago and paid up for the next 20. */
export async function createSubscription(
  t: TestApp,
  userId: string,
  fields: Partial<typeof subscriptions.$inferInsert> & { startDaysAgo?: number; endsInDays?: number } = {},
) {
  const { startDaysAgo = 10, endsInDays = 20, ...rest } = fields;
  const now = t.clock.now().getTime();
  const [row] = await t.database.db
    .insert(subscriptions)
    .values({
      user_id: userId,
      plan: AI_SIFU_PLAN,
      provider: 'local',
      monthly_question_limit: 100,
      current_period_start: new Date(now - startDaysAgo * DAY),
      current_period_end: new Date(now + endsInDays * DAY),
      created_at: new Date(now - 40 * DAY),
      ...rest,
    })
    .returning();
  return row!;
}

/** A paid order of the user for the course, as a completed checkout leaves it. */
export async function createPaidOrder(t: TestApp, userId: string, course: { id: string; title?: string }) {
  const [row] = await t.database.db
    .insert(orders)
    .values({
      user_id: userId,
      course_id: course.id,
      course_title: course.title ?? 'A paid course',
      provider: 'local',
      provider_session_id: `cs_test_${randomUUID()}`,
      amount_cents: 4900,
      currency: 'USD',
      status: 'paid',
      paid_at: t.clock.now(),
    })
    .returning();
  return row!;
}
