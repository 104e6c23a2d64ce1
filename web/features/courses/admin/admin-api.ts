import { useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import type { z } from 'zod';
import { OkResponse } from '../../../../common/api';
import {
  CourseListResponse,
  CourseResponse,
  CourseStudentsResponse,
  LessonResponse,
  LessonsResponse,
  ModuleResponse,
  ModulesResponse,
  type CourseDetail,
  type CourseInput,
  type LessonInput,
  type LessonType,
  type ModuleInput,
} from '../../../../common/courses';
import { ENROLLMENTS_MAX_LIMIT, EnrollmentListResponse } from '../../../../common/enrollments';
import { LessonProgressResponse, QuizResultsResponse } from '../../../../common/progress';
import { REVIEWS_MAX_LIMIT, ReviewsResponse, type Review } from '../../../../common/reviews';
import { UploadResponse, type UploadFolder } from '../../../../common/uploads';
import { apiRequest, uploadForm } from '../../../lib/api-client';
import { courseDetailQuery, courseKeys } from '../api';

/** The admin sees every course, published or not, in one list. */
export const ADMIN_COURSE_LIMIT = 200;
export const RECENT_ENROLLMENTS_PAGE_SIZE = 5;
export const STUDENT_LESSONS_PAGE_SIZE = 10;
export const QUIZ_RESULTS_PAGE_SIZE = 10;

export const adminCourseKeys = {
  all: ['courses'] as const,
  list: () => ['courses', 'admin-list'] as const,
  detail: courseKeys.detail,
  students: (courseId: string) => ['courses', courseId, 'students'] as const,
  lessonProgress: (userId: string, courseId: string, page: number) =>
    ['progress', userId, courseId, 'lessons', page] as const,
  enrollments: (page: number) => ['enrollments', 'recent', page] as const,
  quizResults: (lessonId: string, page: number) => ['quiz-results', lessonId, page] as const,
};

const id = encodeURIComponent;

export function useAdminCourses() {
  return useQuery({
    queryKey: adminCourseKeys.list(),
    queryFn: () => apiRequest(`/courses?limit=${ADMIN_COURSE_LIMIT}`, { schema: CourseListResponse }),
  });
}

export function useAdminCourse(courseId: string) {
  return useQuery(courseDetailQuery(courseId));
}

export function useCourseStudents(courseId: string, enabled = true) {
  return useQuery({
    queryKey: adminCourseKeys.students(courseId),
    queryFn: () =>
      apiRequest(`/courses/${id(courseId)}/students?limit=200`, { schema: CourseStudentsResponse }),
    enabled,
  });
}

export function useStudentLessonProgress(userId: string, courseId: string, page: number) {
  return useQuery({
    queryKey: adminCourseKeys.lessonProgress(userId, courseId, page),
    queryFn: () =>
      apiRequest(
        `/user/${id(userId)}/course/${id(courseId)}/lessons/progress` +
          `?limit=${STUDENT_LESSONS_PAGE_SIZE}&offset=${page * STUDENT_LESSONS_PAGE_SIZE}`,
        { schema: LessonProgressResponse },
      ),
    placeholderData: keepPreviousData,
  });
}

/** One page of the students who attempted a quiz, with their attempts and best score. */
export function useQuizResults(lessonId: string, page: number) {
  return useQuery({
    queryKey: adminCourseKeys.quizResults(lessonId, page),
    queryFn: () =>
      apiRequest(
        `/admin/quizzes/${id(lessonId)}/results` +
          `?limit=${QUIZ_RESULTS_PAGE_SIZE}&offset=${page * QUIZ_RESULTS_PAGE_SIZE}`,
        { schema: QuizResultsResponse },
      ),
    // Students keep taking the quiz: opening the results always reads them afresh.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * A student's review of the course, or null when they have not rated it. It is looked up in the
 * student's list of reviews: the one-course call answers 404 for "no review", and the browser reports
 * every 404 in the console.
 */
export function useStudentReview(userId: string, courseId: string) {
  return useQuery({
    queryKey: ['reviews', 'user', userId, courseId] as const,
    queryFn: async (): Promise<Review | null> => {
      for (let offset = 0; ; offset += REVIEWS_MAX_LIMIT) {
        const page = await apiRequest(
          `/users/${id(userId)}/reviews?limit=${REVIEWS_MAX_LIMIT}&offset=${offset}`,
          { schema: ReviewsResponse },
        );
        const review = page.reviews.find((candidate) => candidate.course_id === courseId);
        if (review) return review;
        if (page.reviews.length === 0 || offset + page.reviews.length >= page.total) return null;
      }
    },
  });
}

export function useRecentEnrollments(page: number) {
  return useQuery({
    queryKey: adminCourseKeys.enrollments(page),
    queryFn: () =>
      apiRequest(
        `/enrollments?limit=${RECENT_ENROLLMENTS_PAGE_SIZE}&offset=${page * RECENT_ENROLLMENTS_PAGE_SIZE}`,
        { schema: EnrollmentListResponse },
      ),
    placeholderData: keepPreviousData,
  });
}

/** Every enrolment (up to the server's maximum page), for the courses' average progress. */
export function useAllEnrollments() {
  return useQuery({
    queryKey: ['enrollments', 'all'] as const,
    queryFn: () =>
      apiRequest(`/enrollments?limit=${ENROLLMENTS_MAX_LIMIT}`, { schema: EnrollmentListResponse }),
  });
}

/** Course writes change lists, details and the student side's caches alike: refresh them all. */
function useInvalidateCourses() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminCourseKeys.all });
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
  const detail = adminCourseKeys.detail(courseId);
  return async () => {
    await queryClient.invalidateQueries({ queryKey: detail });
    void queryClient.invalidateQueries({
      queryKey: adminCourseKeys.all,
      predicate: (query) => query.queryKey.join('/') !== detail.join('/'),
    });
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
  const key = adminCourseKeys.detail(courseId);
  return useMutation({
    mutationFn: (moduleIds: string[]) =>
      apiRequest(`/courses/${id(courseId)}/modules/order`, {
        method: 'PUT',
        body: { module_ids: moduleIds },
        schema: ModulesResponse,
      }),
    onMutate: async (moduleIds) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<CourseDetail>(key);
      if (previous) {
        const byId = new Map(previous.modules.map((m) => [m.id, m]));
        const modules = moduleIds.flatMap((moduleId, index) => {
          const found = byId.get(moduleId);
          return found ? [{ ...found, order_sequence: index + 1 }] : [];
        });
        queryClient.setQueryData<CourseDetail>(key, { ...previous, modules });
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminCourseKeys.all }),
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

export interface UploadMediaInput {
  file: File;
  folder: CourseMediaFolder;
  onProgress?: (percent: number) => void;
}

export function useUploadCourseMedia() {
  return useMutation({
    mutationFn: ({ file, folder, onProgress }: UploadMediaInput) => {
      const form = new FormData();
      // The folder goes first: the server reads fields in order and needs it before the file streams.
      form.append('folder', folder);
      form.append('file', file);
      return uploadForm('/uploads', form, { schema: UploadResponse, onProgress });
    },
  });
}
