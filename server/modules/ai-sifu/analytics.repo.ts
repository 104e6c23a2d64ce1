import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aiAnswerCache, aiQuestions } from '../../db/schema';

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

export function createAnalyticsRepo(db: Db) {
  return {
    /**
     * The overview, the cache's figures and each day's questions and cost, in one statement: one
     * pass over ai_questions for the totals, a range of its created_at index for the active users
     * and one for the days, each row counted in the day it falls in (width_bucket over the days'
     * starts, which the service works out in the school's time zone), and one pass over the cache.
     */
    async totals(activeSince: Date, days: DayWindow[]): Promise<TotalsRow> {
      const ascending = [...days].sort((a, b) => a.start.getTime() - b.start.getTime());
      const starts = `{${ascending.map((day) => day.start.toISOString()).join(',')}}`;
      const [row] = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          with totals as (
            select count(*)::int as total_questions,
                   (count(*) filter (where ${q.cached}))::int as cached_responses,
                   coalesce(sum(${q.cost_cents}), 0)::float8 as total_cost_cents
            from ${q}
          ),
          active as (
            select count(distinct ${q.user_id})::int as active_users
            from ${q} where ${q.created_at} >= ${activeSince.toISOString()}::timestamptz
          ),
          cache as (
            select count(*)::int as total_cached, coalesce(sum(${aiAnswerCache.hits}), 0)::float8 as total_cache_hits
            from ${aiAnswerCache}
          ),
          per_day as (
            select width_bucket(${q.created_at}, ${starts}::timestamptz[]) as bucket, count(*)::int as questions_count,
                   coalesce(sum(${q.cost_cents}), 0)::float8 as daily_cost_cents
            from ${q}
            where ${q.created_at} >= ${ascending[0]!.start.toISOString()}::timestamptz
              and ${q.created_at} < ${ascending.at(-1)!.end.toISOString()}::timestamptz
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
     * typed: the groups are counted in one pass, and only the top ones look up their latest text.
     */
    async popular(limit: number): Promise<PopularRow[]> {
      const rows = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          select latest.question_text, g.usage_count, g.avg_response_time, g.total_cost_cents
          from (
            select ${q.question_key} as question_key, count(*)::int as usage_count,
                   round(avg(${q.response_time_ms}))::int as avg_response_time,
                   coalesce(sum(${q.cost_cents}), 0)::float8 as total_cost_cents,
                   max(${q.created_at}) as last_asked
            from ${q}
            group by ${q.question_key}
            order by usage_count desc, last_asked desc, question_key
            limit ${limit}
          ) g
          cross join lateral (
            select ${q.question_text} as question_text from ${q}
            where ${q.question_key} = g.question_key
            order by ${q.created_at} desc, ${q.id} desc
            limit 1
          ) latest
          order by g.usage_count desc, g.last_asked desc, g.question_key
        `),
      );
      return rows.map((row) => ({
        question_text: String(row.question_text),
        usage_count: Number(row.usage_count),
        avg_response_time: Number(row.avg_response_time),
        total_cost_cents: Number(row.total_cost_cents),
      }));
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
