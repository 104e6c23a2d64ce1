import { monthOf, type AiUsage, type UsageLimitDetails } from '../../../../common/ai-sifu';
import type { Platform } from '../../../platform';
import { AppError } from '../../../platform/errors';
import { schoolDate, zonedParts } from '../../../../common/school-time';
import type { CourseAccess } from '../../enrollments/course-access.service';
import { isSubscriptionActive } from '../../payments/payments.service';
import type { AskRepo, UsageKey } from './ask.repo';

/** The counter of the AI Sifu subscription's questions (a course's own counter is the course id). */
export const SUBSCRIPTION_SCOPE = 'subscription';
export const LIMIT_REACHED_CODE = 'SIFU_LIMIT_REACHED';

export function courseLimitMessage(limit: number): string {
  if (limit === 0) return 'This course includes no AI Sifu questions; an AI Sifu subscription adds them.';
  return (
    `You have used all ${limit} AI Sifu questions of this course for this month. ` +
    'They renew on the 1st; an AI Sifu subscription adds more.'
  );
}

export function subscriptionLimitMessage(limit: number): string {
  return (
    `You have used this course's AI Sifu questions for this month and all ${limit} of your subscription's ` +
    "for its current period. The subscription's renew with its next period, the course's on the 1st."
  );
}

/** The 403 over the allowance: the API's error shape with the details at the top level (UsageLimitError). */
export function limitReached(details: Omit<UsageLimitDetails, 'message'>): AppError {
  const message =
    details.reason === 'course_limit_reached'
      ? courseLimitMessage(details.limit)
      : subscriptionLimitMessage(details.limit);
  return new AppError(403, LIMIT_REACHED_CODE, message, undefined, undefined, { ...details, message });
}

const noSubscription = { active: false, used: 0, limit: 0, remaining: 0 };

/** A course's questions are counted by school month, named by its first day in the school's time zone. */
export const coursePeriod = (at: Date, timeZone: string): string => monthOf(schoolDate(at, timeZone));

/** A subscription's questions are counted by its current period, named by the school day it started. */
export const subscriptionPeriod = (periodStart: Date, timeZone: string): string =>
  zonedParts(periodStart, timeZone).date;

/** What is left of an allowance: never below zero, though a lowered limit can leave more used than it allows. */
export const questionsLeft = (used: number, limit: number) => ({
  used,
  limit,
  remaining: Math.max(0, limit - used),
});

/**
 * The counter a refused question is over: the subscription's when the student has an active one
 * (the course's own questions are used before it), otherwise the course's.
 */
export function exhaustedCounter<Key>(
  course: { key: Key; limit: number },
  subscription: { key: Key; limit: number } | undefined,
): { key: Key; limit: number; reason: UsageLimitDetails['reason'] } {
  return subscription
    ? { ...subscription, reason: 'monthly_limit_reached' }
    : { ...course, reason: 'course_limit_reached' };
}

/**
 * The questions a student may ask. Each enrolled course gives AI_SIFU_COURSE_MONTHLY_LIMIT a school
 * month (counted from the first of the month in SCHOOL_TIMEZONE); an active AI Sifu subscription
 * adds its monthly_question_limit for its current period, used in any course once that course's
 * own are used. Counters live in ai_usage, one row per user, scope and period, so a new month or
 * period starts from zero without a reset job.
 */
export function createAllowance(
  platform: Platform,
  repo: AskRepo,
  access: Pick<CourseAccess, 'openCourses'>,
) {
  const timeZone = platform.config.SCHOOL_TIMEZONE;
  const courseLimit = platform.config.AI_SIFU_COURSE_MONTHLY_LIMIT;

  /** The subscription's counter and limit, when the user has an active AI Sifu subscription. */
  async function subscriptionOf(userId: string, at: Date) {
    const row = await repo.aiSubscription(userId);
    if (!row || !isSubscriptionActive(row, at)) return undefined;
    const key: UsageKey = {
      userId,
      scope: SUBSCRIPTION_SCOPE,
      period: subscriptionPeriod(row.current_period_start, timeZone),
    };
    return { key, limit: row.monthly_question_limit };
  }

  return {
    /**
     * Counts one question, the course's own first, then the subscription's; the key says which, for
     * the release. Throws the limit error when neither has one left.
     */
    async reserve(userId: string, courseId: string, at: Date): Promise<UsageKey> {
      const courseKey: UsageKey = { userId, scope: courseId, period: coursePeriod(at, timeZone) };
      if ((await repo.reserve(courseKey, courseLimit, at)) !== undefined) return courseKey;
      const subscription = await subscriptionOf(userId, at);
      if (subscription && (await repo.reserve(subscription.key, subscription.limit, at)) !== undefined) {
        return subscription.key;
      }
      const over = exhaustedCounter({ key: courseKey, limit: courseLimit }, subscription);
      const used = (await repo.usedIn(userId, [over.key])).get(over.key.scope) ?? 0;
      throw limitReached({ reason: over.reason, limit: over.limit, used, courseId });
    },

    /** Gives a reserved question back: its answer failed, so the student is not charged. */
    release: (key: UsageKey, at: Date) => repo.release(key, at),

    /** What the widget shows: each enrolled course's questions this month and the subscription's. */
    async usage(userId: string, isAdmin: boolean, at: Date): Promise<AiUsage> {
      if (isAdmin) return { is_admin: true, subscription: noSubscription, courses: [] };
      const [courses, subscription] = await Promise.all([
        access.openCourses(userId),
        subscriptionOf(userId, at),
      ]);
      const period = coursePeriod(at, timeZone);
      const used = await repo.usedIn(userId, [
        ...courses.map((course) => ({ scope: course.id, period })),
        ...(subscription ? [subscription.key] : []),
      ]);
      const allowance = (scope: string, limit: number) => questionsLeft(used.get(scope) ?? 0, limit);
      return {
        is_admin: false,
        subscription: subscription
          ? { active: true, ...allowance(SUBSCRIPTION_SCOPE, subscription.limit) }
          : noSubscription,
        courses: courses.map((course) => ({
          course_id: course.id,
          course_title: course.title,
          ...allowance(course.id, courseLimit),
        })),
      };
    },
  };
}
export type Allowance = ReturnType<typeof createAllowance>;
