import { and, count, countDistinct, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { aiConversations, aiQuestions, courses, studentNotes, users } from '../../../db/schema';
import { matchesEveryWord } from './sifu-search';

export interface Page {
  limit: number;
  offset: number;
}

const recentSince = (since: Date) =>
  sql<number>`count(*) filter (where ${aiConversations.created_at} >= ${since.toISOString()}::timestamptz)`.mapWith(
    Number,
  );

const baseColumns = {
  id: aiConversations.id,
  user_id: aiConversations.user_id,
  course_id: aiConversations.course_id,
  course_title: courses.title,
  question_text: aiConversations.question_text,
  response_text: aiConversations.response_text,
  sources: aiConversations.sources,
  cached_response: aiConversations.cached_response,
  response_time_ms: aiConversations.response_time_ms,
  created_at: aiConversations.created_at,
};

const conversationColumns = {
  ...baseColumns,
  note: {
    id: studentNotes.id,
    ai_conversation_id: studentNotes.ai_conversation_id,
    course_id: studentNotes.course_id,
    note_text: studentNotes.note_text,
    created_at: studentNotes.created_at,
    updated_at: studentNotes.updated_at,
  },
};

const newestFirst = [desc(aiConversations.created_at), desc(aiConversations.id)];

export function createConversationsRepo(db: Db) {
  const selectWithNote = () =>
    db
      .select(conversationColumns)
      .from(aiConversations)
      .leftJoin(courses, eq(courses.id, aiConversations.course_id))
      .leftJoin(studentNotes, eq(studentNotes.ai_conversation_id, aiConversations.id));

  /** One page of a student's conversations that match `where`, newest first, and how many match. */
  async function page(userId: string, where: SQL | undefined, { limit, offset }: Page) {
    const mine = and(eq(aiConversations.user_id, userId), where);
    const [rows, [total]] = await Promise.all([
      selectWithNote()
        .where(mine)
        .orderBy(...newestFirst)
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(aiConversations).where(mine),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  return {
    async userExists(userId: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
      return Boolean(row);
    },

    async courseExists(courseId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: courses.id })
        .from(courses)
        .where(eq(courses.id, courseId))
        .limit(1);
      return Boolean(row);
    },

    listForUser: (userId: string, p: Page) => page(userId, undefined, p),

    searchForUser: (userId: string, q: string, limit: number) =>
      page(userId, matchesEveryWord(q, [aiConversations.question_text, aiConversations.response_text]), {
        limit,
        offset: 0,
      }),

    listForCourse: (userId: string, courseId: string, limit: number) =>
      page(userId, eq(aiConversations.course_id, courseId), { limit, offset: 0 }),

    async statsForUser(userId: string, since: Date) {
      const [row] = await db
        .select({
          total_conversations: count(),
          courses_discussed: countDistinct(aiConversations.course_id),
          recent_conversations: recentSince(since),
        })
        .from(aiConversations)
        .where(eq(aiConversations.user_id, userId));
      return row!;
    },

    async find(id: string) {
      const [row] = await selectWithNote().where(eq(aiConversations.id, id)).limit(1);
      return row;
    },

    async insert(values: typeof aiConversations.$inferInsert): Promise<string> {
      const [row] = await db.insert(aiConversations).values(values).returning({ id: aiConversations.id });
      return row!.id;
    },

    /** Deletes the conversation if `userId` asked it; its note goes with it (the foreign key cascades). */
    async removeOwn(id: string, userId: string): Promise<boolean> {
      const rows = await db
        .delete(aiConversations)
        .where(and(eq(aiConversations.id, id), eq(aiConversations.user_id, userId)))
        .returning({ id: aiConversations.id });
      return rows.length > 0;
    },

    /* Administrators ------------------------------------------------------------------------ */

    async listAll({ limit, offset }: Page) {
      const [rows, [total]] = await Promise.all([
        db
          .select({ ...baseColumns, user_name: users.name })
          .from(aiConversations)
          .innerJoin(users, eq(users.id, aiConversations.user_id))
          .leftJoin(courses, eq(courses.id, aiConversations.course_id))
          .orderBy(...newestFirst)
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(aiConversations),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async totals(since: Date) {
      const [row] = await db
        .select({
          total_conversations: count(),
          unique_users: countDistinct(aiConversations.user_id),
          courses_discussed: countDistinct(aiConversations.course_id),
          recent_conversations: recentSince(since),
          cached_conversations:
            sql<number>`count(*) filter (where ${aiConversations.cached_response})`.mapWith(Number),
          avg_response_time_ms:
            sql<number>`coalesce(round(avg(${aiConversations.response_time_ms}) filter (where ${aiConversations.origin} = 'asked')), 0)`.mapWith(
              Number,
            ),
        })
        .from(aiConversations);
      return row!;
    },

    /** Conversations per course still in the catalogue, most discussed first. */
    byCourse() {
      return db
        .select({ course_id: courses.id, course_title: courses.title, conversations: count() })
        .from(aiConversations)
        .innerJoin(courses, eq(courses.id, aiConversations.course_id))
        .groupBy(courses.id, courses.title)
        .orderBy(desc(count()), courses.title, courses.id);
    },

    /** Students (administrators left out) with the most conversations since `since`. */
    activeUsers(since: Date, limit: number) {
      const last = sql<Date>`max(${aiConversations.created_at})`.mapWith(aiConversations.created_at);
      return db
        .select({
          user_id: users.id,
          name: users.name,
          email: users.email,
          conversations: count(),
          last_question_at: last,
        })
        .from(aiConversations)
        .innerJoin(users, eq(users.id, aiConversations.user_id))
        .where(and(gte(aiConversations.created_at, since), eq(users.is_admin, false)))
        .groupBy(users.id, users.name, users.email)
        .orderBy(desc(count()), desc(last), users.id)
        .limit(limit);
    },

    /** Conversations (their notes with them) and question log rows from before `cutoff`; says how many conversations went. */
    async removeOlderThan(cutoff: Date): Promise<number> {
      const removed = await db
        .delete(aiConversations)
        .where(lt(aiConversations.created_at, cutoff))
        .returning({ id: aiConversations.id });
      await db.delete(aiQuestions).where(lt(aiQuestions.created_at, cutoff));
      return removed.length;
    },
  };
}
export type ConversationsRepo = ReturnType<typeof createConversationsRepo>;
export type ConversationRow = NonNullable<Awaited<ReturnType<ConversationsRepo['find']>>>;
export type AdminConversationRow = Awaited<ReturnType<ConversationsRepo['listAll']>>['rows'][number];
