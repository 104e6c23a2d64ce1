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

/** Builds every module's service and registers its routes under /api. */
export async function registerModules(api: FastifyInstance, platform: Platform): Promise<void> {
  await api.register(healthRoutes(platform));
  const courses = createCoursesService(platform);
  const enrollments = createEnrollmentsService(platform, { courses });
  const uploads = createUploadsService(platform);
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
  await api.register(
    paymentsRoutes({ payments: createPaymentsService(platform, { enrollments, courses, users }) }),
  );
  await api.register(contactRoutes({ contact: createContactService(platform, { users, courses }) }));
}
