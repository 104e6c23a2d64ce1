import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { AI_SIFU_PLAN } from '../../common/payments';
import {
  courseRequests,
  jobs,
  lessonProgress,
  mediaFiles,
  orders,
  reviews,
  subscriptions,
  termsAcceptances,
  termsVersions,
} from '../db/schema';
import type { TestApp } from './app';

/* Rows that belong to a student — reviews, course requests, acceptances, plans — inserted directly. */

const DAY = 24 * 60 * 60 * 1000;

/** A review of a course by a user (the user need not be enrolled: the row is written as is). */
export async function createReview(
  t: TestApp,
  userId: string,
  courseId: string,
  input: { rating?: number; review_text?: string; is_published?: boolean } = {},
) {
  const [row] = await t.database.db
    .insert(reviews)
    .values({
      user_id: userId,
      course_id: courseId,
      rating: input.rating ?? 4,
      review_text: input.review_text ?? 'Clear teaching, patient corrections',
      is_published: input.is_published ?? true,
      created_at: t.clock.now(),
      updated_at: t.clock.now(),
    })
    .returning();
  return row!;
}

export async function createCourseRequest(t: TestApp, userId: string, subject = 'Chen style Taijiquan') {
  const [row] = await t.database.db
    .insert(courseRequests)
    .values({
      user_id: userId,
      subject,
      experience: 'Two years of Yang style',
      reason: 'No teacher nearby',
      created_at: t.clock.now(),
      updated_at: t.clock.now(),
    })
    .returning();
  return row!;
}

/** The version of the terms of service in force. */
export async function currentTermsVersion(t: TestApp): Promise<string> {
  const [row] = await t.database.db
    .select({ version: termsVersions.version })
    .from(termsVersions)
    .where(eq(termsVersions.is_current, true));
  return row!.version;
}

/** The user's acceptance of the current terms. */
export async function acceptTerms(t: TestApp, userId: string) {
  const [row] = await t.database.db
    .insert(termsAcceptances)
    .values({ user_id: userId, version: await currentTermsVersion(t), accepted_at: t.clock.now() })
    .returning();
  return row!;
}

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

/** A record of an uploaded file (the bytes themselves are not written). */
export async function createMediaFile(t: TestApp, ownerId: string | null) {
  const [row] = await t.database.db
    .insert(mediaFiles)
    .values({
      public_id: `avatars/${randomUUID()}.webp`,
      folder: 'avatars',
      owner_id: ownerId,
      content_type: 'image/webp',
      bytes: 1024,
      width: 512,
      height: 512,
    })
    .returning();
  return row!;
}

/** Marks a lesson complete for an enrolled user, as the progress routes do. */
export async function completeLesson(t: TestApp, userId: string, courseId: string, lessonId: string) {
  const [row] = await t.database.db
    .insert(lessonProgress)
    .values({ user_id: userId, course_id: courseId, lesson_id: lessonId, completed_at: t.clock.now() })
    .returning();
  return row!;
}

/**
 * Asks for a recovery code for `email` and reads it from the e-mail, as the mailbox's owner would
 * (the e-mail is sent after the 202, so this waits for it).
 */
export async function emailedResetCode(t: TestApp, email: string): Promise<string> {
  const before = t.mail.length;
  const res = await t.app.inject({ method: 'POST', url: '/api/user/request-reset-code', payload: { email } });
  expect(res.statusCode, res.body).toBe(202);
  const mail = await vi.waitFor(() => {
    const found = t.mail
      .slice(before)
      .find((m) => m.to === email.toLowerCase() && /reset code/.test(m.subject));
    if (!found) throw new Error(`no code e-mailed to ${email}`);
    return found;
  });
  return /\b(\d{6})\b/.exec(mail.text)![1]!;
}

/** Asks, as `me`, to move `me`'s account to a new address; returns the token of the link mailed to it. */
export async function requestEmailChange(
  t: TestApp,
  me: {
    user: { id: string; name: string; username: string };
    password: string;
    auth: Record<string, string>;
  },
): Promise<string> {
  const email = `moved-${randomUUID().slice(0, 8)}@example.org`;
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/user/${me.user.id}`,
    headers: me.auth,
    payload: { name: me.user.name, username: me.user.username, email, current_password: me.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  const mail = await vi.waitFor(() => {
    const found = t.mail.find((m) => m.to === email);
    if (!found) throw new Error(`no confirmation link sent to ${email}`);
    return found;
  });
  return /confirm-email\?token=(\S+)/.exec(mail.text)![1]!;
}

/** A job that used up its attempts, as the worker leaves it. */
export async function createDeadJob(t: TestApp, kind = 'mail.send') {
  const [row] = await t.database.db
    .insert(jobs)
    .values({
      kind,
      payload: { outboxId: randomUUID() },
      status: 'dead',
      attempts: 3,
      max_attempts: 3,
      last_error: 'connect ECONNREFUSED 127.0.0.1:25',
      created_at: t.clock.now(),
      finished_at: t.clock.now(),
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
