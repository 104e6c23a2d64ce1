import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { AI_SIFU_PLAN } from '../../../common/payments';
import type { Db, Tx } from '../client';
import { courses, enrollments, orders, subscriptions } from '../schema';

/** The AI Sifu allowance of the demo subscription. */
export const DEMO_MONTHLY_QUESTION_LIMIT = 100;

/** The calendar month (UTC) that holds `now`: [first day, first day of the next month). */
export function monthAround(now: Date): { start: Date; end: Date } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return { start: new Date(Date.UTC(year, month, 1)), end: new Date(Date.UTC(year, month + 1, 1)) };
}

/**
 * The payment records behind the demo: every enrolment bought by payment gets the paid order of
 * the built-in test checkout that bought it, at the course's price on the day it started, and
 * Daniel has an active AI Sifu subscription for the current month. Runs inside seedDemo's
 * transaction, once, on a database without users.
 */
export async function seedDemoPayments(
  db: Db | Tx,
  userIds: Readonly<Record<string, string>>,
  now: Date,
): Promise<void> {
  const bought = await db
    .select({
      user_id: enrollments.user_id,
      course_id: courses.id,
      course_title: courses.title,
      price_cents: courses.price_cents,
      currency: courses.currency,
      start_date: enrollments.start_date,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.course_id))
    .where(eq(enrollments.source, 'payment'));
  const paid = bought.filter((row) => row.price_cents > 0);
  if (paid.length > 0) {
    await db.insert(orders).values(
      paid.map((row) => ({
        user_id: row.user_id,
        course_id: row.course_id,
        course_title: row.course_title,
        provider: 'local' as const,
        provider_session_id: `cs_test_local_${randomBytes(24).toString('base64url')}`,
        amount_cents: row.price_cents,
        currency: row.currency,
        status: 'paid' as const,
        created_at: row.start_date,
        updated_at: row.start_date,
        paid_at: row.start_date,
      })),
    );
  }

  const daniel = userIds.daniel;
  if (!daniel) throw new Error('The demo account "daniel" must be created before the demo payments');
  const period = monthAround(now);
  await db.insert(subscriptions).values({
    user_id: daniel,
    plan: AI_SIFU_PLAN,
    status: 'active',
    provider: 'local',
    monthly_question_limit: DEMO_MONTHLY_QUESTION_LIMIT,
    current_period_start: period.start,
    current_period_end: period.end,
    created_at: period.start,
    updated_at: period.start,
  });
}
