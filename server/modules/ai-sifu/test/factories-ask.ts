import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AiAnswer, KnowledgeKind } from '../../../../common/ai-sifu';
import { aiAnswerCache, aiUsage, knowledgeEntries, lessons } from '../../../db/schema';
import type { AiProvider, ProviderAnswer, ProviderRequest } from '../ask/provider';
import type { TestApp } from '../../../test/app';

/**
 * A word no other test's text holds, so a question with it retrieves only what this test wrote
 * (letters only: retrieval matches words of letters and digits).
 */
export const uniqueWord = () =>
  `qi${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 10)}`;

/** Inserts a knowledge entry straight into the database. */
export async function createKnowledge(
  t: TestApp,
  input: {
    kind?: KnowledgeKind;
    title?: string;
    body?: string;
    hanzi?: string;
    pinyin?: string;
    source?: string;
  } = {},
) {
  const word = uniqueWord();
  const [row] = await t.database.db
    .insert(knowledgeEntries)
    .values({
      key: `test-${word}`,
      kind: input.kind ?? 'term',
      title: input.title ?? `Term ${word}`,
      body: input.body ?? `The ${word} practice roots the body. It takes years.`,
      hanzi: input.hanzi ?? null,
      pinyin: input.pinyin ?? null,
      source: input.source ?? null,
    })
    .returning();
  return row!;
}

/** Gives a lesson the text retrieval searches. */
export async function setLessonText(t: TestApp, lessonId: string, contentText: string) {
  await t.database.db.update(lessons).set({ content_text: contentText }).where(eq(lessons.id, lessonId));
}

export const cacheRows = (t: TestApp, courseId: string) =>
  t.database.db.select().from(aiAnswerCache).where(eq(aiAnswerCache.course_id, courseId));

/** Questions counted for one user and scope (course id or 'subscription'), in any period. */
export async function usedCount(t: TestApp, userId: string, scope: string): Promise<number> {
  const rows = await t.database.db
    .select({ used: aiUsage.used })
    .from(aiUsage)
    .where(and(eq(aiUsage.user_id, userId), eq(aiUsage.scope, scope)));
  return rows.reduce((sum, row) => sum + row.used, 0);
}

export const askAs = (t: TestApp, auth: Record<string, string>, question: string, courseId: string) =>
  t.call('POST', '/api/ai-sifu/ask', { question, course_id: courseId }, auth);

export const answerOf = (res: { json: () => unknown }) => (res.json() as { data: AiAnswer }).data;

/** Cites every retrieved entry, in pieces of the given sizes (as a model streams). */
export async function citeAll({ entries, onDelta }: ProviderRequest): Promise<ProviderAnswer> {
  const text = entries.length ? entries.map((entry) => entry.title).join('; ') : 'Nothing matched.';
  onDelta?.(text);
  return {
    text,
    cited: entries.map((entry) => entry.id),
    input_tokens: 10,
    output_tokens: 5,
    cost_cents: 0.25,
  };
}

/**
 * The external model as a test drives it: each test sets `behaviour` (by default it cites every
 * retrieved entry) and reads the requests it was sent.
 */
export function scriptedProvider() {
  const state = {
    behaviour: citeAll,
    requests: [] as ProviderRequest[],
  };
  const provider: AiProvider = {
    name: 'openai',
    answer: async (request) => {
      state.requests.push(request);
      return state.behaviour(request);
    },
  };
  return { provider, state };
}
