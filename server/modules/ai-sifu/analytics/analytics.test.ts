import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DAILY_USAGE_DAYS,
  POPULAR_QUESTIONS_DEFAULT_LIMIT,
  type AiAnalytics,
  type PopularQuestion,
} from '../../../../common/ai-sifu';
import { aiQuestions } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createUser } from '../../../test/factories';
import { createCachedAnswer, createQuestion } from '../test/factories';
import { createCourse } from '../../courses/test/factories';
import { avgUsagePerQuestion } from './analytics.service';

/*
 * AI Sifu's analytics against rows written straight into the question log and the answer cache.
 * Other tests of this file add rows too, so figures are compared before and after.
 */

let t: TestApp;
let admin: Record<string, string>;
let courseId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createAdmin(t)).auth;
  courseId = (await createCourse(t)).id;
});
afterAll(async () => t?.close());

const DAY = 86_400_000;
const analytics = async () => {
  const res = await t.call('GET', '/api/admin/ai-sifu/analytics', undefined, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AiAnalytics>();
};
const popular = async (query = '') => {
  const res = await t.call('GET', `/api/admin/ai-sifu/popular-questions${query}`, undefined, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ popular_questions: PopularQuestion[] }>().popular_questions;
};
const cleanCache = async () => {
  const res = await t.call('POST', '/api/admin/ai-sifu/clean-cache', undefined, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ success: true; removed: number }>();
};

describe('GET /api/admin/ai-sifu/analytics: the overview', () => {
  it('counts questions, questions from the cache, their cost, and who asked in the last 30 days', async () => {
    const before = (await analytics()).overview;
    const recent = await createUser(t);
    const lapsed = await createUser(t);
    const now = t.clock.now().getTime();
    await createQuestion(t, { user_id: recent.user.id, cost_cents: 0.25 });
    await createQuestion(t, { user_id: recent.user.id, cached: true, cost_cents: 0 });
    await createQuestion(t, {
      user_id: recent.user.id,
      cost_cents: 1.5,
      created_at: new Date(now - 29 * DAY),
    });
    await createQuestion(t, { user_id: lapsed.user.id, cost_cents: 2, created_at: new Date(now - 31 * DAY) });
    await createQuestion(t, { user_id: null, cached: true });
    const after = (await analytics()).overview;
    expect(after.total_questions - before.total_questions).toBe(5);
    expect(after.cached_responses - before.cached_responses).toBe(2);
    expect(after.total_cost_cents - before.total_cost_cents).toBeCloseTo(3.75, 10);
    // The lapsed student asked 31 days ago, the anonymous row has no one.
    expect(after.active_users - before.active_users).toBe(1);
  });
});

describe('GET /api/admin/ai-sifu/analytics: the daily costs', () => {
  it('buckets the last 30 school days, newest first, every day present, across midnight and DST', async () => {
    // 05:00 in Los Angeles on March 10 2026, two days after the clocks went forward.
    t.clock.set(new Date('2026-03-10T12:00:00Z'));
    const before = (await analytics()).daily_costs;
    expect(before).toHaveLength(DAILY_USAGE_DAYS);
    expect(before[0]!.date).toBe('2026-03-10');
    expect(before.at(-1)!.date).toBe('2026-02-09');
    for (let i = 1; i < before.length; i += 1) {
      const day = new Date(`${before[i - 1]!.date}T00:00:00Z`).getTime() - DAY;
      expect(before[i]!.date).toBe(new Date(day).toISOString().slice(0, 10));
    }
    const at = (iso: string, cost_cents: number) =>
      createQuestion(t, { created_at: new Date(iso), cost_cents });
    await at('2026-03-10T06:59:59Z', 1); // 23:59:59 PDT on March 9
    await at('2026-03-10T07:00:00Z', 2); // midnight PDT: March 10
    await at('2026-03-10T11:59:00Z', 4); // March 10
    await at('2026-03-08T09:59:00Z', 8); // 01:59 PST on March 8, before the change
    await at('2026-03-08T10:00:00Z', 16); // 03:00 PDT on March 8, after it
    await at('2026-02-09T08:00:00Z', 32); // midnight PST: February 9, the oldest day shown
    await at('2026-02-09T07:59:59Z', 64); // 23:59:59 PST on February 8: too old
    await at('2026-03-11T08:00:00Z', 128); // March 11, not yet
    const after = (await analytics()).daily_costs;
    expect(after.map((day) => day.date)).toEqual(before.map((day) => day.date));
    const added = after
      .map((day, i) => ({
        date: day.date,
        questions_count: day.questions_count - before[i]!.questions_count,
        daily_cost_cents: day.daily_cost_cents - before[i]!.daily_cost_cents,
      }))
      .filter((day) => day.questions_count !== 0);
    expect(added).toEqual([
      { date: '2026-03-10', questions_count: 2, daily_cost_cents: 6 },
      { date: '2026-03-09', questions_count: 1, daily_cost_cents: 1 },
      { date: '2026-03-08', questions_count: 2, daily_cost_cents: 24 },
      { date: '2026-02-09', questions_count: 1, daily_cost_cents: 32 },
    ]);
  });
});

describe('popular questions', () => {
  it('groups questions by their normalised form, shown as last typed, most asked first', async () => {
    const tag = `q${randomUUID().slice(0, 6)}`;
    const now = t.clock.now().getTime();
    const ask = (question: string, minutesAgo: number, response_time_ms: number, cost_cents: number) =>
      createQuestion(t, {
        question,
        response_time_ms,
        cost_cents,
        created_at: new Date(now - minutesAgo * 60_000),
      });
    await ask(`How do I relax my shoulders ${tag}?`, 30, 100, 0.5);
    await ask(`how do i RELAX my shoulders ${tag}`, 10, 200, 0);
    await ask(`How do I rélax my shoulders, ${tag}!!`, 20, 201, 1);
    await ask(`Where is the dantian ${tag}`, 5, 50, 0.25);
    await ask(`where is the dantian ${tag}?`, 1, 51, 0.25);
    await ask(`What is peng ${tag}`, 2, 10, 0);
    const mine = (list: PopularQuestion[]) => list.filter((row) => row.question_text.includes(tag));
    const expected = [
      {
        question_text: `how do i RELAX my shoulders ${tag}`,
        usage_count: 3,
        avg_response_time: 167,
        total_cost_cents: 1.5,
      },
      {
        question_text: `where is the dantian ${tag}?`,
        usage_count: 2,
        avg_response_time: 51,
        total_cost_cents: 0.5,
      },
      { question_text: `What is peng ${tag}`, usage_count: 1, avg_response_time: 10, total_cost_cents: 0 },
    ];
    expect(mine(await popular('?limit=100'))).toEqual(expected);
    // The analytics' top 20: no other question of this file was asked more than once, so both groups are in it.
    expect(mine((await analytics()).popular_questions).slice(0, 2)).toEqual(expected.slice(0, 2));
  });

  it('answers 20 by default, the limit asked for, and refuses a limit out of range', async () => {
    const tag = `l${randomUUID().slice(0, 6)}`;
    for (let i = 0; i < POPULAR_QUESTIONS_DEFAULT_LIMIT + 2; i += 1) {
      await createQuestion(t, { question: `Question ${i} ${tag}` });
    }
    expect(await popular()).toHaveLength(POPULAR_QUESTIONS_DEFAULT_LIMIT);
    expect((await analytics()).popular_questions).toHaveLength(POPULAR_QUESTIONS_DEFAULT_LIMIT);
    expect(await popular('?limit=3')).toHaveLength(3);
    for (const [limit, error] of [
      ['0', 'Limit must be at least 1'],
      ['101', 'Limit must be at most 100'],
      ['two', 'Limit must be a whole number'],
    ] as const) {
      const res = await t.call(
        'GET',
        `/api/admin/ai-sifu/popular-questions?limit=${limit}`,
        undefined,
        admin,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error, code: 'VALIDATION_ERROR' });
    }
  });
});

describe('the answer cache', () => {
  it('reports cached answers, their hits and the uses per answer; cleaning empties it', async () => {
    await cleanCache();
    expect((await analytics()).cache_stats).toEqual({
      total_cached: 0,
      total_cache_hits: 0,
      avg_usage_per_question: 0,
    });
    for (const hits of [0, 2, 5]) await createCachedAnswer(t, courseId, hits);
    expect((await analytics()).cache_stats).toEqual({
      total_cached: 3,
      total_cache_hits: 7,
      avg_usage_per_question: 3.33,
    });
    const questions = (await t.database.db.select().from(aiQuestions)).length;
    expect(await cleanCache()).toEqual({ success: true, removed: 3 });
    expect((await analytics()).cache_stats.total_cached).toBe(0);
    // The question log stays: it is what the analytics count.
    expect((await t.database.db.select().from(aiQuestions)).length).toBe(questions);
    expect(await cleanCache()).toEqual({ success: true, removed: 0 });
  });

  it('rounds the uses per answer to two decimals', () => {
    expect(avgUsagePerQuestion(0, 0)).toBe(0);
    expect(avgUsagePerQuestion(3, 0)).toBe(1);
    expect(avgUsagePerQuestion(3, 7)).toBe(3.33);
    expect(avgUsagePerQuestion(3, 8)).toBe(3.67);
  });
});

describe('the figures kept as questions are logged', () => {
  /** The kept figures, and the same counted afresh from the log: they must never differ. */
  const keptAndCounted = async () => {
    const run = async (query: ReturnType<typeof sql>) => {
      const result: unknown = await t.database.db.execute(query);
      return (result as { rows: Record<string, unknown>[] }).rows.map((row) => JSON.stringify(row));
    };
    const bin = sql`date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00')`;
    return {
      periods: await run(sql`select period_start, questions, cached, round(cost_cents::numeric, 6) as cost
        from ai_question_periods order by 1`),
      countedPeriods: await run(sql`select ${bin} as period_start, count(*)::int as questions,
          (count(*) filter (where cached))::int as cached, round(sum(cost_cents)::numeric, 6) as cost
        from ai_questions group by 1 order by 1`),
      keys: await run(sql`select question_key, usage_count, response_time_ms_total::int as ms,
          round(cost_cents::numeric, 6) as cost, last_asked from ai_question_keys order by 1`),
      countedKeys:
        await run(sql`select question_key, count(*)::int as usage_count, sum(response_time_ms)::int as ms,
          round(sum(cost_cents)::numeric, 6) as cost, max(created_at) as last_asked
        from ai_questions group by 1 order by 1`),
    };
  };

  it('stay equal to a fresh count of the log through questions logged and removed', async () => {
    const word = randomUUID().slice(0, 8);
    const now = t.clock.now().getTime();
    for (const [i, daysAgo] of [0, 0, 1, 40, 40, 400].entries()) {
      await createQuestion(t, {
        question: i % 2 ? `Where does the weight sit ${word}?` : `How do I sink the qi ${word}?`,
        cached: i % 3 === 0,
        cost_cents: 0.0125 * i,
        response_time_ms: 40 + i,
        created_at: new Date(now - daysAgo * DAY - i * 60_000),
      });
    }
    let figures = await keptAndCounted();
    expect(figures.periods).toEqual(figures.countedPeriods);
    expect(figures.keys).toEqual(figures.countedKeys);

    // The admin's cleanup removes the log's older rows: the figures follow.
    const res = await t.call('POST', '/api/admin/ai-conversations/cleanup', { days_old: 30 }, admin);
    expect(res.statusCode, res.body).toBe(200);
    figures = await keptAndCounted();
    expect(figures.periods).toEqual(figures.countedPeriods);
    expect(figures.keys).toEqual(figures.countedKeys);
    const latest = (await popular('?limit=100')).find((row) => row.question_text.includes(word));
    expect(latest?.question_text).toBe(`How do I sink the qi ${word}?`);
  });
});
