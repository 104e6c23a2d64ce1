import { queryOptions } from '@tanstack/react-query';
import {
  COURSE_LIST_MAX_LIMIT,
  CourseListResponse,
  CourseResponse,
  CourseStudentsResponse,
} from '../../../common/courses';
import { apiRequest } from '../api-client';

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
