import { randomUUID } from 'node:crypto';
import { aiConversations, studentNotes, type AnswerSources } from '../../../db/schema';
import type { TestApp } from '../../../test/app';

/** The sources of an answer that drew on one glossary term and one lesson. */
export function sampleSources(courseId: string = randomUUID()): AnswerSources {
  return {
    terms_used: [
      {
        id: randomUUID(),
        kind: 'term',
        title: 'Standing post',
        hanzi: '站桩',
        pinyin: 'zhàn zhuāng',
        source: null,
      },
    ],
    manual_sections: [],
    classical_references: [],
    lessons_used: [
      { id: randomUUID(), title: 'Opening the stance', course_id: courseId, module_id: randomUUID() },
    ],
  };
}

type ConversationInput = Partial<Omit<typeof aiConversations.$inferInsert, 'user_id'>>;

/** A question and AI Sifu's answer kept in a student's history, asked now unless `created_at` says. */
export async function createConversation(t: TestApp, userId: string, input: ConversationInput = {}) {
  const [row] = await t.database.db
    .insert(aiConversations)
    .values({
      user_id: userId,
      question_text: 'How should my knees feel in standing practice?',
      response_text: 'Soft and unlocked, over the middle of the feet.',
      created_at: t.clock.now(),
      ...input,
    })
    .returning();
  return row!;
}

/** The student's note on one of their conversations. */
export async function createNote(
  t: TestApp,
  conversation: { id: string; user_id: string; course_id: string | null },
  note_text = 'Ask about this at Saturday class',
) {
  const [row] = await t.database.db
    .insert(studentNotes)
    .values({
      user_id: conversation.user_id,
      ai_conversation_id: conversation.id,
      course_id: conversation.course_id,
      note_text,
      created_at: t.clock.now(),
      updated_at: t.clock.now(),
    })
    .returning();
  return row!;
}
