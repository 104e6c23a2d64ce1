import { and, count, countDistinct, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { deleteRows } from '../../../db/delete-rows';
import { aiConversations, courses, studentNotes } from '../../../db/schema';
import type { Page } from './conversations.repo';
import { matchesEveryWord } from './sifu-search';

const noteColumns = {
  id: studentNotes.id,
  user_id: studentNotes.user_id,
  ai_conversation_id: studentNotes.ai_conversation_id,
  course_id: studentNotes.course_id,
  note_text: studentNotes.note_text,
  created_at: studentNotes.created_at,
  updated_at: studentNotes.updated_at,
};

const withConversationColumns = {
  ...noteColumns,
  question_text: aiConversations.question_text,
  response_text: aiConversations.response_text,
  course_title: courses.title,
};

export function createNotesRepo(db: Db) {
  const selectWithConversation = () =>
    db
      .select(withConversationColumns)
      .from(studentNotes)
      .innerJoin(aiConversations, eq(aiConversations.id, studentNotes.ai_conversation_id))
      .leftJoin(courses, eq(courses.id, studentNotes.course_id));

  /** One page of a student's notes that match `where`, newest first, and how many match. */
  async function page(userId: string, where: SQL | undefined, { limit, offset }: Page) {
    const mine = and(eq(studentNotes.user_id, userId), where);
    const [rows, [total]] = await Promise.all([
      selectWithConversation()
        .where(mine)
        .orderBy(desc(studentNotes.created_at), desc(studentNotes.id))
        .limit(limit)
        .offset(offset),
      db
        .select({ n: count() })
        .from(studentNotes)
        .innerJoin(aiConversations, eq(aiConversations.id, studentNotes.ai_conversation_id))
        .where(mine),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  return {
    async find(id: string) {
      const [row] = await db.select(noteColumns).from(studentNotes).where(eq(studentNotes.id, id)).limit(1);
      return row;
    },

    listForUser: (userId: string, p: Page) => page(userId, undefined, p),

    listForCourse: (userId: string, courseId: string, limit: number) =>
      page(userId, eq(studentNotes.course_id, courseId), { limit, offset: 0 }),

    /** The words may be in the note, or in the question or answer it is written on. */
    searchForUser: (userId: string, q: string, limit: number) =>
      page(
        userId,
        matchesEveryWord(q, [
          studentNotes.note_text,
          aiConversations.question_text,
          aiConversations.response_text,
        ]),
        { limit, offset: 0 },
      ),

    /** The conversation's note, as a list of none or one. */
    forConversation: (conversationId: string) =>
      selectWithConversation().where(eq(studentNotes.ai_conversation_id, conversationId)).limit(1),

    async statsForUser(userId: string, since: Date) {
      const [row] = await db
        .select({
          total_notes: count(),
          courses_with_notes: countDistinct(studentNotes.course_id),
          recent_notes:
            sql<number>`count(*) filter (where ${studentNotes.created_at} >= ${since.toISOString()}::timestamptz)`.mapWith(
              Number,
            ),
        })
        .from(studentNotes)
        .where(eq(studentNotes.user_id, userId));
      return row!;
    },

    /** The note, unless the answer already has one (the unique index decides, also between racing requests). */
    async insertUnlessNoted(values: typeof studentNotes.$inferInsert) {
      const [row] = await db
        .insert(studentNotes)
        .values(values)
        .onConflictDoNothing({ target: studentNotes.ai_conversation_id })
        .returning(noteColumns);
      return row;
    },

    async updateText(id: string, note_text: string, at: Date) {
      const [row] = await db
        .update(studentNotes)
        .set({ note_text, updated_at: at })
        .where(eq(studentNotes.id, id))
        .returning(noteColumns);
      return row;
    },

    async remove(id: string): Promise<boolean> {
      return deleteRows(db, studentNotes, eq(studentNotes.id, id));
    },
  };
}
export type NotesRepo = ReturnType<typeof createNotesRepo>;
export type NoteRow = NonNullable<Awaited<ReturnType<NotesRepo['find']>>>;
export type NoteWithConversationRow = Awaited<ReturnType<NotesRepo['forConversation']>>[number];
