/**
 * Every cached read of the app, in one registry of `queryOptions` factories that each feature
 * keeps in its own `queries.ts`. Keys are `[domain, scope, params]`: a domain's `all` (or a
 * narrower prefix) invalidates everything under it, and the params object matches partially.
 * Student and admin screens use the same factories; a screen that needs another shape derives it
 * with `select`, never with a key of its own, so one key never holds two shapes. The options carry
 * their data type, so `queryClient.getQueryData(queries.courses.detail(id).queryKey)` is typed.
 *
 * The route loaders read through it; a feature imports its own reads, and another feature's
 * through that feature's index.ts.
 */
import { aiSifuAdminQueries } from '../features/ai-sifu-admin/queries';
import { sifuQueries } from '../features/ai-sifu/queries';
import { blogQueries } from '../features/blog/queries';
import { bookingQueries } from '../features/bookings/queries';
import { classQueries } from '../features/classes/queries';
import { communityQueries } from '../features/community/queries';
import { courseRequestQueries } from '../features/course-requests/queries';
import { courseQueries, enrollmentQueries, progressQueries } from '../features/courses/queries';
import { messageQueries } from '../features/messages/queries';
import { newsQueries } from '../features/news/queries';
import { paymentQueries } from '../features/payments/queries';
import { quoteQueries } from '../features/quotes/queries';
import { resourceQueries } from '../features/resources/queries';
import { reviewQueries } from '../features/reviews/queries';
import { searchQueries } from '../features/search/queries';
import { termsQueries } from '../features/terms/queries';
import { testimonialQueries } from '../features/testimonials/queries';
import { userQueries } from '../features/users/queries';
import { schoolQueries } from '../lib/queries/school';

export const queries = {
  aiSifu: sifuQueries,
  aiSifuAdmin: aiSifuAdminQueries,
  blog: blogQueries,
  bookings: bookingQueries,
  classes: classQueries,
  community: communityQueries,
  courses: courseQueries,
  courseRequests: courseRequestQueries,
  enrollments: enrollmentQueries,
  messages: messageQueries,
  news: newsQueries,
  payments: paymentQueries,
  progress: progressQueries,
  quotes: quoteQueries,
  resources: resourceQueries,
  reviews: reviewQueries,
  school: schoolQueries,
  search: searchQueries,
  terms: termsQueries,
  testimonials: testimonialQueries,
  users: userQueries,
};
