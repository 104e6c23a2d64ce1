import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { Platform } from '../../platform';
import { createEnrollmentsRepo, type EnrollmentRow } from './enrollments.repo';

/**
 * Who may open a course, and who is taking it: the other domains ask here instead of reading the
 * enrolments themselves.
 *
 * An enrolment opens its course for as long as it exists, also while its student has taken it off
 * their list: what was paid for stays open, and a paid order with no enrolment left grants it
 * again on enrolling (EnrollmentsService.enroll). A student takes a course — it is on their list,
 * and the community counts them in it — only while the enrolment is not hidden.
 */
export function createCourseAccess(platform: Pick<Platform, 'db'>) {
  const repo = createEnrollmentsRepo(platform.db);

  return {
    /** The enrolment through which the user opens the course; undefined when they may not open it. */
    openingEnrollment: (userId: string, courseId: string): Promise<EnrollmentRow | undefined> =>
      repo.find(userId, courseId),

    async canOpen(userId: string, courseId: string): Promise<boolean> {
      return Boolean(await repo.find(userId, courseId));
    },

    /** canOpen as a condition of the caller's own statement, which then costs one round trip. */
    opens: (userId: SQLWrapper | string, courseId: SQLWrapper | string): SQL<boolean> =>
      repo.existsFor(userId, courseId).mapWith(Boolean),

    /** The courses the user may open, by title. */
    openCourses: (userId: string): Promise<{ id: string; title: string }[]> => repo.enrolledCourses(userId),

    /** The courses the user is taking, most recently started first. */
    async takenCourses(userId: string): Promise<{ id: string; title: string }[]> {
      const rows = await repo.listForUsers([userId]);
      return rows.map((row) => ({ id: row.course_id, title: row.course_title }));
    },

    async isTaking(userId: string, courseId: string): Promise<boolean> {
      const row = await repo.find(userId, courseId);
      return Boolean(row && !row.hidden_at);
    },

    /** The ids of the users taking the course, as a subquery of the caller's statement. */
    takers: (courseId: string) => repo.listedUserIds(courseId),
  };
}
export type CourseAccess = ReturnType<typeof createCourseAccess>;

/**
 * The same rule for a statement that has already joined the caller's enrolment beside the course
 * (a course page): any enrolment, hidden or not, opens it.
 */
export const joinedEnrollmentOpens = (row: { enrollment_start: Date | null }): boolean =>
  row.enrollment_start !== null;
