import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AiUsage, SIFU_LIMIT_MESSAGE, UsageLimitError } from '../../../../common/ai-sifu';
import { eq } from 'drizzle-orm';
import { aiUsage, subscriptions } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import { itConcurrently } from '../../../test/concurrency';
import { createUser } from '../../../test/factories';
import { answerOf, askAs, createKnowledge, uniqueWord, usedCount } from '../test/factories-ask';
import { createCourse, enrollUser } from '../../courses/test/factories';
import { createSubscription } from '../../payments/test/factories';
import {
  courseLimitMessage,
  LIMIT_REACHED_CODE,
  subscriptionLimitMessage,
  SUBSCRIPTION_SCOPE,
} from './allowance';

const LIMIT = 3;
const START = new Date('2026-03-02T18:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AI_SIFU_COURSE_MONTHLY_LIMIT: LIMIT, AI_SIFU_RATE_LIMIT_PER_MINUTE: 10_000 });
});
afterAll(async () => t.close());
beforeEach(() => t.clock.set(START));

async function enrolledStudent() {
  const student = await createUser(t);
  const course = await createCourse(t, { modules: 1, lessonsPerModule: 1 });
  await enrollUser(t, student.user.id, course.id);
  return { student, course };
}

/** A question no one asked before, so the cache cannot answer it. */
const fresh = () => `What is ${uniqueWord()}?`;

async function useUp(auth: Record<string, string>, courseId: string, n: number) {
  for (let i = 0; i < n; i++) {
    const res = await askAs(t, auth, fresh(), courseId);
    expect(res.statusCode, res.body).toBe(200);
  }
}

async function usageOf(auth: Record<string, string>) {
  const res = await t.call('GET', '/api/ai-sifu/usage', undefined, auth);
  expect(res.statusCode, res.body).toBe(200);
  return AiUsage.parse(res.json());
}

describe('the course allowance', () => {
  it(`gives each enrolled course ${LIMIT} questions a month, then refuses with the limit's details`, async () => {
    const { student, course } = await enrolledStudent();
    await useUp(student.auth, course.id, LIMIT);
    const res = await askAs(t, student.auth, fresh(), course.id);
    expect(res.statusCode).toBe(403);
    const body = UsageLimitError.parse(res.json());
    expect(body).toEqual({
      error: courseLimitMessage(LIMIT),
      code: LIMIT_REACHED_CODE,
      reason: 'course_limit_reached',
      limit: LIMIT,
      used: LIMIT,
      courseId: course.id,
      message: courseLimitMessage(LIMIT),
    });
    expect(body.message).not.toBe(SIFU_LIMIT_MESSAGE);
    expect(await usedCount(t, student.user.id, course.id)).toBe(LIMIT);

    // Another course has its own.
    const other = await createCourse(t, { modules: 1, lessonsPerModule: 1 });
    await enrollUser(t, student.user.id, other.id);
    expect((await askAs(t, student.auth, fresh(), other.id)).statusCode).toBe(200);
  });

  it('still answers from the cache once the allowance is used', async () => {
    const { student, course } = await enrolledStudent();
    const word = uniqueWord();
    await createKnowledge(t, { body: `The ${word} walk.` });
    const question = `How is the ${word} walk done?`;
    expect((await askAs(t, student.auth, question, course.id)).statusCode).toBe(200);
    await useUp(student.auth, course.id, LIMIT - 1);
    const res = await askAs(t, student.auth, question, course.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(answerOf(res).cached).toBe(true);
    expect(await usedCount(t, student.user.id, course.id)).toBe(LIMIT);
  });

  it('starts again on the first of the month in the school’s time zone', async () => {
    // Signed in on the day, so the session is fresh.
    t.clock.set(new Date('2026-03-31T20:00:00Z'));
    const { student, course } = await enrolledStudent();
    await useUp(student.auth, course.id, LIMIT);
    // 23:59 on March 31 in Los Angeles (PDT, UTC-7) is already April in UTC: still March's questions.
    t.clock.set(new Date('2026-04-01T06:59:00Z'));
    expect((await askAs(t, student.auth, fresh(), course.id)).statusCode).toBe(403);
    t.clock.set(new Date('2026-04-01T07:01:00Z'));
    expect((await askAs(t, student.auth, fresh(), course.id)).statusCode).toBe(200);
    const usage = await usageOf(student.auth);
    expect(usage.courses).toEqual([
      expect.objectContaining({ course_id: course.id, used: 1, limit: LIMIT, remaining: LIMIT - 1 }),
    ]);
  });
});

describe('the AI Sifu subscription', () => {
  it('adds its questions once a course’s own are used, in any course', async () => {
    const { student, course } = await enrolledStudent();
    await createSubscription(t, student.user.id, { monthly_question_limit: 2 });
    const other = await createCourse(t, { modules: 1, lessonsPerModule: 1 });
    await enrollUser(t, student.user.id, other.id);

    await useUp(student.auth, course.id, LIMIT + 1);
    expect(await usedCount(t, student.user.id, SUBSCRIPTION_SCOPE)).toBe(1);
    // The other course uses its own first.
    await useUp(student.auth, other.id, 1);
    expect(await usedCount(t, student.user.id, SUBSCRIPTION_SCOPE)).toBe(1);
    await useUp(student.auth, course.id, 1);
    expect(await usedCount(t, student.user.id, SUBSCRIPTION_SCOPE)).toBe(2);

    const res = await askAs(t, student.auth, fresh(), course.id);
    expect(res.statusCode).toBe(403);
    expect(UsageLimitError.parse(res.json())).toEqual({
      error: subscriptionLimitMessage(2),
      code: LIMIT_REACHED_CODE,
      reason: 'monthly_limit_reached',
      limit: 2,
      used: 2,
      courseId: course.id,
      message: subscriptionLimitMessage(2),
    });
    const usage = await usageOf(student.auth);
    expect(usage.subscription).toEqual({ active: true, used: 2, limit: 2, remaining: 0 });
    expect(usage.courses.find((c) => c.course_id === course.id)).toMatchObject({ used: LIMIT, remaining: 0 });
    expect(usage.courses.find((c) => c.course_id === other.id)).toMatchObject({
      used: 1,
      remaining: LIMIT - 1,
    });
  });

  it.each([
    ['canceled', { status: 'canceled' as const }],
    ['ended', { startDaysAgo: 40, endsInDays: -10 }],
  ])('does not help once %s', async (_name, fields) => {
    const { student, course } = await enrolledStudent();
    await createSubscription(t, student.user.id, { monthly_question_limit: 50, ...fields });
    await useUp(student.auth, course.id, LIMIT);
    const res = await askAs(t, student.auth, fresh(), course.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ reason: 'course_limit_reached', limit: LIMIT, used: LIMIT });
    expect((await usageOf(student.auth)).subscription).toEqual({
      active: false,
      used: 0,
      limit: 0,
      remaining: 0,
    });
  });

  it('counts each subscription period apart: a renewal starts from zero', async () => {
    const { student, course } = await enrolledStudent();
    const sub = await createSubscription(t, student.user.id, { monthly_question_limit: 1 });
    await useUp(student.auth, course.id, LIMIT + 1);
    expect((await askAs(t, student.auth, fresh(), course.id)).statusCode).toBe(403);
    // Renewed: the same row's period moves forward.
    const day = 86_400_000;
    await t.database.db
      .update(subscriptions)
      .set({
        current_period_start: t.clock.now(),
        current_period_end: new Date(t.clock.now().getTime() + 30 * day),
      })
      .where(eq(subscriptions.id, sub.id));
    expect((await askAs(t, student.auth, fresh(), course.id)).statusCode).toBe(200);
    expect((await usageOf(student.auth)).subscription).toEqual({
      active: true,
      used: 1,
      limit: 1,
      remaining: 0,
    });
  });
});

describe('many questions at once', () => {
  const PARALLEL = 50;

  /** Puts the counter of one scope at `used` for the current period. */
  async function setUsed(userId: string, scope: string, period: string, used: number) {
    await t.database.db.insert(aiUsage).values({ user_id: userId, scope, period, used });
  }

  itConcurrently(
    `${PARALLEL} questions with one left: exactly one is answered, the others refused, the counter at the limit`,
    async () => {
      const { student, course } = await enrolledStudent();
      await setUsed(student.user.id, course.id, '2026-03-01', LIMIT - 1);
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, () => askAs(t, student.auth, fresh(), course.id)),
      );
      const statuses = answers.map((res) => res.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 403)).toHaveLength(PARALLEL - 1);
      for (const res of answers.filter((r) => r.statusCode === 403)) {
        expect(res.json()).toMatchObject({ reason: 'course_limit_reached', limit: LIMIT, used: LIMIT });
      }
      expect(await usedCount(t, student.user.id, course.id)).toBe(LIMIT);
    },
    120_000,
  );

  itConcurrently(
    `${PARALLEL} questions with one left of the subscription: exactly one is answered`,
    async () => {
      const { student, course } = await enrolledStudent();
      await createSubscription(t, student.user.id, { monthly_question_limit: 5, startDaysAgo: 0 });
      await setUsed(student.user.id, course.id, '2026-03-01', LIMIT);
      await setUsed(student.user.id, SUBSCRIPTION_SCOPE, '2026-03-02', 4);
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, () => askAs(t, student.auth, fresh(), course.id)),
      );
      expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
      const refused = answers.filter((res) => res.statusCode === 403);
      expect(refused).toHaveLength(PARALLEL - 1);
      for (const res of refused) {
        expect(res.json()).toMatchObject({ reason: 'monthly_limit_reached', limit: 5, used: 5 });
      }
      expect(await usedCount(t, student.user.id, SUBSCRIPTION_SCOPE)).toBe(5);
      expect(await usedCount(t, student.user.id, course.id)).toBe(LIMIT);
    },
    120_000,
  );
});
