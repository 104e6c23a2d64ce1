import { queryOptions } from '@tanstack/react-query';
import {
  LESSON_PROGRESS_MAX_LIMIT,
  LessonProgressResponse,
  QuizAttemptsResponse,
  QuizResponseList,
  QuizResultsResponse,
  type LessonProgressItem,
  type QuizResponse,
} from '../../../common/progress';
import { apiRequest } from '../api-client';
import { pageQuery, type PageParams } from './paging';

const enc = encodeURIComponent;

/** Every completed lesson of the course, a page of the largest size at a time. */
async function allLessonProgress(userId: string, courseId: string, signal: AbortSignal) {
  const lessons: LessonProgressItem[] = [];
  for (;;) {
    const page = await apiRequest(
      `/user/${enc(userId)}/course/${enc(courseId)}/lessons/progress` +
        `?limit=${LESSON_PROGRESS_MAX_LIMIT}&offset=${lessons.length}`,
      { schema: LessonProgressResponse, signal },
    );
    lessons.push(...page.lessons);
    if (page.lessons.length === 0 || lessons.length >= page.total) return lessons;
  }
}

export interface LastQuizAttempt {
  attempt: number;
  score: number;
  responses: QuizResponse[];
}

export const progressQueries = {
  all: ['progress'] as const,

  /**
   * A student's completed lessons of a course, all of them: the student's outline marks every
   * lesson, and the admin's view of the student shows a page of them through `select`.
   */
  lessons: (userId: string, courseId: string) =>
    queryOptions({
      queryKey: ['progress', 'lessons', { userId, courseId }] as const,
      queryFn: ({ signal }) => allLessonProgress(userId, courseId, signal),
    }),

  /** The previous attempt (highest attempt_number) with its answers, or null when there is none. */
  lastQuizAttempt: (userId: string, lessonId: string) =>
    queryOptions({
      queryKey: ['progress', 'quiz-attempt', { userId, lessonId }] as const,
      queryFn: async ({ signal }): Promise<LastQuizAttempt | null> => {
        // Attempts come highest first, so the first page of one is the latest.
        const url = `/lessons/${enc(lessonId)}/quiz-attempts?userId=${enc(userId)}&limit=1`;
        const latest = await apiRequest(url, { schema: QuizAttemptsResponse, signal }).then(
          (page) => page.attempts[0] ?? null,
          () => null,
        );
        if (!latest) return null;
        const responses = await apiRequest(
          `/lessons/${enc(lessonId)}/quiz-responses?userId=${enc(userId)}&attempt=${latest.attempt_number}`,
          { schema: QuizResponseList, signal },
        ).catch(() => []);
        return { attempt: latest.attempt_number, score: latest.score, responses };
      },
    }),

  /** One page of the students who attempted a quiz, with their attempts and best score (admin). */
  quizResults: (lessonId: string, page: PageParams) =>
    queryOptions({
      queryKey: ['progress', 'quiz-results', { lessonId, ...page }] as const,
      queryFn: ({ signal }) =>
        apiRequest(`/admin/quizzes/${enc(lessonId)}/results?${pageQuery(page)}`, {
          schema: QuizResultsResponse,
          signal,
        }),
    }),
};
