import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { aiAnswerCache, aiQuestionKeys, aiQuestionPeriods, aiQuestions } from '../../../db/schema';

/** A school day as instants: from its midnight to the next one. */
export interface DayWindow {
  date: string;
  start: Date;
  end: Date;
}

export interface TotalsRow {
  total_questions: number;
  cached_responses: number;
  total_cost_cents: number;
  active_users: number;
  total_cached: number;
  total_cache_hits: number;
  days: { date: string; questions_count: number; daily_cost_cents: number }[];
}

export interface PopularRow {
  question_text: string;
  usage_count: number;
  avg_response_time: number;
  total_cost_cents: number;
}

/** Both drivers answer `execute` with { rows }; Drizzle's shared type does not say so. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const q = aiQuestions;
const periods = aiQuestionPeriods;
const keys = aiQuestionKeys;

export function createAnalyticsRepo(db: Db) {
  return {
    /**
     * The overview, the cache's figures and each day's questions and cost, in one statement. The
     * counts and costs come from the figures kept per quarter hour (ai_question_periods, a
     * trigger's), each quarter counted in the day it starts in (width_bucket over the days'
     * starts, which the service works out in the school's time zone); the active users from a
     * range of the log's created_at index; the cache's from one pass over it.
     */
    async totals(activeSince: Date, days: DayWindow[]): Promise<TotalsRow> {
      const ascending = [...days].sort((a, b) => a.start.getTime() - b.start.getTime());
      const starts = `{${ascending.map((day) => day.start.toISOString()).join(',')}}`;
      const [row] = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          with totals as (
            select coalesce(sum(${periods.questions}), 0)::int as total_questions,
                   coalesce(sum(${periods.cached}), 0)::int as cached_responses,
                   coalesce(sum(${periods.cost_cents}), 0)::float8 as total_cost_cents
            from ${periods}
          ),
          -- Distinct by hashing, not by sorting every row of the 30 days as count(distinct) does.
          active as (
            select count(*)::int as active_users from (
              select distinct ${q.user_id} from ${q}
              where ${q.created_at} >= ${activeSince.toISOString()}::timestamptz and ${q.user_id} is not null
            ) askers
          ),
          cache as (
            select count(*)::int as total_cached, coalesce(sum(${aiAnswerCache.hits}), 0)::float8 as total_cache_hits
            from ${aiAnswerCache}
          ),
          per_day as (
            select width_bucket(${periods.period_start}, ${starts}::timestamptz[]) as bucket,
                   sum(${periods.questions})::int as questions_count,
                   coalesce(sum(${periods.cost_cents}), 0)::float8 as daily_cost_cents
            from ${periods}
            where ${periods.period_start} >= ${ascending[0]!.start.toISOString()}::timestamptz
              and ${periods.period_start} < ${ascending.at(-1)!.end.toISOString()}::timestamptz
            group by 1
          )
          select totals.*, active.*, cache.*,
                 (select coalesce(json_agg(json_build_object('bucket', bucket, 'questions_count', questions_count,
                   'daily_cost_cents', daily_cost_cents)), '[]'::json) from per_day) as days
          from totals, active, cache
        `),
      );
      const raw = typeof row!.days === 'string' ? (JSON.parse(row!.days) as unknown) : row!.days;
      const counted = new Map(
        (raw as { bucket: number; questions_count: number; daily_cost_cents: number }[]).map((day) => [
          ascending[day.bucket - 1]!.date,
          day,
        ]),
      );
      return {
        total_questions: Number(row!.total_questions),
        cached_responses: Number(row!.cached_responses),
        total_cost_cents: Number(row!.total_cost_cents),
        active_users: Number(row!.active_users),
        total_cached: Number(row!.total_cached),
        total_cache_hits: Number(row!.total_cache_hits),
        days: days.map(({ date }) => ({
          date,
          questions_count: Number(counted.get(date)?.questions_count ?? 0),
          daily_cost_cents: Number(counted.get(date)?.daily_cost_cents ?? 0),
        })),
      };
    },

    /**
     * The questions asked most, grouped by their normalised form, each shown as it was last
     * typed: the first rows of the figures kept per question (ai_question_keys, a trigger's).
     */
    async popular(limit: number): Promise<PopularRow[]> {
      const rows = await db
        .select({
          question_text: keys.latest_text,
          usage_count: keys.usage_count,
          avg_response_time: sql<number>`round(${keys.response_time_ms_total}::numeric / ${keys.usage_count})::int`,
          total_cost_cents: keys.cost_cents,
        })
        .from(keys)
        .orderBy(desc(keys.usage_count), desc(keys.last_asked), keys.question_key)
        .limit(limit);
      return rows.map((row) => ({ ...row, avg_response_time: Number(row.avg_response_time) }));
    },

    /** Empties the answer cache; answers how many answers it held. */
    async cleanCache(): Promise<number> {
      const [row] = rowsOf<{ removed: number }>(
        await db.execute(
          sql`with gone as (delete from ${aiAnswerCache} returning 1) select count(*)::int as removed from gone`,
        ),
      );
      return Number(row!.removed);
    },
  };
}
export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
