/**
 * Every cached read of the app, in one registry of `queryOptions` factories. Keys are
 * `[domain, scope, params]`: a domain's `all` (or a narrower prefix) invalidates everything under
 * it, and the params object matches partially. Student and admin screens use the same factories;
 * a screen that needs another shape derives it with `select`, never with a key of its own, so
 * one key never holds two shapes. The options carry their data type, so
 * `queryClient.getQueryData(queries.courses.detail(id).queryKey)` is typed.
 */
import { blogQueries } from './blog';
import { bookingQueries } from './bookings';
import { classQueries } from './classes';
import { communityQueries } from './community';
import { courseRequestQueries } from './course-requests';
import { courseQueries } from './courses';
import { enrollmentQueries } from './enrollments';
import { messageQueries } from './messages';
import { paymentQueries } from './payments';
import { progressQueries } from './progress';
import { reviewQueries } from './reviews';
import { schoolQueries } from './school';
import { termsQueries } from './terms';
import { testimonialQueries } from './testimonials';
import { userQueries } from './users';

export const queries = {
  blog: blogQueries,
  bookings: bookingQueries,
  classes: classQueries,
  community: communityQueries,
  courses: courseQueries,
  courseRequests: courseRequestQueries,
  enrollments: enrollmentQueries,
  messages: messageQueries,
  payments: paymentQueries,
  progress: progressQueries,
  reviews: reviewQueries,
  school: schoolQueries,
  terms: termsQueries,
  testimonials: testimonialQueries,
  users: userQueries,
};

export { pageOf, type PageParams } from './paging';
export type { AdminBlogListParams } from './blog';
export type { AdminBookingsParams } from './bookings';
export type { ClassStatusFilter } from './classes';
export type { CourseListParams } from './courses';
export type { LastQuizAttempt } from './progress';
export type { UserListParams } from './users';
