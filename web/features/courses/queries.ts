import { queryOptions } from '@tanstack/react-query';
import {
  COURSE_LIST_MAX_LIMIT,
  CourseListResponse,
  CourseResponse,
  CourseStudentsResponse,
} from '../../../common/courses';
import { EnrollmentListResponse } from '../../../common/enrollments';
import {
  LESSON_PROGRESS_MAX_LIMIT,
  LessonProgressResponse,
  QuizAttemptsResponse,
  QuizResponseList,
  QuizResultsResponse,
  type LessonProgressItem,
  type QuizResponse,
} from '../../../common/progress';
import { apiRequest } from '../../lib/api-client';
import { pageQuery, type PageParams } from '../../lib/queries/paging';

const enc = encodeURIComponent;

export interface CourseListParams {
  /** Only series (true) or only single courses (false); every course when left out. */
  isSeries?: boolean;
}

export const courseQueries = {
  all: ['courses'] as const,
  lists: ['courses', 'list'] as const,

  /**
   * The catalogue as the caller may see it (students the published courses, admins every one),
   * in one page of the largest size. The student's pages, the admin's management list and the
   * course page's "listed" fallback all read it, each picking its part with `select`.
   */
  list: (params: CourseListParams = {}) =>
    queryOptions({
      queryKey: ['courses', 'list', params] as const,
      queryFn: ({ signal }) => {
        const query = new URLSearchParams();
        if (params.isSeries !== undefined) query.set('is_series', String(params.isSeries));
        query.set('limit', String(COURSE_LIST_MAX_LIMIT));
        return apiRequest(`/courses?${query}`, { schema: CourseListResponse, signal });
      },
    }),

  /** One course with its modules and lessons: the course page and the content manager share it. */
  detail: (courseId: string) =>
    queryOptions({
      queryKey: ['courses', 'detail', { courseId }] as const,
      queryFn: ({ signal }) =>
        apiRequest(`/courses/${enc(courseId)}`, { schema: CourseResponse, signal }).then(
          (response) => response.course,
        ),
    }),

  /** The course's students with their progress (admin). */
  students: (courseId: string) =>
    queryOptions({
      queryKey: ['courses', 'students', { courseId }] as const,
      queryFn: ({ signal }) =>
        apiRequest(`/courses/${enc(courseId)}/students?limit=${COURSE_LIST_MAX_LIMIT}`, {
          schema: CourseStudentsResponse,
          signal,
        }),
    }),
};

export const enrollmentQueries = {
  all: ['enrollments'] as const,

  /** Every student's enrolments, most recent first (admin). */
  recent: (page: PageParams) =>
    queryOptions({
      queryKey: ['enrollments', 'recent', page] as const,
      queryFn: ({ signal }) =>
        apiRequest(`/enrollments?${pageQuery(page)}`, { schema: EnrollmentListResponse, signal }),
    }),
};

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
