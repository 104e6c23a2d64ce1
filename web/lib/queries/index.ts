/**
 * Every cached read of the app, in one registry of `queryOptions` factories. Keys are
 * `[domain, scope, params]`: a domain's `all` (or a narrower prefix) invalidates everything under
 * it, and the params object matches partially. Student and admin screens use the same factories;
 * a screen that needs another shape derives it with `select`, never with a key of its own, so
 * one key never holds two shapes. The options carry their data type, so
 * `queryClient.getQueryData(queries.courses.detail(id).queryKey)` is typed.
 */
import { courseRequestQueries } from './course-requests';
import { courseQueries } from './courses';
import { enrollmentQueries } from './enrollments';
import { paymentQueries } from './payments';
import { progressQueries } from './progress';
import { reviewQueries } from './reviews';
import { termsQueries } from './terms';
import { userQueries } from './users';

export const queries = {
  courses: courseQueries,
  courseRequests: courseRequestQueries,
  enrollments: enrollmentQueries,
  payments: paymentQueries,
  progress: progressQueries,
  reviews: reviewQueries,
  terms: termsQueries,
  users: userQueries,
};

export { pageOf, type PageParams } from './paging';
export type { CourseListParams } from './courses';
export type { LastQuizAttempt } from './progress';
