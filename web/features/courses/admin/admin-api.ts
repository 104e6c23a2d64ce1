import {
  hashKey,
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { OkResponse } from '../../../../common/api';
import {
  CourseResponse,
  LessonResponse,
  LessonsResponse,
  ModuleResponse,
  ModulesResponse,
  type CourseInput,
  type LessonInput,
  type LessonType,
  type ModuleInput,
} from '../../../../common/courses';
import type { LessonProgressItem } from '../../../../common/progress';
import type { UploadFolder } from '../../../../common/uploads';
import { apiRequest } from '../../../lib/api-client';
import { pageOf } from '../../../lib/queries/paging';
import { courseQueries, enrollmentQueries, progressQueries } from '../queries';
import { reviewQueries } from '../../reviews';
import { useUploadToFolder } from '../../../lib/upload';

export const RECENT_ENROLLMENTS_PAGE_SIZE = 5;
export const STUDENT_LESSONS_PAGE_SIZE = 10;
export const QUIZ_RESULTS_PAGE_SIZE = 10;

const id = encodeURIComponent;

/** Every course, published or not: the admin's list is the catalogue as an admin sees it. */
export function useAdminCourses() {
  return useQuery(courseQueries.list());
}

export function useAdminCourse(courseId: string) {
  return useQuery(courseQueries.detail(courseId));
}

export function useCourseStudents(courseId: string, enabled = true) {
  return useQuery({ ...courseQueries.students(courseId), enabled });
}

/** A page of the lessons a student completed, cut from the same list the student's outline reads. */
function lessonPage(lessons: LessonProgressItem[], page: number) {
  const { limit, offset } = pageOf(page, STUDENT_LESSONS_PAGE_SIZE);
  return { lessons: lessons.slice(offset, offset + limit), total: lessons.length };
}

export function useStudentLessonProgress(userId: string, courseId: string, page: number) {
  return useQuery({
    ...progressQueries.lessons(userId, courseId),
    select: (lessons) => lessonPage(lessons, page),
  });
}

/** One page of the students who attempted a quiz, with their attempts and best score. */
export function useQuizResults(lessonId: string, page: number) {
  return useQuery({
    ...progressQueries.quizResults(lessonId, pageOf(page, QUIZ_RESULTS_PAGE_SIZE)),
    // Students keep taking the quiz: opening the results always reads them afresh.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** A student's review of the course, or null when they have not rated it. */
export function useStudentReview(userId: string, courseId: string) {
  return useQuery(reviewQueries.byUser(userId, courseId));
}

export function useRecentEnrollments(page: number) {
  return useQuery({
    ...enrollmentQueries.recent(pageOf(page, RECENT_ENROLLMENTS_PAGE_SIZE)),
    placeholderData: keepPreviousData,
  });
}

/**
 * Course writes change the lists, the course's page, its students' progress and enrolments:
 * everything the student and admin screens cache about courses refreshes, but `except`.
 */
function invalidateCourseCaches(queryClient: QueryClient, except?: QueryKey) {
  const skipped = except && hashKey(except);
  return Promise.all(
    [courseQueries.all, progressQueries.all, enrollmentQueries.all].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey, predicate: (query) => query.queryHash !== skipped }),
    ),
  );
}

function useInvalidateCourses() {
  const queryClient = useQueryClient();
  return () => invalidateCourseCaches(queryClient);
}

export function useSaveCourse() {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: ({ courseId, input }: { courseId?: string; input: z.input<typeof CourseInput> }) =>
      apiRequest(courseId ? `/courses/${id(courseId)}` : '/courses', {
        method: courseId ? 'PUT' : 'POST',
        body: input,
        schema: CourseResponse,
      }),
    onSuccess: invalidate,
  });
}

export function usePublishCourse() {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: ({ courseId, isPublished }: { courseId: string; isPublished: boolean }) =>
      apiRequest(`/courses/${id(courseId)}/publish`, {
        method: 'PUT',
        body: { is_published: isPublished },
        schema: CourseResponse,
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteCourse() {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: (courseId: string) =>
      apiRequest(`/courses/${id(courseId)}`, { method: 'DELETE', schema: OkResponse }),
    onSuccess: invalidate,
  });
}

/**
 * Content edits: the edited course's detail refreshes before the mutation settles (so the content
 * manager shows the change at once); the lists and other views refresh in the background.
 */
function useInvalidateCourse(courseId: string) {
  const queryClient = useQueryClient();
  const detail = courseQueries.detail(courseId).queryKey;
  return async () => {
    await queryClient.invalidateQueries({ queryKey: detail });
    void invalidateCourseCaches(queryClient, detail);
  };
}

export function useCreateModule(courseId: string) {
  const invalidate = useInvalidateCourse(courseId);
  return useMutation({
    mutationFn: (input: ModuleInput = {}) =>
      apiRequest(`/courses/${id(courseId)}/modules`, { method: 'POST', body: input, schema: ModuleResponse }),
    onSuccess: invalidate,
  });
}

export function useUpdateModule(courseId: string) {
  const invalidate = useInvalidateCourse(courseId);
  return useMutation({
    mutationFn: ({ moduleId, input }: { moduleId: string; input: ModuleInput }) =>
      apiRequest(`/modules/${id(moduleId)}`, { method: 'PUT', body: input, schema: ModuleResponse }),
    onSuccess: invalidate,
  });
}

export function useDeleteModule(courseId: string) {
  const invalidate = useInvalidateCourse(courseId);
  return useMutation({
    mutationFn: (moduleId: string) =>
      apiRequest(`/modules/${id(moduleId)}`, { method: 'DELETE', schema: OkResponse }),
    onSuccess: invalidate,
  });
}

/**
 * Drag-and-drop reordering: the new order shows at once and goes back if the server refuses it.
 */
export function useReorderModules(courseId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCourses();
  const key = courseQueries.detail(courseId).queryKey;
  return useMutation({
    mutationFn: (moduleIds: string[]) =>
      apiRequest(`/courses/${id(courseId)}/modules/order`, {
        method: 'PUT',
        body: { module_ids: moduleIds },
        schema: ModulesResponse,
      }),
    onMutate: async (moduleIds) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      if (previous) {
        const byId = new Map(previous.modules.map((m) => [m.id, m]));
        const modules = moduleIds.flatMap((moduleId, index) => {
          const found = byId.get(moduleId);
          return found ? [{ ...found, order_sequence: index + 1 }] : [];
        });
        queryClient.setQueryData(key, { ...previous, modules });
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: invalidate,
  });
}

export function useReorderLessons(courseId: string) {
  const invalidate = useInvalidateCourse(courseId);
  return useMutation({
    mutationFn: ({ moduleId, lessonIds }: { moduleId: string; lessonIds: string[] }) =>
      apiRequest(`/modules/${id(moduleId)}/lessons/order`, {
        method: 'PUT',
        body: { lesson_ids: lessonIds },
        schema: LessonsResponse,
      }),
    onSettled: invalidate,
  });
}

export function useCreateLesson(courseId: string) {
  const invalidate = useInvalidateCourse(courseId);
  return useMutation({
    mutationFn: ({ moduleId, lessonType }: { moduleId: string; lessonType: LessonType }) =>
      apiRequest(`/modules/${id(moduleId)}/lessons`, {
        method: 'POST',
        body: { lesson_type: lessonType },
        schema: LessonResponse,
      }),
    onSuccess: invalidate,
  });
}

export function useUpdateLesson(courseId: string) {
  const invalidate = useInvalidateCourse(courseId);
  return useMutation({
    mutationFn: ({ lessonId, input }: { lessonId: string; input: LessonInput }) =>
      apiRequest(`/lessons/${id(lessonId)}`, { method: 'PUT', body: input, schema: LessonResponse }),
    onSuccess: invalidate,
  });
}

export function useDeleteLesson(courseId: string) {
  const invalidate = useInvalidateCourse(courseId);
  return useMutation({
    mutationFn: (lessonId: string) =>
      apiRequest(`/lessons/${id(lessonId)}`, { method: 'DELETE', schema: OkResponse }),
    onSuccess: invalidate,
  });
}

/** The media folders of the course tools (common/uploads.ts UploadFolder). */
export type CourseMediaFolder = Extract<UploadFolder, 'course-thumbnails' | 'lesson-videos'>;

export const useUploadCourseMedia = useUploadToFolder<CourseMediaFolder>;
