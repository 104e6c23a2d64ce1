import { and, asc, count, eq, inArray, ne, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';

/** Queries behind the community pages. */
export function createCommunityRepo(db: Db | Tx) {
  return {
    /**
     * One page of a course's fellow students of `callerId` — active students (not administrators)
     * with a public profile, never the caller — by name, and how many there are. `students` is the
     * subquery of the course's students' ids (CourseAccess.takers).
     */
    async fellowStudents(students: SQLWrapper, callerId: string, page: { limit: number; offset: number }) {
      const where = and(
        inArray(users.id, students),
        ne(users.id, callerId),
        eq(users.is_active, true),
        eq(users.is_admin, false),
        sql`${users.privacy}->>'profile' = 'public'`,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(asc(users.name), asc(users.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type CommunityRepo = ReturnType<typeof createCommunityRepo>;
