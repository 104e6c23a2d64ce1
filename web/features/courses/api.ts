import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EnrollResponse } from '../../../common/enrollments';
import { CompleteLessonResponse, SubmitQuizResponse } from '../../../common/progress';
import { apiRequest } from '../../lib/api-client';
import { courseQueries, progressQueries } from './queries';

const enc = encodeURIComponent;

export function useCourses(isSeries: boolean) {
  return useQuery({ ...courseQueries.list({ isSeries }), select: (response) => response.courses });
}

export function useCourse(courseId: string) {
  return useQuery(courseQueries.detail(courseId));
}

/**
 * Reads the course again, fresh or not: a lesson video's link has expired, and the course page
 * hands out new ones. Resolves once the new page is in.
 */
export function useRefreshCourse(courseId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.refetchQueries({ queryKey: courseQueries.detail(courseId).queryKey, exact: true });
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseQueries.all }),
  });
}

/**
 * The caller's completed lessons: the outline marks every lesson. A failed read counts as an
 * empty list, so the page reads no error from it.
 */
export function useLessonProgress(userId: string, courseId: string, enabled: boolean) {
  return useQuery({ ...progressQueries.lessons(userId, courseId), enabled });
}

/** Applies the server's course progress to the cached course, so every bar moves together. */
function setCourseProgress(
  queryClient: ReturnType<typeof useQueryClient>,
  courseId: string,
  progress: number | null,
) {
  if (progress === null) return;
  queryClient.setQueryData(courseQueries.detail(courseId).queryKey, (course) =>
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
      void queryClient.invalidateQueries({ queryKey: progressQueries.lessons(userId, courseId).queryKey });
      void queryClient.invalidateQueries({ queryKey: courseQueries.lists });
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
      void queryClient.invalidateQueries({ queryKey: progressQueries.lessons(userId, courseId).queryKey });
      void queryClient.invalidateQueries({
        queryKey: progressQueries.lastQuizAttempt(userId, lessonId).queryKey,
      });
      void queryClient.invalidateQueries({ queryKey: courseQueries.lists });
    },
  });
}

/** The previous attempt (highest attempt_number) with its answers, or null when there is none. */
export function useLastQuizAttempt(userId: string, lessonId: string, enabled: boolean) {
  return useQuery({ ...progressQueries.lastQuizAttempt(userId, lessonId), enabled });
}

/**
 * The course as the lists show it, for a student whose detail request was refused: the API hides
 * unpublished courses' pages from students but lists them, so the page can say Under Construction.
 */
export function useListedCourse(courseId: string, enabled: boolean) {
  return useQuery({
    ...courseQueries.list(),
    enabled,
    select: (response) => response.courses.find((course) => course.id === courseId) ?? null,
  });
}
