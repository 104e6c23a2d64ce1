import type { z } from 'zod';
import { parseQuizContent, quizPassed, type QuizQuestions } from '../../../common/quiz';
import { COURSE_NOT_FOUND_MESSAGE, NOT_ENROLLED_MESSAGE } from '../../../common/enrollments';
import {
  EMPTY_QUIZ_MESSAGE,
  LESSON_NOT_FOUND_MESSAGE,
  NOT_A_QUIZ_MESSAGE,
  NOT_ENROLLED_IN_COURSE_MESSAGE,
  QUIZ_COMPLETION_MESSAGE,
  quizScore,
  type CompleteLessonInput,
  type CompleteLessonResponse,
  type CourseProgress,
  type LessonProgressResponse,
  type QuizAttemptsResponse,
  type QuizResponse,
  type QuizResultsResponse,
  type SubmitQuizInput,
  type SubmitQuizResponse,
} from '../../../common/progress';
import { assertSelfOrAdmin, type AuthContext } from '../../platform/auth';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import type { Platform } from '../../platform';
import { createReadCache, readerKey } from '../../platform/read-cache';
import type { CoursesService } from '../courses/courses.service';
import type { EnrollmentsService } from '../enrollments/enrollments.service';
import { createProgressRepo, type Page, type QuizResponseValues } from './progress.repo';

const lessonNotFound = () => notFound(LESSON_NOT_FOUND_MESSAGE, 'LESSON_NOT_FOUND');
const notEnrolled = () => forbidden(NOT_ENROLLED_IN_COURSE_MESSAGE, 'NOT_ENROLLED');
const enrollmentNotFound = () => notFound(NOT_ENROLLED_MESSAGE, 'NOT_ENROLLED');

/** The stored questions of a quiz lesson; a damaged list counts as no questions. */
function storedQuestions(contentText: string): QuizQuestions {
  const parsed = parseQuizContent(contentText);
  return parsed.ok ? parsed.questions : [];
}

type ScoredAnswer = Required<QuizResponseValues> & { user_answer: number | null; explanation: string | null };

/** Scores answers against the stored questions: unanswered and unknown questions are wrong. */
export function scoreQuiz(questions: QuizQuestions, answers: z.output<typeof SubmitQuizInput>['responses']) {
  const given = new Map<string, number | null>();
  for (const answer of answers)
    if (!given.has(answer.question_id)) given.set(answer.question_id, answer.user_answer);
  const rows: ScoredAnswer[] = questions.map((q) => {
    const userAnswer = given.get(q.id) ?? null;
    return {
      question_id: q.id,
      question_text: q.text,
      user_answer: userAnswer,
      correct_answer: q.correctAnswer,
      is_correct: userAnswer !== null && userAnswer === q.correctAnswer,
      explanation: q.explanation ?? null,
    };
  });
  const correct = rows.filter((row) => row.is_correct).length;
  return { rows, correct, total: questions.length, score: quizScore(correct, questions.length) };
}

/** Pages of completed lessons kept at once (a busy week's students on their courses). */
const COMPLETED_PAGES_KEPT = 2000;

export function createProgressService(
  platform: Platform,
  deps: { enrollments: EnrollmentsService; courses: Pick<CoursesService, 'exists'> },
) {
  const { enrollments, courses } = deps;
  const repo = createProgressRepo(platform.db);
  const now = () => platform.clock.now();
  // A student's completed lessons of a course, read on every visit to it: kept, and forgotten when
  // they or an admin write anything (forgetOnWrites in server/platform/read-cache.ts).
  const completed = createReadCache<LessonProgressResponse>({
    clock: platform.clock,
    ttlMs: platform.config.CATALOGUE_CACHE_SECONDS * 1000,
    maxEntries: COMPLETED_PAGES_KEPT,
  });

  /** Students see lessons of published courses only; admins see every lesson. */
  async function findLesson(auth: AuthContext, lessonId: string) {
    const lesson = await repo.findLesson(lessonId);
    if (!lesson || (!lesson.course_published && !auth.user.is_admin)) throw lessonNotFound();
    return lesson;
  }

  async function courseProgressOf(userId: string, courseId: string): Promise<CourseProgress> {
    const progress = await enrollments.progressOf(userId, courseId);
    if (!progress) throw enrollmentNotFound();
    return progress;
  }

  return {
    async getCourseProgress(auth: AuthContext, userId: string, courseId: string): Promise<CourseProgress> {
      assertSelfOrAdmin(auth, userId);
      return courseProgressOf(userId, courseId);
    },

    /** The client's number is never stored: progress is recomputed from the lessons completed. */
    async updateCourseProgress(auth: AuthContext, userId: string, courseId: string): Promise<CourseProgress> {
      assertSelfOrAdmin(auth, userId);
      const done = await enrollments.withEnrollment(userId, courseId, async () => undefined);
      if (!done) throw enrollmentNotFound();
      return courseProgressOf(userId, courseId);
    },

    async listLessonProgress(
      auth: AuthContext,
      userId: string,
      courseId: string,
      page: Page,
    ): Promise<LessonProgressResponse> {
      assertSelfOrAdmin(auth, userId);
      return completed.get(readerKey(userId, courseId, String(page.limit), String(page.offset)), async () => {
        const { rows, total } = await repo.listCompleted(userId, courseId, page);
        // A completed lesson is of an existing course: only an empty answer needs the course looked up.
        if (total === 0 && !(await courses.exists(courseId)))
          throw notFound(COURSE_NOT_FOUND_MESSAGE, 'COURSE_NOT_FOUND');
        return {
          lessons: rows.map((row) => ({ ...row, completed_at: row.completed_at.toISOString() })),
          total,
        };
      });
    },

    /** Forgets the completed lessons kept for one student, or for everyone. */
    forgetCompletedOf: (userId?: string) =>
      userId ? completed.forget(readerKey(userId)) : completed.clear(),

    /** Admins preview: they get an answer, and nothing is stored. */
    async completeLesson(
      auth: AuthContext,
      lessonId: string,
      input: CompleteLessonInput,
    ): Promise<CompleteLessonResponse> {
      assertSelfOrAdmin(auth, input.userId);
      const lesson = await findLesson(auth, lessonId);
      if (lesson.lesson_type === 'quiz') throw badRequest(QUIZ_COMPLETION_MESSAGE, 'QUIZ_LESSON');
      if (auth.user.is_admin)
        return { saved: false, lesson_id: lessonId, completed_at: null, course_progress: null };

      const done = await enrollments.withEnrollment(input.userId, lesson.course_id, () =>
        repo.upsertCompletion({
          user_id: input.userId,
          lesson_id: lessonId,
          course_id: lesson.course_id,
          completed_at: now(),
          quiz_score: null,
        }),
      );
      if (!done) throw notEnrolled();
      return {
        saved: true,
        lesson_id: lessonId,
        completed_at: done.result.completed_at.toISOString(),
        course_progress: done.enrollment.progress,
      };
    },

    /**
     * Scores on the server. Each student submission is a new attempt (numbered inside the
     * enrolment's lock). An attempt that passes completes the lesson with its score and updates
     * course progress; without a pass mark every attempt passes. A failed attempt leaves the
     * lesson as it was: not complete, or complete with the score that passed.
     */
    async submitQuiz(
      auth: AuthContext,
      lessonId: string,
      input: z.output<typeof SubmitQuizInput>,
    ): Promise<SubmitQuizResponse> {
      assertSelfOrAdmin(auth, input.userId);
      const lesson = await findLesson(auth, lessonId);
      if (lesson.lesson_type !== 'quiz') throw badRequest(NOT_A_QUIZ_MESSAGE, 'NOT_A_QUIZ');
      const questions = storedQuestions(lesson.content_text);
      if (questions.length === 0) throw badRequest(EMPTY_QUIZ_MESSAGE, 'EMPTY_QUIZ');
      const { rows, correct, total, score } = scoreQuiz(questions, input.responses);
      const passed = quizPassed(score, lesson.pass_mark);
      const result = (attempt: number | null, saved: boolean, courseProgress: number | null) => ({
        saved,
        attempt_number: attempt,
        score,
        correct,
        total,
        pass_mark: lesson.pass_mark,
        passed,
        responses: rows.map((row) => ({ ...row, attempt_number: attempt })),
        course_progress: courseProgress,
      });
      if (auth.user.is_admin) return result(null, false, null);

      const at = now();
      const done = await enrollments.withEnrollment(input.userId, lesson.course_id, async () => {
        const attempt = (await repo.lastAttemptNumber(input.userId, lessonId)) + 1;
        await repo.insertAttempt(
          { user_id: input.userId, lesson_id: lessonId, attempt_number: attempt, score, submitted_at: at },
          rows.map(({ explanation: _explanation, ...row }) => row),
        );
        if (passed)
          await repo.upsertCompletion({
            user_id: input.userId,
            lesson_id: lessonId,
            course_id: lesson.course_id,
            completed_at: at,
            quiz_score: score,
          });
        return attempt;
      });
      if (!done) throw notEnrolled();
      return result(done.result, true, done.enrollment.progress);
    },

    /** One attempt's answers (default: the latest), in the quiz's question order. */
    async quizResponses(
      auth: AuthContext,
      lessonId: string,
      query: { userId?: string; attempt?: number },
    ): Promise<QuizResponse[]> {
      const userId = query.userId ?? auth.user.id;
      assertSelfOrAdmin(auth, userId);
      const lesson = await findLesson(auth, lessonId);
      const questions = storedQuestions(lesson.content_text);
      const position = new Map(questions.map((q, index) => [q.id, index]));
      const explanation = new Map(questions.map((q) => [q.id, q.explanation ?? null]));
      const rows = await repo.listResponses(userId, lessonId, query.attempt);
      const order = (id: string) => position.get(id) ?? Number.MAX_SAFE_INTEGER;
      return rows
        .sort(
          (a, b) => order(a.question_id) - order(b.question_id) || a.question_id.localeCompare(b.question_id),
        )
        .map((row) => ({ ...row, explanation: explanation.get(row.question_id) ?? null }));
    },

    /** One page of the attempts, highest number first. */
    async quizAttempts(
      auth: AuthContext,
      lessonId: string,
      query: { userId?: string } & Page,
    ): Promise<QuizAttemptsResponse> {
      const userId = query.userId ?? auth.user.id;
      assertSelfOrAdmin(auth, userId);
      await findLesson(auth, lessonId);
      const { rows, total } = await repo.listAttempts(userId, lessonId, query);
      return {
        attempts: rows.map((row) => ({ ...row, submitted_at: row.submitted_at.toISOString() })),
        total,
      };
    },

    /** For admins: one page of the students who attempted a quiz, with their best score. */
    async quizResults(auth: AuthContext, lessonId: string, page: Page): Promise<QuizResultsResponse> {
      const lesson = await findLesson(auth, lessonId);
      if (lesson.lesson_type !== 'quiz') throw badRequest(NOT_A_QUIZ_MESSAGE, 'NOT_A_QUIZ');
      const { rows, total } = await repo.listQuizResults(lessonId, page);
      return {
        lesson_id: lesson.id,
        title: lesson.title,
        pass_mark: lesson.pass_mark,
        results: rows.map((row) => {
          const best = row.best_score ?? 0;
          return {
            user_id: row.user_id,
            user_name: row.user_name,
            attempts: row.attempts,
            best_score: best,
            passed: quizPassed(best, lesson.pass_mark),
            last_attempt_at: (row.last_attempt_at ?? new Date(0)).toISOString(),
          };
        }),
        total,
      };
    },
  };
}
export type ProgressService = ReturnType<typeof createProgressService>;
