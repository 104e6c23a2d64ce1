import { and, count, eq, gt, inArray, lt, max, sql, sum, type SQL } from 'drizzle-orm';
import { AI_SIFU_PLAN } from '../../../../common/payments';
import type { Db } from '../../../db/client';
import {
  aiAnswerCache,
  aiConversations,
  aiQuestions,
  aiUsage,
  courses,
  knowledgeEntries,
  lessons,
  subscriptions,
  users,
  type AnswerSources,
} from '../../../db/schema';

/** What a cached answer's analytics row names as its provider. */
export const CACHE_PROVIDER = 'cache';

/** One allowance's counter: the course's own (scope = course id) or the subscription's. */
export interface UsageKey {
  userId: string;
  scope: string;
  /** YYYY-MM-DD: the first of the school month, or the subscription period's start. */
  period: string;
}

export interface StoredAnswer {
  userId: string;
  courseId: string;
  questionKey: string;
  questionText: string;
  responseText: string;
  sources: AnswerSources;
  cached: boolean;
  provider: string;
  costCents: number;
  inputTokens: number;
  outputTokens: number;
  responseTimeMs: number;
  at: Date;
}

const usageWhere = (key: UsageKey) =>
  and(eq(aiUsage.user_id, key.userId), eq(aiUsage.scope, key.scope), eq(aiUsage.period, key.period));

export function createAskRepo(db: Db) {
  /** The student's history row and the analytics row of one answered question. */
  async function record(answer: StoredAnswer): Promise<string> {
    const [conversation] = await db
      .insert(aiConversations)
      .values({
        user_id: answer.userId,
        course_id: answer.courseId,
        question_text: answer.questionText,
        response_text: answer.responseText,
        sources: answer.sources,
        cached_response: answer.cached,
        response_time_ms: answer.responseTimeMs,
        created_at: answer.at,
      })
      .returning({ id: aiConversations.id });
    await db.insert(aiQuestions).values({
      user_id: answer.userId,
      course_id: answer.courseId,
      question_key: answer.questionKey,
      question_text: answer.questionText,
      cached: answer.cached,
      provider: answer.provider,
      cost_cents: answer.costCents,
      input_tokens: answer.inputTokens,
      output_tokens: answer.outputTokens,
      response_time_ms: answer.responseTimeMs,
      created_at: answer.at,
    });
    return conversation!.id;
  }

  return {
    /**
     * The course's title and whether `opens` (the asker may open it: CourseAccess.opens) holds, in
     * one statement; undefined when there is no such course.
     */
    async courseFor(courseId: string, opens: SQL<boolean>) {
      const [row] = await db
        .select({ title: courses.title, opens })
        .from(courses)
        .where(eq(courses.id, courseId))
        .limit(1);
      return row;
    },

    async findUser(userId: string) {
      const [row] = await db
        .select({ id: users.id, is_admin: users.is_admin })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    async aiSubscription(userId: string) {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.user_id, userId), eq(subscriptions.plan, AI_SIFU_PLAN)))
        .limit(1);
      return row;
    },

    /**
     * Answers from the cache in one statement: the cached answer of the question in the course,
     * its hit counted, and the student's history row and the analytics row written (cost 0, no
     * tokens). Undefined, and nothing written, when the course has no answer to the question.
     */
    async answerFromCache(hit: {
      userId: string;
      courseId: string;
      questionKey: string;
      questionText: string;
      responseTimeMs: number;
      at: Date;
    }): Promise<{ conversation_id: string; response_text: string; sources: AnswerSources } | undefined> {
      const at = hit.at.toISOString();
      // Both drivers answer with { rows }; Drizzle's shared type does not say so.
      const result: unknown = await db.execute(sql`
        with hit as (
          update ai_answer_cache set hits = hits + 1, last_hit_at = ${at}::timestamptz
          where course_id = ${hit.courseId} and question_key = ${hit.questionKey}
          returning response_text, sources
        ), conversation as (
          insert into ai_conversations
            (user_id, course_id, question_text, response_text, sources, cached_response, response_time_ms, created_at)
          select ${hit.userId}, ${hit.courseId}, ${hit.questionText}, response_text, sources, true,
                 ${hit.responseTimeMs}, ${at}::timestamptz
          from hit
          returning id
        ), question as (
          insert into ai_questions
            (user_id, course_id, question_key, question_text, cached, provider, cost_cents, response_time_ms, created_at)
          select ${hit.userId}, ${hit.courseId}, ${hit.questionKey}, ${hit.questionText}, true, ${CACHE_PROVIDER}, 0,
                 ${hit.responseTimeMs}, ${at}::timestamptz
          from hit
        )
        select conversation.id as conversation_id, hit.response_text, hit.sources from hit, conversation
      `);
      return (
        result as { rows: { conversation_id: string; response_text: string; sources: AnswerSources }[] }
      ).rows[0];
    },

    /**
     * Counts one question against the allowance when it has one left: the guarded update is atomic
     * per row, so concurrent questions never pass the limit. Returns the new count, or undefined
     * when the allowance is used up.
     */
    async reserve(key: UsageKey, limit: number, at: Date): Promise<number | undefined> {
      if (limit <= 0) return undefined;
      await db
        .insert(aiUsage)
        .values({ user_id: key.userId, scope: key.scope, period: key.period, used: 0, updated_at: at })
        .onConflictDoNothing();
      const [row] = await db
        .update(aiUsage)
        .set({ used: sql`${aiUsage.used} + 1`, updated_at: at })
        .where(and(usageWhere(key), lt(aiUsage.used, limit)))
        .returning({ used: aiUsage.used });
      return row?.used;
    },

    /** Gives back a reserved question (the answer failed); never below zero. */
    async release(key: UsageKey, at: Date): Promise<void> {
      await db
        .update(aiUsage)
        .set({ used: sql`${aiUsage.used} - 1`, updated_at: at })
        .where(and(usageWhere(key), gt(aiUsage.used, 0)));
    },

    /** Questions used per scope in the given periods (missing scopes used none). */
    async usedIn(userId: string, keys: { scope: string; period: string }[]): Promise<Map<string, number>> {
      const used = new Map<string, number>();
      if (keys.length === 0) return used;
      const rows = await db
        .select({ scope: aiUsage.scope, period: aiUsage.period, used: aiUsage.used })
        .from(aiUsage)
        .where(
          and(
            eq(aiUsage.user_id, userId),
            inArray(aiUsage.scope, [...new Set(keys.map((k) => k.scope))]),
            inArray(aiUsage.period, [...new Set(keys.map((k) => k.period))]),
          ),
        );
      for (const key of keys) {
        const row = rows.find((r) => r.scope === key.scope && r.period === key.period);
        used.set(key.scope, row?.used ?? 0);
      }
      return used;
    },

    /** How many of the ids still name a knowledge entry or a lesson. */
    async countExisting(ids: string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const [[entries], [lessonRows]] = await Promise.all([
        db.select({ n: count() }).from(knowledgeEntries).where(inArray(knowledgeEntries.id, ids)),
        db.select({ n: count() }).from(lessons).where(inArray(lessons.id, ids)),
      ]);
      return (entries?.n ?? 0) + (lessonRows?.n ?? 0);
    },

    /** Keeps an answer for its course and question; a concurrent first answer keeps its place. */
    async cache(answer: {
      courseId: string;
      questionKey: string;
      responseText: string;
      sources: AnswerSources;
      drawnOn: string[];
      at: Date;
    }): Promise<void> {
      await db
        .insert(aiAnswerCache)
        .values({
          course_id: answer.courseId,
          question_key: answer.questionKey,
          response_text: answer.responseText,
          sources: answer.sources,
          drawn_on: answer.drawnOn,
          created_at: answer.at,
        })
        .onConflictDoNothing();
    },

    record,

    /** A user's totals over every question they asked. */
    async totals(userId: string) {
      const [row] = await db
        .select({
          total: count(),
          cost: sum(aiQuestions.cost_cents).mapWith(Number),
          last: max(aiQuestions.created_at),
        })
        .from(aiQuestions)
        .where(eq(aiQuestions.user_id, userId));
      return { total: row?.total ?? 0, cost: row?.cost ?? 0, last: row?.last ?? null };
    },
  };
}
export type AskRepo = ReturnType<typeof createAskRepo>;
