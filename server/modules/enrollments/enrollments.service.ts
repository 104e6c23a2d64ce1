import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import type { OkResponse } from '../../../common/api';
import {
  COURSE_NOT_FOUND_MESSAGE,
  courseProgress,
  NOT_ENROLLED_MESSAGE,
  PAYMENT_REQUIRED_MESSAGE,
  type EnrolledResponse,
  type EnrollInput,
  type Enrollment,
  type EnrollmentListQuery,
  type EnrollmentListResponse,
  type EnrollResponse,
} from '../../../common/enrollments';
import type { CourseProgress } from '../../../common/progress';
import { assertSelfOrAdmin, type AuthContext } from '../../platform/auth';
import { forbidden, notFound } from '../../platform/errors';
import type { Platform } from '../../platform';
import type { CoursesService } from '../courses/courses.service';
import type { EnrolledCourse } from '../users/users.service';
import type { CourseAccess } from './course-access.service';
import {
  createEnrollmentsRepo,
  type EnrollmentRow,
  type EnrollmentSourceValue,
  type UserCourseJson,
  type UserCourseRow,
} from './enrollments.repo';

export type { EnrollmentRow } from './enrollments.repo';

/** Keeps the user id list of one query well under PostgreSQL's limit on bound parameters. */
const LIST_FOR_USERS_CHUNK = 1000;

const courseNotFound = () => notFound(COURSE_NOT_FOUND_MESSAGE, 'COURSE_NOT_FOUND');
const notEnrolled = () => notFound(NOT_ENROLLED_MESSAGE, 'NOT_ENROLLED');

export const toEnrollment = (row: EnrollmentRow): Enrollment => ({
  id: row.id,
  user_id: row.user_id,
  course_id: row.course_id,
  source: row.source,
  progress: row.progress,
  start_date: row.start_date.toISOString(),
  completed_date: row.completed_date?.toISOString() ?? null,
});

const toEnrolledCourse = (row: UserCourseRow | UserCourseJson): EnrolledCourse => ({
  userId: row.user_id,
  courseId: row.course_id,
  courseName: row.course_title,
  progress: row.progress,
  startDate: new Date(row.start_date).toISOString(),
  completed: row.completed_date !== null,
});

/**
 * What the enrolments need from the payment records (passed in by server/modules/index.ts): paid
 * access rests on the paid order, so a paid course stays open to whoever paid for it.
 */
export interface PaidOrders {
  hasPaidOrder(userId: string, courseId: string): Promise<boolean>;
}

export function createEnrollmentsService(
  platform: Platform,
  deps: { courses: CoursesService; access: CourseAccess; paidOrders: PaidOrders },
) {
  const { courses, access, paidOrders } = deps;
  const repo = createEnrollmentsRepo(platform.db);
  const now = () => platform.clock.now();

  /**
   * Recomputes the stored progress from the lessons completed, inside the caller's transaction;
   * a client's number never counts.
   */
  async function recompute(row: EnrollmentRow): Promise<EnrollmentRow> {
    const { completed, total } = await repo.lessonCounts(row.user_id, row.course_id);
    const progress = courseProgress(completed, total);
    const complete = total > 0 && completed >= total;
    return (await repo.setProgress(row.id, progress, complete, now())) ?? row;
  }

  /**
   * Enrols a user unless already enrolled (then nothing changes). Lesson progress kept from an
   * earlier enrolment counts again at once.
   */
  async function grant(
    userId: string,
    courseId: string,
    source: EnrollmentSourceValue,
    startDate?: Date,
  ): Promise<{ enrollment: EnrollmentRow; created: boolean }> {
    const at = now();
    const inserted = await repo.insertIfAbsent({
      user_id: userId,
      course_id: courseId,
      source,
      start_date: startDate ?? at,
      created_at: at,
    });
    if (inserted) {
      const enrollment = await platform.tx(() => recompute(inserted));
      return { enrollment, created: true };
    }
    const existing = await repo.find(userId, courseId);
    // Only a concurrent unenrolment between the two statements gets here.
    if (!existing) throw notEnrolled();
    if (existing.hidden_at) await repo.unhide(userId, courseId);
    return { enrollment: existing, created: false };
  }

  return {
    grant,

    async list(query: z.output<typeof EnrollmentListQuery>): Promise<EnrollmentListResponse> {
      const { rows, total } = await repo.list(query);
      return {
        enrollments: rows.map((row) => ({
          ...row,
          start_date: row.start_date.toISOString(),
          completed_date: row.completed_date?.toISOString() ?? null,
        })),
        total,
      };
    },

    /**
     * Free courses enrol students directly; paid ones go through payment. Admins may enrol anyone
     * in any course, and only admins may set the start date.
     */
    async enroll(
      auth: AuthContext,
      userId: string,
      courseId: string,
      input: z.output<typeof EnrollInput>,
    ): Promise<{ created: boolean; body: EnrollResponse }> {
      assertSelfOrAdmin(auth, userId);
      const isAdmin = auth.user.is_admin;
      const course = await courses.find(courseId);
      if (!course || (!course.is_published && !isAdmin)) throw courseNotFound();
      if (isAdmin && !(await repo.userExists(userId))) throw notFound('User not found', 'USER_NOT_FOUND');
      // A paid or archived course is open to a student only through an enrolment or a paid order.
      if (!isAdmin && (course.price_cents > 0 || course.archived_at)) {
        const existing = await repo.find(userId, courseId);
        if (existing) {
          if (existing.hidden_at) await repo.unhide(userId, courseId);
          return { created: false, body: { enrolled: true, enrollment: toEnrollment(existing) } };
        }
        // Bought before: the enrolment comes back without paying again.
        if (await paidOrders.hasPaidOrder(userId, courseId)) {
          const { enrollment, created } = await grant(userId, courseId, 'payment');
          return { created, body: { enrolled: true, enrollment: toEnrollment(enrollment) } };
        }
        if (course.archived_at) throw courseNotFound();
        throw forbidden(PAYMENT_REQUIRED_MESSAGE, 'PAYMENT_REQUIRED');
      }
      const startDate = isAdmin && input.startDate ? new Date(input.startDate) : undefined;
      const { enrollment, created } = await grant(userId, courseId, isAdmin ? 'admin' : 'free', startDate);
      return { created, body: { enrolled: true, enrollment: toEnrollment(enrollment) } };
    },

    /**
     * Lesson progress stays, so enrolling again restores it. A paid enrolment is only taken off
     * the list: what was paid for is never destroyed, and the course stays open to its buyer.
     */
    async unenroll(auth: AuthContext, userId: string, courseId: string): Promise<OkResponse> {
      assertSelfOrAdmin(auth, userId);
      const row = await repo.find(userId, courseId);
      if (!row) throw notEnrolled();
      const paid = row.source === 'payment' || (await paidOrders.hasPaidOrder(userId, courseId));
      const done = paid ? await repo.hide(userId, courseId, now()) : await repo.delete(userId, courseId);
      if (!done) throw notEnrolled();
      return { success: true };
    },

    async isEnrolled(auth: AuthContext, userId: string, courseId: string): Promise<EnrolledResponse> {
      assertSelfOrAdmin(auth, userId);
      return { enrolled: await access.canOpen(userId, courseId) };
    },

    find: (userId: string, courseId: string) => repo.find(userId, courseId),

    /** Live counts; undefined when the user is not enrolled. */
    async progressOf(userId: string, courseId: string): Promise<CourseProgress | undefined> {
      const row = await repo.find(userId, courseId);
      if (!row) return undefined;
      const { completed, total } = await repo.lessonCounts(userId, courseId);
      return {
        progress: courseProgress(completed, total),
        completed_lessons: completed,
        total_lessons: total,
        completed_date: row.completed_date?.toISOString() ?? null,
      };
    },

    /**
     * Runs `work` in a transaction (platform.tx, which `work`'s queries join) holding the
     * enrolment's row lock, then recomputes the course progress in the same transaction. Writes
     * for one enrolment so take turns: concurrent completions and quiz attempts cannot lose an
     * update or reuse an attempt number. Undefined (and nothing done) when the user is not enrolled.
     */
    async withEnrollment<T>(
      userId: string,
      courseId: string,
      work: () => Promise<T>,
    ): Promise<{ result: T; enrollment: EnrollmentRow } | undefined> {
      return platform.tx(async () => {
        const row = await repo.findForUpdate(userId, courseId);
        if (!row) return undefined;
        // Studying a course the student had taken off their list puts it back.
        if (row.hidden_at) await repo.unhide(userId, courseId);
        const result = await work();
        return { result, enrollment: await recompute(row) };
      });
    },

    /**
     * Every enrolment of these users, most recently started first (one query per 1000 users): the
     * users domain's CourseLister.
     */
    async listForUsers(userIds: string[]): Promise<EnrolledCourse[]> {
      const rows = [];
      for (let i = 0; i < userIds.length; i += LIST_FOR_USERS_CHUNK) {
        rows.push(...(await repo.listForUsers(userIds.slice(i, i + LIST_FOR_USERS_CHUNK))));
      }
      return rows.map(toEnrolledCourse);
    },

    /**
     * The enrolments of the user `userId` names, as a column of the statement that reads the
     * user: a profile costs one statement.
     */
    coursesColumn(userId: SQLWrapper): SQL<EnrolledCourse[]> {
      return repo.coursesJson(userId).mapWith((rows: UserCourseJson[]) => rows.map(toEnrolledCourse));
    },

    /** One page of a user's enrolments, most recently started first: the CourseLister's page. */
    async pageForUser(
      userId: string,
      page: { limit: number; offset: number },
    ): Promise<{ courses: EnrolledCourse[]; total: number }> {
      const { rows, total } = await repo.pageForUser(userId, page);
      return { courses: rows.map(toEnrolledCourse), total };
    },
  };
}
export type EnrollmentsService = ReturnType<typeof createEnrollmentsService>;
