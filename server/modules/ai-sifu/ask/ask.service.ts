import { performance } from 'node:perf_hooks';
import {
  normalizeQuestion,
  SIFU_ADMIN_REFUSED,
  SIFU_COURSE_NOT_FOUND,
  SIFU_NOT_ENROLLED,
  SIFU_PROVIDER_FAILED,
  SIFU_PROVIDER_TIMEOUT,
  type AiAnswer,
  type AiUsage,
  type UserUsageResponse,
} from '../../../../common/ai-sifu';
import type { AnswerSources } from '../../../db/schema';
import type { Platform } from '../../../platform';
import type { AuthContext } from '../../../platform/auth';
import { AppError, forbidden, notFound } from '../../../platform/errors';
import type { CourseAccess } from '../../enrollments/course-access.service';
import { createAllowance } from './allowance';
import { createAskRepo } from './ask.repo';
import { ProviderError, type AiProvider, type RetrievedEntry } from './provider';
import type { Retrieval } from './retrieval';
import { isSafetyQuestion } from './safety';

export interface AnswerOptions {
  /** Called with each piece of the answer as it is written (a cached answer comes in one piece). */
  onDelta?: (text: string) => void;
  /** Aborts the provider's call (the client went away). */
  signal?: AbortSignal;
}

/**
 * A question that passed every check: answered from the cache already, or holding one reserved
 * question of the allowance until `answer()` either keeps it (answered) or gives it back (failed).
 */
export interface PendingAnswer {
  readonly cached: boolean;
  answer(options?: AnswerOptions): Promise<AiAnswer>;
}

/**
 * The sources an answer drew on: the cited ids that name retrieved entries (anything else the
 * provider said is dropped, so an answer never cites an entry that does not exist), each once,
 * in the provider's order, split by kind.
 */
export function citedSources(
  entries: readonly RetrievedEntry[],
  cited: readonly string[],
): { sources: AnswerSources; drawnOn: string[] } {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const sources: AnswerSources = {
    terms_used: [],
    manual_sections: [],
    classical_references: [],
    lessons_used: [],
  };
  const drawnOn: string[] = [];
  for (const id of new Set(cited)) {
    const entry = byId.get(id);
    if (!entry) continue;
    if (entry.kind === 'lesson') {
      if (!entry.course_id || !entry.module_id) continue;
      sources.lessons_used.push({
        id,
        title: entry.title,
        course_id: entry.course_id,
        module_id: entry.module_id,
      });
    } else {
      const ref = {
        id,
        kind: entry.kind,
        title: entry.title,
        hanzi: entry.hanzi,
        pinyin: entry.pinyin,
        source: entry.source,
      };
      const list = {
        term: 'terms_used',
        manual: 'manual_sections',
        classic: 'classical_references',
      } as const;
      sources[list[entry.kind]].push(ref);
    }
    drawnOn.push(id);
  }
  return { sources, drawnOn };
}

const providerFailure = (error: ProviderError) =>
  error.kind === 'timeout'
    ? new AppError(504, 'SIFU_PROVIDER_TIMEOUT', SIFU_PROVIDER_TIMEOUT)
    : new AppError(502, 'SIFU_PROVIDER_FAILED', SIFU_PROVIDER_FAILED);

/**
 * AI Sifu's answers to enrolled students: from the cache when the course has answered the same
 * question before (free, not counted), else one question of the allowance, the knowledge and the
 * course's lessons that match, and the provider's answer citing them. Every answer is kept in the
 * student's history and counted in the analytics.
 */
export function createAskService(
  platform: Platform,
  deps: {
    retrieval: Pick<Retrieval, 'retrieve'>;
    provider: AiProvider;
    access: Pick<CourseAccess, 'opens' | 'openCourses'>;
  },
) {
  const { retrieval, provider, access } = deps;
  const repo = createAskRepo(platform.db);
  const allowance = createAllowance(platform, repo, access);
  const now = () => platform.clock.now();
  const elapsed = (since: number) => Math.max(0, Math.round(performance.now() - since));

  async function admit(auth: AuthContext, courseId: string): Promise<void> {
    if (auth.user.is_admin) throw forbidden(SIFU_ADMIN_REFUSED, 'SIFU_ADMIN_REFUSED');
    const course = await repo.courseFor(courseId, access.opens(auth.user.id, courseId));
    if (!course) throw notFound(SIFU_COURSE_NOT_FOUND, 'COURSE_NOT_FOUND');
    if (!course.opens) throw forbidden(SIFU_NOT_ENROLLED, 'SIFU_NOT_ENROLLED');
  }

  return {
    /**
     * Checks who asks, then answers from the cache or reserves a question. Everything that can
     * refuse the question (access, course, allowance) is decided here, before any answer is written.
     */
    async begin(auth: AuthContext, input: { question: string; course_id: string }): Promise<PendingAnswer> {
      const started = performance.now();
      const userId = auth.user.id;
      const courseId = input.course_id;
      const question = input.question;
      const questionKey = normalizeQuestion(question);
      await admit(auth, courseId);

      // Measured up to the write, so the history and the analytics keep the time the student is told.
      const hitTimeMs = elapsed(started);
      const cached = await repo.answerFromCache({
        userId,
        courseId,
        questionKey,
        questionText: question,
        responseTimeMs: hitTimeMs,
        at: now(),
      });
      const hit: AiAnswer | undefined = cached && {
        response: cached.response_text,
        ...cached.sources,
        cost_cents: 0,
        response_time_ms: hitTimeMs,
        cached: true,
        conversation_id: cached.conversation_id,
      };
      if (hit) {
        return {
          cached: true,
          answer: async (options = {}) => {
            options.onDelta?.(hit.response);
            return hit;
          },
        };
      }

      const reserved = await allowance.reserve(userId, courseId, now());
      return {
        cached: false,
        answer: async (options = {}) => {
          try {
            const entries = await retrieval.retrieve(question, courseId);
            const result = await provider.answer({
              question,
              entries,
              safety: isSafetyQuestion(question),
              ...(options.onDelta ? { onDelta: options.onDelta } : {}),
              ...(options.signal ? { signal: options.signal } : {}),
            });
            const { sources, drawnOn } = citedSources(entries, result.cited);
            const costCents = Math.max(0, result.cost_cents);
            return await platform.tx(async () => {
              const at = now();
              // An entry deleted while the provider wrote is not cached as a source (its trigger has run).
              if ((await repo.countExisting(drawnOn)) === drawnOn.length) {
                await repo.cache({ courseId, questionKey, responseText: result.text, sources, drawnOn, at });
              }
              const responseTimeMs = elapsed(started);
              const conversationId = await repo.record({
                userId,
                courseId,
                questionKey,
                questionText: question,
                responseText: result.text,
                sources,
                cached: false,
                provider: provider.name,
                costCents,
                inputTokens: result.input_tokens,
                outputTokens: result.output_tokens,
                responseTimeMs,
                at,
              });
              return {
                response: result.text,
                ...sources,
                cost_cents: costCents,
                response_time_ms: responseTimeMs,
                cached: false,
                conversation_id: conversationId,
              };
            });
          } catch (error) {
            // A failed release must not hide why the answer failed.
            await allowance
              .release(reserved, now())
              .catch((failure: unknown) =>
                platform.log.error(
                  { err: failure, usage: reserved },
                  'could not give back a reserved question',
                ),
              );
            if (error instanceof ProviderError) throw providerFailure(error);
            throw error;
          }
        },
      };
    },

    usage: (auth: AuthContext): Promise<AiUsage> => allowance.usage(auth.user.id, auth.user.is_admin, now()),

    /** A student's usage as they see it, and their totals (administrators). */
    async userUsage(userId: string): Promise<UserUsageResponse> {
      const user = await repo.findUser(userId);
      if (!user) throw notFound('User not found', 'USER_NOT_FOUND');
      const at = now();
      const [usage, totals] = await Promise.all([
        allowance.usage(user.id, user.is_admin, at),
        repo.totals(userId),
      ]);
      return {
        usage,
        total_questions: totals.total,
        total_cost_cents: totals.cost,
        last_question_at: totals.last?.toISOString() ?? null,
      };
    },
  };
}
export type AskService = ReturnType<typeof createAskService>;
