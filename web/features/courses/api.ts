import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CourseListResponse, CourseResponse, type CourseDetail } from '../../../common/courses';
import { EnrollResponse } from '../../../common/enrollments';
import {
  CompleteLessonResponse,
  LESSON_PROGRESS_MAX_LIMIT,
  LessonProgressResponse,
  QuizAttemptsResponse,
  QuizResponseList,
  SubmitQuizResponse,
  type LessonProgressItem,
  type QuizResponse,
} from '../../../common/progress';
import { apiRequest } from '../../lib/api-client';

const enc = encodeURIComponent;

export const courseKeys = {
  all: ['courses'] as const,
  list: (isSeries: boolean) => ['courses', 'list', { isSeries }] as const,
  detail: (courseId: string) => ['courses', 'detail', courseId] as const,
  lessonProgress: (userId: string, courseId: string) =>
    ['courses', 'lesson-progress', userId, courseId] as const,
  lastQuizAttempt: (userId: string, lessonId: string) =>
    ['courses', 'quiz-attempt', userId, lessonId] as const,
};

export function useCourses(isSeries: boolean) {
  return useQuery({
    queryKey: courseKeys.list(isSeries),
    queryFn: () =>
      apiRequest(`/courses?is_series=${isSeries}&limit=200`, { schema: CourseListResponse }).then(
        (response) => response.courses,
      ),
  });
}

/**
 * One course's detail, cached as the course itself: the course page and the content manager share
 * this entry, so both must read and write the same shape.
 */
export function courseDetailQuery(courseId: string) {
  return queryOptions({
    queryKey: courseKeys.detail(courseId),
    queryFn: () =>
      apiRequest(`/courses/${enc(courseId)}`, { schema: CourseResponse }).then((response) => response.course),
  });
}

export function useCourse(courseId: string) {
  return useQuery(courseDetailQuery(courseId));
}

export function useEnroll(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (courseId: string) =>
      apiRequest(`/user/${enc(userId ?? '')}/enroll/${enc(courseId)}`, {
        method: 'POST',
        body: {},
        schema: EnrollResponse,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}

/** Every completed lesson of the course, a page of the largest size at a time. */
async function allLessonProgress(userId: string, courseId: string): Promise<LessonProgressItem[]> {
  const lessons: LessonProgressItem[] = [];
  for (;;) {
    const page = await apiRequest(
      `/user/${enc(userId)}/course/${enc(courseId)}/lessons/progress` +
        `?limit=${LESSON_PROGRESS_MAX_LIMIT}&offset=${lessons.length}`,
      { schema: LessonProgressResponse },
    );
    lessons.push(...page.lessons);
    if (page.lessons.length === 0 || lessons.length >= page.total) return lessons;
  }
}

/**
 * The caller's completed lessons: the outline marks every lesson, so all pages are read. The spec
 * treats a failed read as an empty list.
 */
export function useLessonProgress(userId: string, courseId: string, enabled: boolean) {
  return useQuery({
    queryKey: courseKeys.lessonProgress(userId, courseId),
    enabled,
    queryFn: () => allLessonProgress(userId, courseId).catch(() => []),
  });
}

/** Applies the server's course progress to the cached course, so every bar moves together. */
function setCourseProgress(
  queryClient: ReturnType<typeof useQueryClient>,
  courseId: string,
  progress: number | null,
) {
  if (progress === null) return;
  queryClient.setQueryData<CourseDetail>(courseKeys.detail(courseId), (course) =>
    course?.enrollment ? { ...course, enrollment: { ...course.enrollment, progress } } : course,
  );
}

export function useCompleteLesson(userId: string, courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lessonId: string) =>
      apiRequest(`/lessons/${enc(lessonId)}/complete`, {
        method: 'POST',
        body: { userId },
        schema: CompleteLessonResponse,
      }),
    onSuccess: (result) => {
      if (!result.saved) return;
      setCourseProgress(queryClient, courseId, result.course_progress);
      void queryClient.invalidateQueries({ queryKey: courseKeys.lessonProgress(userId, courseId) });
      void queryClient.invalidateQueries({ queryKey: ['courses', 'list'] });
    },
  });
}

export interface SubmitQuizVariables {
  lessonId: string;
  responses: { question_id: string; user_answer: number | null }[];
}

export function useSubmitQuiz(userId: string, courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lessonId, responses }: SubmitQuizVariables) =>
      apiRequest(`/lessons/${enc(lessonId)}/submit-quiz`, {
        method: 'POST',
        body: { userId, responses },
        schema: SubmitQuizResponse,
      }),
    onSuccess: (result, { lessonId }) => {
      if (!result.saved) return;
      setCourseProgress(queryClient, courseId, result.course_progress);
      void queryClient.invalidateQueries({ queryKey: courseKeys.lessonProgress(userId, courseId) });
      void queryClient.invalidateQueries({ queryKey: courseKeys.lastQuizAttempt(userId, lessonId) });
      void queryClient.invalidateQueries({ queryKey: ['courses', 'list'] });
    },
  });
}

/** The previous attempt (highest attempt_number) with its answers, or null when there is none. */
export function useLastQuizAttempt(userId: string, lessonId: string, enabled: boolean) {
  return useQuery({
    queryKey: courseKeys.lastQuizAttempt(userId, lessonId),
    enabled,
    queryFn: async (): Promise<{ attempt: number; score: number; responses: QuizResponse[] } | null> => {
      // Attempts come highest first, so the first page of one is the latest.
      const url = `/lessons/${enc(lessonId)}/quiz-attempts?userId=${enc(userId)}&limit=1`;
      const latest = await apiRequest(url, { schema: QuizAttemptsResponse }).then(
        (page) => page.attempts[0] ?? null,
        () => null,
      );
      if (!latest) return null;
      const responses = await apiRequest(
        `/lessons/${enc(lessonId)}/quiz-responses?userId=${enc(userId)}&attempt=${latest.attempt_number}`,
        { schema: QuizResponseList },
      ).catch(() => []);
      return { attempt: latest.attempt_number, score: latest.score, responses };
    },
  });
}

/**
 * The course as the lists show it, for a student whose detail request was refused: the API hides
 * unpublished courses' pages from students but lists them, so the page can say Under Construction.
 */
export function useListedCourse(courseId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['courses', 'listed', courseId],
    enabled,
    queryFn: () =>
      apiRequest('/courses?limit=200', { schema: CourseListResponse }).then(
        (response) => response.courses.find((course) => course.id === courseId) ?? null,
      ),
  });
}
