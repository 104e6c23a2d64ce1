import { describe, expect, it } from 'vitest';
import {
  coursePeriod,
  exhaustedCounter,
  LIMIT_REACHED_CODE,
  limitReached,
  questionsLeft,
  subscriptionPeriod,
} from './allowance';

const COURSE_ID = '7d1c3a52-5b0e-4f43-9d6e-2f0a8c1b9e47';

describe("the AI Sifu allowance's arithmetic", () => {
  it("counts a course's questions by the school's month, which turns at midnight in its time zone", () => {
    expect(coursePeriod(new Date('2026-02-28T15:59:00Z'), 'Asia/Shanghai')).toBe('2026-02-01');
    expect(coursePeriod(new Date('2026-02-28T16:00:00Z'), 'Asia/Shanghai')).toBe('2026-03-01');
    expect(coursePeriod(new Date('2026-03-01T07:59:00Z'), 'America/Los_Angeles')).toBe('2026-02-01');
    expect(coursePeriod(new Date('2026-03-01T08:00:00Z'), 'America/Los_Angeles')).toBe('2026-03-01');
  });

  it("counts a subscription's questions by its period, named by the school day it started", () => {
    const start = new Date('2026-05-14T22:00:00Z');
    expect(subscriptionPeriod(start, 'Asia/Shanghai')).toBe('2026-05-15');
    expect(subscriptionPeriod(start, 'America/Los_Angeles')).toBe('2026-05-14');
  });

  it('leaves the limit less what is used, and none once a lowered limit is passed', () => {
    expect(questionsLeft(0, 5)).toEqual({ used: 0, limit: 5, remaining: 5 });
    expect(questionsLeft(3, 5)).toEqual({ used: 3, limit: 5, remaining: 2 });
    expect(questionsLeft(5, 5)).toEqual({ used: 5, limit: 5, remaining: 0 });
    expect(questionsLeft(7, 5)).toEqual({ used: 7, limit: 5, remaining: 0 });
    expect(questionsLeft(0, 0)).toEqual({ used: 0, limit: 0, remaining: 0 });
  });

  it("refuses over the subscription's questions when there is one, over the course's otherwise", () => {
    const course = { key: 'course', limit: 5 };
    const subscription = { key: 'subscription', limit: 100 };
    expect(exhaustedCounter(course, subscription)).toEqual({
      key: 'subscription',
      limit: 100,
      reason: 'monthly_limit_reached',
    });
    expect(exhaustedCounter(course, undefined)).toEqual({
      key: 'course',
      limit: 5,
      reason: 'course_limit_reached',
    });
  });
});

describe('the answer over the allowance', () => {
  it("is a 403 that names the course's limit, and its details at the top level with that message", () => {
    const error = limitReached({ reason: 'course_limit_reached', limit: 5, used: 5, courseId: COURSE_ID });
    const message =
      'You have used all 5 AI Sifu questions of this course for this month. ' +
      'They renew on the 1st; an AI Sifu subscription adds more.';
    expect(error).toMatchObject({ statusCode: 403, code: LIMIT_REACHED_CODE, message });
    expect(error.fields).toEqual({
      reason: 'course_limit_reached',
      limit: 5,
      used: 5,
      courseId: COURSE_ID,
      message,
    });
  });

  it('says a course without questions of its own has none, and the subscription adds them', () => {
    const error = limitReached({ reason: 'course_limit_reached', limit: 0, used: 0, courseId: COURSE_ID });
    expect(error.message).toBe(
      'This course includes no AI Sifu questions; an AI Sifu subscription adds them.',
    );
  });

  it("names the subscription's limit and when each counter renews once both are used", () => {
    const error = limitReached({
      reason: 'monthly_limit_reached',
      limit: 100,
      used: 100,
      courseId: COURSE_ID,
    });
    expect(error).toMatchObject({
      statusCode: 403,
      code: LIMIT_REACHED_CODE,
      message:
        "You have used this course's AI Sifu questions for this month and all 100 of your subscription's " +
        "for its current period. The subscription's renew with its next period, the course's on the 1st.",
    });
    expect(error.fields).toMatchObject({ reason: 'monthly_limit_reached', limit: 100, used: 100 });
  });
});
