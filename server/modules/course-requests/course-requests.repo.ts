import { and, count, desc, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import type { CourseRequestStatus } from '../../../common/course-requests';
import type { Db } from '../../db/client';
import { deleteRows } from '../../db/delete-rows';
import { courseRequests, users } from '../../db/schema';

const requestColumns = {
  id: courseRequests.id,
  user_id: courseRequests.user_id,
  user_name: users.name,
  subject: courseRequests.subject,
  experience: courseRequests.experience,
  reason: courseRequests.reason,
  status: courseRequests.status,
  admin_notes: courseRequests.admin_notes,
  created_at: courseRequests.created_at,
  updated_at: courseRequests.updated_at,
};

/** Requests the school has answered for good; the others still await it. */
const CLOSED_STATUSES: CourseRequestStatus[] = ['completed', 'declined'];

interface Page {
  limit: number;
  offset: number;
}

export function createCourseRequestsRepo(db: Db) {
  async function list(where: SQL | undefined, page: Page) {
    const [rows, [total]] = await Promise.all([
      db
        .select(requestColumns)
        .from(courseRequests)
        .innerJoin(users, eq(users.id, courseRequests.user_id))
        .where(where)
        .orderBy(desc(courseRequests.created_at), desc(courseRequests.id))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ n: count() }).from(courseRequests).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  return {
    async userExists(userId: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
      return Boolean(row);
    },

    /**
     * Inserts the request unless its author already has `maxOpen` open ones (returns undefined
     * then). Run it under the author's advisory lock, so the count and the insert of concurrent
     * requests cannot be interleaved past the cap.
     */
    async insertUnderCap(
      values: typeof courseRequests.$inferInsert & { user_id: string },
      maxOpen: number,
    ): Promise<string | undefined> {
      const [open] = await db
        .select({ n: count() })
        .from(courseRequests)
        .where(
          and(eq(courseRequests.user_id, values.user_id), notInArray(courseRequests.status, CLOSED_STATUSES)),
        );
      if ((open?.n ?? 0) >= maxOpen) return undefined;
      const [row] = await db.insert(courseRequests).values(values).returning({ id: courseRequests.id });
      return row!.id;
    },

    async find(id: string) {
      const [row] = await db
        .select({ ...requestColumns, email: users.email, email_notifications: users.email_notifications })
        .from(courseRequests)
        .innerJoin(users, eq(users.id, courseRequests.user_id))
        .where(eq(courseRequests.id, id))
        .limit(1);
      return row;
    },

    listForUser: (userId: string, page: Page) => list(eq(courseRequests.user_id, userId), page),

    listAll: (status: CourseRequestStatus | undefined, page: Page) =>
      list(status ? eq(courseRequests.status, status) : undefined, page),

    /** Requests grouped by subject, ignoring case and surrounding spaces; shown in the latest spelling. */
    async popular(limit: number) {
      const key = sql`lower(trim(${courseRequests.subject}))`;
      return db
        .select({
          subject: sql<string>`(array_agg(trim(${courseRequests.subject}) order by ${courseRequests.created_at} desc))[1]`,
          request_count: count(),
          latest_at: sql<Date>`max(${courseRequests.created_at})`.mapWith(courseRequests.created_at),
        })
        .from(courseRequests)
        .groupBy(key)
        .orderBy(desc(count()), desc(sql`max(${courseRequests.created_at})`), key)
        .limit(limit);
    },

    /**
     * Sets status (and notes when given) and says what the status was before; inside a
     * transaction the row lock makes two admins' concurrent changes each see the other's result.
     */
    async updateStatus(
      id: string,
      change: { status: CourseRequestStatus; admin_notes?: string | null },
      at: Date,
    ): Promise<{ previous: CourseRequestStatus } | undefined> {
      const [current] = await db
        .select({ status: courseRequests.status })
        .from(courseRequests)
        .where(eq(courseRequests.id, id))
        .for('update');
      if (!current) return undefined;
      await db
        .update(courseRequests)
        .set({ ...change, updated_at: at })
        .where(eq(courseRequests.id, id));
      return { previous: current.status };
    },

    async remove(id: string): Promise<boolean> {
      return deleteRows(db, courseRequests, eq(courseRequests.id, id));
    },
  };
}
export type CourseRequestsRepo = ReturnType<typeof createCourseRequestsRepo>;
export type CourseRequestRow = NonNullable<Awaited<ReturnType<CourseRequestsRepo['find']>>>;
