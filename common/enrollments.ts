import { z } from 'zod';
import { pageLimit, pageOffset } from './api';

export const ENROLLMENTS_DEFAULT_LIMIT = 50;
export const ENROLLMENTS_MAX_LIMIT = 500;

export const PAYMENT_REQUIRED_MESSAGE = 'This course requires payment';
export const COURSE_NOT_FOUND_MESSAGE = 'Course not found';
export const NOT_ENROLLED_MESSAGE = 'You are not enrolled in this course';

export const EnrollmentSource = z.enum(['free', 'admin', 'payment']);
export type EnrollmentSource = z.infer<typeof EnrollmentSource>;

/** `/user/{userId}/enroll/{courseId}` and the other per-user, per-course paths. */
export const UserCourseParams = z.object({
  userId: z.uuid({ error: 'Invalid user id' }),
  courseId: z.uuid({ error: 'Invalid course id' }),
});
export type UserCourseParams = z.infer<typeof UserCourseParams>;

/**
 * POST /user/{userId}/enroll/{courseId}. startDate is honoured for admins only; a student's
 * enrolment starts when the server records it.
 */
export const EnrollInput = z
  .object({
    startDate: z
      .union([z.iso.datetime({ offset: true }), z.iso.date()], { error: 'Start date must be a valid date' })
      .optional(),
  })
  .nullish()
  // A POST without a body arrives as null.
  .transform((input) => input ?? {});
export type EnrollInput = z.input<typeof EnrollInput>;

/** One student's enrolment in one course. progress is a percentage kept by the server. */
export const Enrollment = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  course_id: z.uuid(),
  source: EnrollmentSource,
  progress: z.number().int(),
  start_date: z.string(),
  completed_date: z.string().nullable(),
});
export type Enrollment = z.infer<typeof Enrollment>;

export const EnrollResponse = z.object({ enrolled: z.literal(true), enrollment: Enrollment });
export type EnrollResponse = z.infer<typeof EnrollResponse>;

export const EnrolledResponse = z.object({ enrolled: z.boolean() });
export type EnrolledResponse = z.infer<typeof EnrolledResponse>;

/** GET /enrollments (admin): every enrolment with its student and course, newest first. */
export const EnrollmentListQuery = z.object({
  limit: pageLimit(ENROLLMENTS_DEFAULT_LIMIT, ENROLLMENTS_MAX_LIMIT),
  offset: pageOffset,
});
export type EnrollmentListQuery = z.input<typeof EnrollmentListQuery>;

export const EnrollmentListItem = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  course_id: z.uuid(),
  course_title: z.string(),
  user_name: z.string(),
  email: z.string(),
  user_avatar: z.string().nullable(),
  source: EnrollmentSource,
  progress: z.number().int(),
  start_date: z.string(),
  completed_date: z.string().nullable(),
});
export type EnrollmentListItem = z.infer<typeof EnrollmentListItem>;

export const EnrollmentListResponse = z.object({
  enrollments: z.array(EnrollmentListItem),
  total: z.number().int(),
});
export type EnrollmentListResponse = z.infer<typeof EnrollmentListResponse>;

/** Progress bars never pass 100%. */
export const clampProgress = (value: number) => Math.min(100, Math.max(0, Math.round(value)));

/** Course progress: completed lessons divided by total lessons, as a rounded percentage. */
export function courseProgress(completed: number, total: number): number {
  if (total <= 0) return 0;
  return clampProgress((completed / total) * 100);
}
