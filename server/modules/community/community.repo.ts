import { and, asc, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { courses, enrollments, users } from '../../db/schema';

/** An enrolment counts for the community while it is on the student's list (not hidden). */
const listed = isNull(enrollments.hidden_at);

/** Queries behind the community pages; every list is read through enrollments_course_idx. */
export function createCommunityRepo(db: Db | Tx) {
  return {
    /** The courses on the user's list, most recently started first. */
    async coursesOf(userId: string): Promise<{ course_id: string; course_name: string }[]> {
      return db
        .select({ course_id: courses.id, course_name: courses.title })
        .from(enrollments)
        .innerJoin(courses, eq(courses.id, enrollments.course_id))
        .where(and(eq(enrollments.user_id, userId), listed))
        .orderBy(desc(enrollments.start_date), desc(enrollments.id));
    },

    /** The course's name when the user has it on their list. */
    async enrolledCourse(userId: string, courseId: string): Promise<{ course_name: string } | undefined> {
      const [row] = await db
        .select({ course_name: courses.title })
        .from(enrollments)
        .innerJoin(courses, eq(courses.id, enrollments.course_id))
        .where(and(eq(enrollments.user_id, userId), eq(enrollments.course_id, courseId), listed))
        .limit(1);
      return row;
    },

    /**
     * One page of the course's fellow students of `callerId` — active students (not
     * administrators) with a public profile, never the caller — by name, and how many there are.
     */
    async fellowStudents(courseId: string, callerId: string, page: { limit: number; offset: number }) {
      const where = and(
        eq(enrollments.course_id, courseId),
        listed,
        ne(users.id, callerId),
        eq(users.is_active, true),
        eq(users.is_admin, false),
        sql`${users.privacy}->>'profile' = 'public'`,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ user: users })
          .from(enrollments)
          .innerJoin(users, eq(users.id, enrollments.user_id))
          .where(where)
          .orderBy(asc(users.name), asc(users.id))
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ n: count() })
          .from(enrollments)
          .innerJoin(users, eq(users.id, enrollments.user_id))
          .where(where),
      ]);
      return { rows: rows.map((row) => row.user), total: total?.n ?? 0 };
    },
  };
}
export type CommunityRepo = ReturnType<typeof createCommunityRepo>;
