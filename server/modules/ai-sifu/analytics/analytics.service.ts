import {
  DAILY_USAGE_DAYS,
  POPULAR_QUESTIONS_DEFAULT_LIMIT,
  type AiAnalytics,
  type CleanCacheResponse,
  type PopularQuestion,
} from '../../../../common/ai-sifu';
import type { Platform } from '../../../platform';
import { addDays, dayBounds, schoolDate } from '../../../../common/school-time';
import { createAnalyticsRepo, type DayWindow } from './analytics.repo';

const DAY_MS = 86_400_000;
/** Active users: those who asked in this many days up to now. */
export const ACTIVE_USER_DAYS = 30;

/** (hits + answers) / answers: how often each cached answer was used, counting its first time; 0 with none. */
export function avgUsagePerQuestion(cached: number, hits: number): number {
  return cached > 0 ? Math.round(((hits + cached) / cached) * 100) / 100 : 0;
}

/**
 * AI Sifu's analytics for administrators, from the log of questions (ai_questions) and the answer
 * cache. Days are the school's (SCHOOL_TIMEZONE), the newest first.
 */
export function createAnalyticsService(platform: Platform) {
  const repo = createAnalyticsRepo(platform.db);
  const timeZone = platform.config.SCHOOL_TIMEZONE;

  /** The last DAILY_USAGE_DAYS school days, today first. */
  function lastDays(now: Date): DayWindow[] {
    const today = schoolDate(now, timeZone);
    return Array.from({ length: DAILY_USAGE_DAYS }, (_, i) => {
      const date = addDays(today, -i);
      return { date, ...dayBounds(date, timeZone) };
    });
  }

  const popular = (limit: number): Promise<PopularQuestion[]> => repo.popular(limit);

  return {
    async analytics(): Promise<AiAnalytics> {
      const now = platform.clock.now();
      const [totals, popularQuestions] = await Promise.all([
        repo.totals(new Date(now.getTime() - ACTIVE_USER_DAYS * DAY_MS), lastDays(now)),
        popular(POPULAR_QUESTIONS_DEFAULT_LIMIT),
      ]);
      return {
        overview: {
          total_questions: totals.total_questions,
          active_users: totals.active_users,
          cached_responses: totals.cached_responses,
          total_cost_cents: totals.total_cost_cents,
        },
        popular_questions: popularQuestions,
        cache_stats: {
          total_cached: totals.total_cached,
          total_cache_hits: totals.total_cache_hits,
          avg_usage_per_question: avgUsagePerQuestion(totals.total_cached, totals.total_cache_hits),
        },
        daily_costs: totals.days,
      };
    },

    popular,

    async cleanCache(): Promise<CleanCacheResponse> {
      return { success: true, removed: await repo.cleanCache() };
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
