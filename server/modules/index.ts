import type { FastifyInstance } from 'fastify';
import type { Platform } from '../platform';
import { authRoutes } from './auth/auth.routes';
import { createAuthService } from './auth/auth.service';
import { contactRoutes } from './contact/contact.routes';
import { createContactService } from './contact/contact.service';
import { contentRoutes } from './courses/content.routes';
import { createContentService } from './courses/content.service';
import { coursesRoutes } from './courses/courses.routes';
import { createCoursesService } from './courses/courses.service';
import { courseRequestsRoutes } from './course-requests/course-requests.routes';
import { createCourseRequestsService } from './course-requests/course-requests.service';
import { enrollmentsRoutes } from './enrollments/enrollments.routes';
import { createEnrollmentsService } from './enrollments/enrollments.service';
import { healthRoutes } from './health/health.routes';
import { jobsRoutes } from './jobs/jobs.routes';
import { createJobsService } from './jobs/jobs.service';
import { liveRoutes } from './live/live.routes';
import { createLiveService } from './live/live.service';
import { mailRoutes } from './mail/mail.routes';
import { createMailService } from './mail/mail.service';
import { paymentsRoutes } from './payments/payments.routes';
import { createPaymentsService } from './payments/payments.service';
import { progressRoutes } from './progress/progress.routes';
import { createProgressService } from './progress/progress.service';
import { reviewsRoutes } from './reviews/reviews.routes';
import { createReviewsService } from './reviews/reviews.service';
import { termsRoutes } from './terms/terms.routes';
import { createTermsService } from './terms/terms.service';
import { uploadsRoutes } from './uploads/uploads.routes';
import { createUploadsService } from './uploads/uploads.service';
import { usersRoutes } from './users/users.routes';
import { createUsersService } from './users/users.service';

/** Where the instances tell each other that an admin changed what the course cards show. */
const COURSE_CARDS_CHANNEL = 'course_cards_changed';
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The course cards are kept for CATALOGUE_CACHE_SECONDS. Any write through this instance's API
 * (an enrolment, a review, a course edit) forgets them before its answer is sent, so whoever
 * wrote reads their change; an admin's write is told to the other instances too, whose counts
 * otherwise follow within the cache's seconds.
 */
async function forgetCardsOnWrites(api: FastifyInstance, platform: Platform, forget: () => void) {
  const unsubscribe = await platform.events.subscribe(COURSE_CARDS_CHANNEL, forget);
  api.addHook('onClose', unsubscribe);
  // A callback hook, so the reads that make up most requests pass it without a promise.
  api.addHook('onSend', (request, reply, payload, done) => {
    if (!WRITES.has(request.method) || reply.statusCode >= 400) return done(null, payload);
    forget();
    if (!request.auth?.user.is_admin) return done(null, payload);
    platform.events
      .publish(COURSE_CARDS_CHANNEL, null)
      .catch((error: unknown) => request.log.warn({ err: error }, 'could not tell the other instances'))
      .finally(() => done(null, payload));
  });
}

/** Builds every module's service and registers its routes under /api. */
export async function registerModules(api: FastifyInstance, platform: Platform): Promise<void> {
  await api.register(healthRoutes(platform));
  const uploads = createUploadsService(platform);
  const courses = createCoursesService(platform, { images: uploads });
  await forgetCardsOnWrites(api, platform, () => courses.forgetCards());
  const enrollments = createEnrollmentsService(platform, { courses });
  const users = createUsersService(platform, { courseLister: enrollments, avatarFiles: uploads });
  uploads.whenRemoved((publicId) => users.forgetAvatar(publicId));
  await api.register(usersRoutes({ users }, platform.config));
  await api.register(enrollmentsRoutes({ enrollments }));
  const auth = createAuthService(platform, { users });
  await api.register(authRoutes({ auth }, platform.config));
  await api.register(termsRoutes({ terms: createTermsService(platform) }));
  await api.register(uploadsRoutes({ uploads }));
  await api.register(mailRoutes({ mail: createMailService(platform) }));
  await api.register(jobsRoutes({ jobs: createJobsService(platform) }));
  await api.register(liveRoutes({ live: createLiveService(platform) }));
  await api.register(coursesRoutes({ courses }));
  await api.register(contentRoutes({ content: createContentService(platform) }));
  await api.register(progressRoutes({ progress: createProgressService(platform, { enrollments, courses }) }));
  await api.register(reviewsRoutes({ reviews: createReviewsService(platform, { courses }) }));
  await api.register(courseRequestsRoutes({ requests: createCourseRequestsService(platform) }));
  const payments = createPaymentsService(platform, { enrollments, courses, users });
  enrollments.usePaidOrders((userId, courseId) => payments.hasPaidOrder(userId, courseId));
  users.keepRecordsOf((userId) => payments.hasOrders(userId));
  await api.register(paymentsRoutes({ payments }));
  await api.register(contactRoutes({ contact: createContactService(platform, { users, courses }) }));
}
