import { randomUUID } from 'node:crypto';
import { normalizeQuestion, type KnowledgeKind } from '../../../../common/ai-sifu';
import { aiAnswerCache, aiQuestions, knowledgeCourses, knowledgeEntries } from '../../../db/schema';
import type { TestApp } from '../../../test/app';

/* AI Sifu's knowledge, questions and cached answers written straight into the tables, and valid API bodies. */

export interface KnowledgeFactoryInput {
  key?: string;
  kind?: KnowledgeKind;
  title?: string;
  body?: string;
  hanzi?: string | null;
  pinyin?: string | null;
  source?: string | null;
  related_ids?: string[];
  course_ids?: string[];
}

export async function createKnowledge(t: TestApp, input: KnowledgeFactoryInput = {}) {
  const at = t.clock.now();
  const [row] = await t.database.db
    .insert(knowledgeEntries)
    .values({
      key: input.key ?? `test-${randomUUID()}`,
      kind: input.kind ?? 'term',
      title: input.title ?? `Song ${randomUUID().slice(0, 8)}`,
      body: input.body ?? 'Relaxed, loosened without going slack. Every posture starts from it.',
      hanzi: input.hanzi === undefined ? '松' : input.hanzi,
      pinyin: input.pinyin === undefined ? 'sōng' : input.pinyin,
      source: input.source ?? null,
      related_ids: input.related_ids ?? [],
      created_at: at,
      updated_at: at,
    })
    .returning({ id: knowledgeEntries.id, key: knowledgeEntries.key, title: knowledgeEntries.title });
  if (input.course_ids?.length) {
    await t.database.db
      .insert(knowledgeCourses)
      .values(input.course_ids.map((course_id) => ({ knowledge_id: row!.id, course_id })));
  }
  return row!;
}

/** A body POST and PUT /api/admin/ai-sifu/knowledge accept; `overrides` replace its fields. */
export const knowledgeBody = (overrides: Record<string, unknown> = {}) => ({
  kind: 'manual',
  title: `Standing practice ${randomUUID().slice(0, 8)}`,
  body: 'Stand with the knees soft. Let the weight sink into the feet.',
  hanzi: null,
  pinyin: null,
  source: 'Training manual, chapter 2',
  course_ids: [],
  related_ids: [],
  ...overrides,
});

export interface QuestionFactoryInput {
  question?: string;
  user_id?: string | null;
  course_id?: string | null;
  cached?: boolean;
  cost_cents?: number;
  response_time_ms?: number;
  created_at?: Date;
}

/** A question in the analytics log, keyed as the ask endpoint keys it (normalised). */
export async function createQuestion(t: TestApp, input: QuestionFactoryInput = {}) {
  const question = input.question ?? `How do I stand? ${randomUUID().slice(0, 8)}`;
  const [row] = await t.database.db
    .insert(aiQuestions)
    .values({
      user_id: input.user_id ?? null,
      course_id: input.course_id ?? null,
      question_key: normalizeQuestion(question),
      question_text: question,
      cached: input.cached ?? false,
      provider: 'local',
      cost_cents: input.cost_cents ?? 0,
      response_time_ms: input.response_time_ms ?? 100,
      created_at: input.created_at ?? t.clock.now(),
    })
    .returning();
  return row!;
}

/** A cached answer of a course, used `hits` times since it was written. */
export async function createCachedAnswer(t: TestApp, courseId: string, hits = 0) {
  const [row] = await t.database.db
    .insert(aiAnswerCache)
    .values({
      course_id: courseId,
      question_key: `cached question ${randomUUID()}`,
      response_text: 'Sink the weight and relax the shoulders.',
      sources: { terms_used: [], manual_sections: [], classical_references: [], lessons_used: [] },
      hits,
    })
    .returning();
  return row!;
}
