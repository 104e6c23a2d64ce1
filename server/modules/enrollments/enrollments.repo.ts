import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  inArray,
  isNotNull,
  isNull,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { courses, enrollments, lessonProgress, lessons, modules, users } from '../../db/schema';

export type EnrollmentRow = typeof enrollments.$inferSelect;
export type EnrollmentSourceValue = EnrollmentRow['source'];

/** A user's courses; the id breaks ties between enrolments started at the same moment. */
const newestFirst = [desc(enrollments.start_date), desc(enrollments.id)];

/** One enrolment as `userCoursesJson` writes it: the columns of `userCourses`, dates as ISO text. */
export interface UserCourseJson {
  user_id: string;
  course_id: string;
  course_title: string;
  progress: number;
  start_date: string;
  completed_date: string | null;
}

/** Queries on enrolments and the course progress they hold. */
export function createEnrollmentsRepo(db: Db | Tx) {
  const userCourses = () =>
    db
      .select({
        user_id: enrollments.user_id,
        course_id: enrollments.course_id,
        course_title: courses.title,
        progress: enrollments.progress,
        start_date: enrollments.start_date,
        completed_date: enrollments.completed_date,
      })
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.course_id));

  return {
    /**
     * The enrolments of the user `userId` names (a column of an outer query) as one JSON array,
     * newest first, for a statement that reads a user and their courses together.
     */
    coursesJson(userId: SQLWrapper): SQL<UserCourseJson[]> {
      const list = db
        .select({
          list: sql`json_agg(json_build_object(
            'user_id', ${enrollments.user_id}, 'course_id', ${enrollments.course_id},
            'course_title', ${courses.title}, 'progress', ${enrollments.progress},
            'start_date', ${enrollments.start_date}, 'completed_date', ${enrollments.completed_date}
          ) order by ${enrollments.start_date} desc, ${enrollments.id} desc)`,
        })
        .from(enrollments)
        .innerJoin(courses, eq(courses.id, enrollments.course_id))
        .where(and(eq(enrollments.user_id, userId), isNull(enrollments.hidden_at)));
      return sql<UserCourseJson[]>`coalesce((${list}), '[]'::json)`;
    },

    async userExists(userId: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
      return Boolean(row);
    },

    async find(userId: string, courseId: string): Promise<EnrollmentRow | undefined> {
      const [row] = await db
        .select()
        .from(enrollments)
        .where(and(eq(enrollments.user_id, userId), eq(enrollments.course_id, courseId)))
        .limit(1);
      return row;
    },

    /** Whether the user has an enrolment in the course, as a condition of an outer statement. */
    existsFor(userId: SQLWrapper | string, courseId: SQLWrapper | string): SQL {
      return exists(
        db
          .select({ one: sql`1` })
          .from(enrollments)
          .where(and(eq(enrollments.user_id, userId), eq(enrollments.course_id, courseId))),
      );
    },

    /** The courses the user has an enrolment in, listed or hidden, by title. */
    async enrolledCourses(userId: string): Promise<{ id: string; title: string }[]> {
      return db
        .select({ id: courses.id, title: courses.title })
        .from(enrollments)
        .innerJoin(courses, eq(courses.id, enrollments.course_id))
        .where(eq(enrollments.user_id, userId))
        .orderBy(asc(courses.title), asc(courses.id));
    },

    /** The ids of the users with the course on their list (not hidden), as a subquery. */
    listedUserIds(courseId: string) {
      return db
        .select({ user_id: enrollments.user_id })
        .from(enrollments)
        .where(and(eq(enrollments.course_id, courseId), isNull(enrollments.hidden_at)));
    },

    /** Locks the enrolment row until the transaction ends, so progress writes on it take turns. */
    async findForUpdate(userId: string, courseId: string): Promise<EnrollmentRow | undefined> {
      const [row] = await db
        .select()
        .from(enrollments)
        .where(and(eq(enrollments.user_id, userId), eq(enrollments.course_id, courseId)))
        .limit(1)
        .for('update');
      return row;
    },

    /** Inserts unless the user is already enrolled; the unique index decides under concurrency. */
    async insertIfAbsent(values: {
      user_id: string;
      course_id: string;
      source: EnrollmentSourceValue;
      start_date: Date;
      created_at: Date;
    }): Promise<EnrollmentRow | undefined> {
      const [row] = await db
        .insert(enrollments)
        .values(values)
        .onConflictDoNothing({ target: [enrollments.user_id, enrollments.course_id] })
        .returning();
      return row;
    },

    /** Takes a paid enrolment off the student's list, keeping it (and the access it gives). */
    async hide(userId: string, courseId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(enrollments)
        .set({ hidden_at: at })
        .where(and(eq(enrollments.user_id, userId), eq(enrollments.course_id, courseId)))
        .returning({ id: enrollments.id });
      return rows.length > 0;
    },

    /** Puts a hidden enrolment back on the student's list. */
    async unhide(userId: string, courseId: string): Promise<void> {
      await db
        .update(enrollments)
        .set({ hidden_at: null })
        .where(
          and(
            eq(enrollments.user_id, userId),
            eq(enrollments.course_id, courseId),
            isNotNull(enrollments.hidden_at),
          ),
        );
    },

    async delete(userId: string, courseId: string): Promise<boolean> {
      const rows = await db
        .delete(enrollments)
        .where(and(eq(enrollments.user_id, userId), eq(enrollments.course_id, courseId)))
        .returning({ id: enrollments.id });
      return rows.length > 0;
    },

    /** Lessons of the course, and how many of them the user has completed. */
    async lessonCounts(userId: string, courseId: string): Promise<{ completed: number; total: number }> {
      const [row] = await db
        .select({
          total: count(lessons.id),
          completed: count(lessonProgress.id),
        })
        .from(lessons)
        .innerJoin(modules, eq(modules.id, lessons.module_id))
        .leftJoin(
          lessonProgress,
          and(eq(lessonProgress.lesson_id, lessons.id), eq(lessonProgress.user_id, userId)),
        )
        .where(eq(modules.course_id, courseId));
      return { completed: row?.completed ?? 0, total: row?.total ?? 0 };
    },

    /** Stores the computed progress; completed_date is kept while complete and cleared when not. */
    async setProgress(id: string, progress: number, complete: boolean, at: Date) {
      const [row] = await db
        .update(enrollments)
        .set({
          progress,
          completed_date: complete ? sql`coalesce(${enrollments.completed_date}, ${at})` : null,
        })
        .where(eq(enrollments.id, id))
        .returning();
      return row;
    },

    async list(options: { limit: number; offset: number }) {
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: enrollments.id,
            user_id: enrollments.user_id,
            course_id: enrollments.course_id,
            course_title: courses.title,
            user_name: users.name,
            email: users.email,
            user_avatar: users.avatar,
            source: enrollments.source,
            progress: enrollments.progress,
            start_date: enrollments.start_date,
            completed_date: enrollments.completed_date,
          })
          .from(enrollments)
          .innerJoin(users, eq(users.id, enrollments.user_id))
          .innerJoin(courses, eq(courses.id, enrollments.course_id))
          .orderBy(desc(enrollments.start_date), desc(enrollments.created_at), desc(enrollments.id))
          .limit(options.limit)
          .offset(options.offset),
        db.select({ n: count() }).from(enrollments),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Every enrolment of these users with its course title, most recently started first. */
    async listForUsers(userIds: string[]) {
      if (userIds.length === 0) return [];
      return userCourses()
        .where(and(inArray(enrollments.user_id, userIds), isNull(enrollments.hidden_at)))
        .orderBy(...newestFirst);
    },

    /** One page of a user's enrolments, most recently started first, and how many there are. */
    async pageForUser(userId: string, page: { limit: number; offset: number }) {
      const [rows, [total]] = await Promise.all([
        userCourses()
          .where(and(eq(enrollments.user_id, userId), isNull(enrollments.hidden_at)))
          .orderBy(...newestFirst)
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ n: count() })
          .from(enrollments)
          .where(and(eq(enrollments.user_id, userId), isNull(enrollments.hidden_at))),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type EnrollmentsRepo = ReturnType<typeof createEnrollmentsRepo>;
export type UserCourseRow = Awaited<ReturnType<EnrollmentsRepo['listForUsers']>>[number];
