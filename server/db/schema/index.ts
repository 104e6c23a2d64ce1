/**
 * Every table, from the file that declares it: a module's tables in `server/modules/<d>/<d>.schema.ts`
 * (the folder is the owner, the only code that writes them), the platform's in
 * `server/platform/**\/*.schema.ts`. Code reads tables from here; drizzle-kit reads the same files
 * through the glob in drizzle.config.ts, so a new schema file is listed here too.
 */
export * from '../../modules/users/users.schema';
export * from '../../modules/auth/auth.schema';
export * from '../../modules/terms/terms.schema';
export * from '../../modules/uploads/uploads.schema';
export * from '../../modules/courses/courses.schema';
export * from '../../modules/enrollments/enrollments.schema';
export * from '../../modules/progress/progress.schema';
export * from '../../modules/reviews/reviews.schema';
export * from '../../modules/course-requests/course-requests.schema';
export * from '../../modules/payments/payments.schema';
export * from '../../modules/testimonials/testimonials.schema';
export * from '../../modules/school/school.schema';
export * from '../../modules/blog/blog.schema';
export * from '../../modules/classes/classes.schema';
export * from '../../modules/bookings/bookings.schema';
export * from '../../modules/live/live.schema';
export * from '../../modules/messages/messages.schema';
export * from '../../modules/news/news.schema';
export * from '../../modules/quotes/quotes.schema';
export * from '../../modules/resources/resources.schema';
export * from '../../modules/ai-sifu/ai-sifu.schema';
export * from '../../platform/sessions.schema';
export * from '../../platform/throttle.schema';
export * from '../../platform/mail.schema';
export * from '../../platform/jobs.schema';
export * from '../../platform/payments/local.schema';
