import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { preparedStatements } from '../../platform/prepared';
import {
  courseFeatures,
  courses,
  courseStats,
  enrollments,
  lessons,
  modules,
  orders,
  users,
} from '../../db/schema';

export type CourseRow = typeof courses.$inferSelect;
export type ModuleRow = typeof modules.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;
type Conn = Db | Tx;

/**
 * Every course column plus its counts (kept in course_stats by triggers, migration 0012) and the
 * caller's enrolment, so a page of courses costs one query that counts nothing.
 */
function summaryColumns() {
  return {
    course: courses,
    feature_ids: sql<
      number[]
    >`coalesce((select json_agg(${courseFeatures.feature_id} order by ${courseFeatures.feature_id}) from ${courseFeatures} where ${courseFeatures.course_id} = ${courses.id}), '[]'::json)`,
    enrolled_students: courseStats.enrolled_students,
    average_progress:
      sql<number>`coalesce(round(${courseStats.progress_sum}::numeric / nullif(${courseStats.enrolled_students}, 0)), 0)::int`.mapWith(
        Number,
      ),
    module_count: courseStats.module_count,
    lesson_count: courseStats.lesson_count,
    total_duration_minutes: courseStats.total_duration_minutes,
    average_rating:
      sql<number>`coalesce(round(${courseStats.rating_sum}::numeric / nullif(${courseStats.review_count}, 0), 1), 0)::float8`.mapWith(
        Number,
      ),
    total_reviews: courseStats.review_count,
    enrollment_progress: enrollments.progress,
    enrollment_start: enrollments.start_date,
    enrollment_completed: enrollments.completed_date,
  };
}

/** The caller's own enrolment row joined beside each course (none for visitors). */
const callerEnrollment = (callerId: SQLWrapper | string | null) =>
  callerId ? and(eq(enrollments.course_id, courses.id), eq(enrollments.user_id, callerId)) : sql`false`;

export interface CourseFilter {
  publishedOnly: boolean;
  /** Leave out published courses without a single lesson: there is nothing to sell or study yet. */
  withLessonsOnly?: boolean;
  is_series?: boolean;
  category?: string;
}

/**
 * What students and visitors find in the catalogue: unpublished courses pass (they are listed as
 * Under Construction), published ones need a lesson, archived ones are left to their buyers.
 */
const publishedWithLessons = () =>
  and(
    isNull(courses.archived_at),
    or(
      eq(courses.is_published, false),
      sql`exists (select 1 from ${courseStats} where ${courseStats.course_id} = ${courses.id} and ${courseStats.lesson_count} > 0)`,
    ),
  );

function filterWhere(filter: CourseFilter) {
  return and(
    filter.publishedOnly ? eq(courses.is_published, true) : undefined,
    filter.withLessonsOnly ? publishedWithLessons() : undefined,
    filter.is_series === undefined ? undefined : eq(courses.is_series, filter.is_series),
    filter.category ? sql`lower(${courses.category}) = lower(${filter.category})` : undefined,
  );
}

export function createCoursesRepo(db: Conn) {
  // The reads behind every course page, each prepared once (see platform/prepared.ts).
  const run = preparedStatements(db);
  const summaries = (callerId: SQLWrapper | string | null) =>
    db
      .select(summaryColumns())
      .from(courses)
      .innerJoin(courseStats, eq(courseStats.course_id, courses.id))
      .leftJoin(enrollments, callerEnrollment(callerId))
      .$dynamic();

  return {
    async list(callerId: string | null, filter: CourseFilter, page: { limit: number; offset: number }) {
      const where = filterWhere(filter);
      const [rows, [total]] = await Promise.all([
        summaries(callerId)
          .where(where)
          .orderBy(asc(courses.created_at), asc(courses.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(courses).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Every enrolment of the caller, for the cards they see (a student has a handful). */
    async enrolmentsOf(callerId: string) {
      return run(
        'course_enrolments_of',
        () =>
          db
            .select({
              course_id: enrollments.course_id,
              enrollment_progress: enrollments.progress,
              enrollment_start: enrollments.start_date,
              enrollment_completed: enrollments.completed_date,
            })
            .from(enrollments)
            .where(eq(enrollments.user_id, sql.placeholder('caller'))),
        { caller: callerId },
      );
    },

    async search(callerId: string | null, q: string, publishedOnly: boolean, limit: number) {
      const pattern = containsPattern(q);
      return (
        summaries(callerId)
          .where(
            and(
              publishedOnly ? eq(courses.is_published, true) : undefined,
              publishedOnly ? publishedWithLessons() : undefined,
              or(
                ilike(courses.title, pattern),
                ilike(courses.description, pattern),
                ilike(courses.category, pattern),
                ilike(courses.instructor_name, pattern),
              ),
            ),
          )
          // Title matches first, then the rest by title.
          .orderBy(sql`(${courses.title} ilike ${pattern}) desc`, asc(courses.title), asc(courses.id))
          .limit(limit)
      );
    },

    async summary(callerId: string | null, id: string) {
      const [row] = await run(
        callerId ? 'course_summary_member' : 'course_summary_visitor',
        () =>
          summaries(callerId && sql.placeholder('caller'))
            .where(eq(courses.id, sql.placeholder('id')))
            .limit(1),
        { caller: callerId, id },
      );
      return row;
    },

    async categories(publishedOnly: boolean): Promise<string[]> {
      const rows = await db
        .selectDistinct({ category: courses.category })
        .from(courses)
        .where(publishedOnly ? and(eq(courses.is_published, true), isNull(courses.archived_at)) : undefined)
        .orderBy(asc(courses.category));
      return rows.map((r) => r.category);
    },

    async find(id: string): Promise<CourseRow | undefined> {
      const [row] = await run(
        'course_by_id',
        () =>
          db
            .select()
            .from(courses)
            .where(eq(courses.id, sql.placeholder('id')))
            .limit(1),
        { id },
      );
      return row;
    },

    /** Locks the course row for the rest of the transaction, so content edits of one course queue up. */
    async lock(id: string): Promise<boolean> {
      const rows = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, id)).for('update');
      return rows.length > 0;
    },

    /**
     * The lessons and courses that show a file, as uploads asks (a select of `place`). A stored
     * URL may have any base (`/media`, a bucket's address), so it is matched by the public id it
     * ends with.
     */
    fileUses(publicId: string): SQL {
      const url = `%/${publicId}`;
      return sql`select 'lesson "' || ${lessons.title} || '"' as place from ${lessons} where ${lessons.content_url} like ${url}
        union all
        select 'course "' || ${courses.title} || '"' from ${courses}
          where ${courses.thumbnail_url} like ${url} or ${courses.instructor_avatar} like ${url}`;
    },

    async featureIds(courseId: string): Promise<number[]> {
      const rows = await db
        .select({ id: courseFeatures.feature_id })
        .from(courseFeatures)
        .where(eq(courseFeatures.course_id, courseId))
        .orderBy(asc(courseFeatures.feature_id));
      return rows.map((r) => r.id);
    },

    async insert(values: typeof courses.$inferInsert): Promise<CourseRow> {
      const [row] = await db.insert(courses).values(values).returning();
      return row!;
    },

    async update(id: string, values: Partial<typeof courses.$inferInsert>): Promise<CourseRow | undefined> {
      const [row] = await db.update(courses).set(values).where(eq(courses.id, id)).returning();
      return row;
    },

    async replaceFeatures(courseId: string, ids: readonly number[]): Promise<void> {
      await db.delete(courseFeatures).where(eq(courseFeatures.course_id, courseId));
      if (ids.length > 0)
        await db
          .insert(courseFeatures)
          .values(ids.map((feature_id) => ({ course_id: courseId, feature_id })));
    },

    async delete(id: string): Promise<boolean> {
      const rows = await db.delete(courses).where(eq(courses.id, id)).returning({ id: courses.id });
      return rows.length > 0;
    },

    async archive(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(courses)
        .set({ archived_at: at, updated_at: at })
        .where(eq(courses.id, id))
        .returning({ id: courses.id });
      return rows.length > 0;
    },

    /** Whether anyone paid for the course: a paid order, or an enrolment that came from one. */
    async hasBuyers(id: string): Promise<boolean> {
      const [enrolment] = await db
        .select({ id: enrollments.id })
        .from(enrollments)
        .where(and(eq(enrollments.course_id, id), eq(enrollments.source, 'payment')))
        .limit(1);
      if (enrolment) return true;
      const [order] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.course_id, id), eq(orders.status, 'paid')))
        .limit(1);
      return order !== undefined;
    },

    async students(courseId: string, page: { limit: number; offset: number }) {
      const where = eq(enrollments.course_id, courseId);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            user_id: enrollments.user_id,
            course_id: enrollments.course_id,
            user_name: users.name,
            email: users.email,
            user_avatar: users.avatar,
            progress: enrollments.progress,
            start_date: enrollments.start_date,
            completed_date: enrollments.completed_date,
          })
          .from(enrollments)
          .innerJoin(users, eq(users.id, enrollments.user_id))
          .where(where)
          .orderBy(desc(enrollments.start_date), asc(enrollments.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(enrollments).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The course's modules and all their lessons, each in order: two queries whatever the size. */
    async content(courseId: string) {
      const course = sql.placeholder('course');
      const [moduleRows, lessonRows] = await Promise.all([
        run(
          'course_modules',
          () =>
            db
              .select()
              .from(modules)
              .where(eq(modules.course_id, course))
              .orderBy(asc(modules.order_sequence), asc(modules.created_at), asc(modules.id)),
          { course: courseId },
        ),
        run(
          'course_lessons',
          () =>
            db
              .select({ lesson: lessons })
              .from(lessons)
              .innerJoin(modules, eq(modules.id, lessons.module_id))
              .where(eq(modules.course_id, course))
              .orderBy(asc(lessons.order_sequence), asc(lessons.created_at), asc(lessons.id)),
          { course: courseId },
        ),
      ]);
      return { modules: moduleRows, lessons: lessonRows.map((r) => r.lesson) };
    },

    async lessonsOf(moduleIds: string[]): Promise<LessonRow[]> {
      if (moduleIds.length === 0) return [];
      return db
        .select()
        .from(lessons)
        .where(inArray(lessons.module_id, moduleIds))
        .orderBy(asc(lessons.order_sequence), asc(lessons.created_at), asc(lessons.id));
    },
  };
}
export type CoursesRepo = ReturnType<typeof createCoursesRepo>;
export type CourseSummaryRow = NonNullable<Awaited<ReturnType<CoursesRepo['summary']>>>;
