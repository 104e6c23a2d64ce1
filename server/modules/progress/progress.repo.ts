import { and, asc, count, countDistinct, desc, eq, max, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { preparedStatements } from '../../platform/prepared';
import {
  courses,
  lessonProgress,
  lessons,
  modules,
  quizAttempts,
  quizResponses,
  users,
} from '../../db/schema';

export type LessonProgressRow = typeof lessonProgress.$inferSelect;
export type QuizResponseValues = Omit<typeof quizResponses.$inferInsert, 'id' | 'attempt_id'>;

/** One page of a list: `limit` rows after the first `offset`. */
export interface Page {
  limit: number;
  offset: number;
}

/** Queries on lesson progress, quiz attempts and their responses. */
export function createProgressRepo(db: Db | Tx) {
  // The completed lessons page is read on every visit to a course: prepared once (platform/prepared.ts).
  const run = preparedStatements(db);
  async function lastAttemptNumber(userId: string, lessonId: string): Promise<number> {
    const [row] = await db
      .select({ n: max(quizAttempts.attempt_number) })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.user_id, userId), eq(quizAttempts.lesson_id, lessonId)));
    return row?.n ?? 0;
  }

  return {
    lastAttemptNumber,

    /** A lesson with the course it belongs to. */
    async findLesson(lessonId: string) {
      const [row] = await db
        .select({
          id: lessons.id,
          title: lessons.title,
          lesson_type: lessons.lesson_type,
          content_text: lessons.content_text,
          pass_mark: lessons.pass_mark,
          course_id: modules.course_id,
          course_published: courses.is_published,
        })
        .from(lessons)
        .innerJoin(modules, eq(modules.id, lessons.module_id))
        .innerJoin(courses, eq(courses.id, modules.course_id))
        .where(eq(lessons.id, lessonId))
        .limit(1);
      return row;
    },

    /**
     * Marks the lesson done. A second completion keeps the first completion time; a quiz lesson's
     * score follows the latest attempt.
     */
    async upsertCompletion(values: {
      user_id: string;
      lesson_id: string;
      course_id: string;
      completed_at: Date;
      quiz_score: number | null;
    }): Promise<LessonProgressRow> {
      const [row] = await db
        .insert(lessonProgress)
        .values(values)
        .onConflictDoUpdate({
          target: [lessonProgress.user_id, lessonProgress.lesson_id],
          set: {
            course_id: values.course_id,
            quiz_score:
              values.quiz_score === null ? sql`${lessonProgress.quiz_score}` : sql`excluded.quiz_score`,
          },
        })
        .returning();
      return row!;
    },

    /**
     * One page of the user's completed lessons of a course, by module order then lesson order (ids
     * break ties, so pages neither repeat nor skip a lesson), and how many there are.
     */
    async listCompleted(userId: string, courseId: string, page: Page) {
      const rows = await run(
        'progress_completed_page',
        () =>
          db
            .select({
              lesson_id: lessons.id,
              lesson_title: lessons.title,
              lesson_type: lessons.lesson_type,
              module_title: modules.title,
              completed_at: lessonProgress.completed_at,
              quiz_score: lessonProgress.quiz_score,
              total: sql<number>`count(*) over ()`.mapWith(Number),
            })
            .from(lessonProgress)
            .innerJoin(lessons, eq(lessons.id, lessonProgress.lesson_id))
            .innerJoin(modules, eq(modules.id, lessons.module_id))
            // lesson_progress.course_id is the lesson's course (lessons and modules never move between
            // courses), so the user's rows of the course come from lesson_progress_user_course_idx:
            // one index range instead of a probe for each lesson of the course.
            .where(
              and(
                eq(lessonProgress.user_id, sql.placeholder('user')),
                eq(lessonProgress.course_id, sql.placeholder('course')),
                eq(modules.course_id, sql.placeholder('course')),
              ),
            )
            .orderBy(
              asc(modules.order_sequence),
              asc(modules.created_at),
              asc(modules.id),
              asc(lessons.order_sequence),
              asc(lessons.created_at),
              asc(lessons.id),
            )
            .limit(sql.placeholder('limit'))
            .offset(sql.placeholder('offset')),
        { user: userId, course: courseId, limit: page.limit, offset: page.offset },
      );
      // Past the last page the window has no row to count on.
      const countAll = async () => {
        const [counted] = await db
          .select({ n: count() })
          .from(lessonProgress)
          .innerJoin(lessons, eq(lessons.id, lessonProgress.lesson_id))
          .innerJoin(modules, eq(modules.id, lessons.module_id))
          .where(and(eq(lessonProgress.user_id, userId), eq(modules.course_id, courseId)));
        return counted?.n ?? 0;
      };
      const total = rows[0]?.total ?? (page.offset > 0 ? await countAll() : 0);
      return { rows: rows.map(({ total: _total, ...row }) => row), total };
    },

    async insertAttempt(
      attempt: {
        user_id: string;
        lesson_id: string;
        attempt_number: number;
        score: number;
        submitted_at: Date;
      },
      responses: QuizResponseValues[],
    ) {
      const [row] = await db.insert(quizAttempts).values(attempt).returning();
      if (responses.length > 0) {
        await db.insert(quizResponses).values(responses.map((r) => ({ ...r, attempt_id: row!.id })));
      }
      return row!;
    },

    /** One page of the attempts, highest first (numbers are unique per user and lesson), and their count. */
    async listAttempts(userId: string, lessonId: string, page: Page) {
      const where = and(eq(quizAttempts.user_id, userId), eq(quizAttempts.lesson_id, lessonId));
      const [rows, [total]] = await Promise.all([
        db
          .select({
            attempt_number: quizAttempts.attempt_number,
            score: quizAttempts.score,
            submitted_at: quizAttempts.submitted_at,
          })
          .from(quizAttempts)
          .where(where)
          .orderBy(desc(quizAttempts.attempt_number))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(quizAttempts).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /**
     * One page of the students who attempted a quiz, by name (ids break ties), with their attempt
     * count, best score and latest submission; and how many students there are.
     */
    async listQuizResults(lessonId: string, page: Page) {
      const where = eq(quizAttempts.lesson_id, lessonId);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            user_id: users.id,
            user_name: users.name,
            attempts: count(),
            best_score: max(quizAttempts.score),
            last_attempt_at: max(quizAttempts.submitted_at),
          })
          .from(quizAttempts)
          .innerJoin(users, eq(users.id, quizAttempts.user_id))
          .where(where)
          .groupBy(users.id, users.name)
          .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ n: countDistinct(quizAttempts.user_id) })
          .from(quizAttempts)
          .where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The responses of one attempt, or of the latest when attempt is undefined (unordered). */
    async listResponses(userId: string, lessonId: string, attempt?: number) {
      const attemptNumber = attempt ?? (await lastAttemptNumber(userId, lessonId));
      return db
        .select({
          question_id: quizResponses.question_id,
          question_text: quizResponses.question_text,
          user_answer: quizResponses.user_answer,
          correct_answer: quizResponses.correct_answer,
          is_correct: quizResponses.is_correct,
          attempt_number: quizAttempts.attempt_number,
        })
        .from(quizResponses)
        .innerJoin(quizAttempts, eq(quizAttempts.id, quizResponses.attempt_id))
        .where(
          and(
            eq(quizAttempts.user_id, userId),
            eq(quizAttempts.lesson_id, lessonId),
            eq(quizAttempts.attempt_number, attemptNumber),
          ),
        );
    },
  };
}
export type ProgressRepo = ReturnType<typeof createProgressRepo>;
