import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { classAttendance, classEnrollments, classes, classMeetings, users } from '../../db/schema';

/*
 * Drizzle leaves the table off a column in a one-table select, so a correlated subquery names the
 * outer row's columns in full itself.
 */
const meeting = (column: string) => sql.raw(`"class_meetings"."${column}"`);

interface Page {
  limit: number;
  offset: number;
}

/** Meetings and who came: the attendance half of the classes module's tables. */
export function createAttendanceRepo(db: Db) {
  /** A class's meeting on `date` at `startTime`, if its row has been made. */
  async function findMeeting(classId: string, date: string, startTime: string) {
    const [row] = await db
      .select()
      .from(classMeetings)
      .where(
        and(
          eq(classMeetings.class_id, classId),
          eq(classMeetings.date, date),
          eq(classMeetings.start_time, startTime),
        ),
      )
      .limit(1);
    return row;
  }

  return {
    findMeeting,

    /** The meeting's row, made with `code` the first time; a concurrent first read keeps one code. */
    async ensureMeeting(classId: string, date: string, startTime: string, code: string, now: Date) {
      await db
        .insert(classMeetings)
        .values({ class_id: classId, date, start_time: startTime, code, created_at: now })
        .onConflictDoNothing();
      return (await findMeeting(classId, date, startTime))!;
    },

    meetingAttendance(meetingId: string) {
      return db
        .select()
        .from(classAttendance)
        .where(eq(classAttendance.meeting_id, meetingId))
        .orderBy(asc(classAttendance.checked_in_at), asc(classAttendance.id));
    },

    /** Enrolled people, by name. */
    enrolledPeople(classId: string) {
      return db
        .select({
          id: classEnrollments.id,
          user_id: classEnrollments.user_id,
          name: sql<string>`coalesce(${users.name}, ${classEnrollments.name}, '')`,
        })
        .from(classEnrollments)
        .leftJoin(users, eq(users.id, classEnrollments.user_id))
        .where(and(eq(classEnrollments.class_id, classId), eq(classEnrollments.status, 'enrolled')))
        .orderBy(sql`lower(coalesce(${users.name}, ${classEnrollments.name}, ''))`, asc(classEnrollments.id));
    },

    /** Marks an enrolled person present once; a second mark changes nothing. */
    async markPresent(values: {
      meeting_id: string;
      enrollment_id: string;
      user_id: string | null;
      name: string;
      method: 'roster' | 'self';
      at: Date;
    }) {
      const { at: when, ...fields } = values;
      await db
        .insert(classAttendance)
        .values({ ...fields, drop_in: false, checked_in_at: when })
        .onConflictDoNothing({ target: [classAttendance.meeting_id, classAttendance.enrollment_id] });
    },

    async unmark(meetingId: string, enrollmentId: string) {
      await db
        .delete(classAttendance)
        .where(
          and(eq(classAttendance.meeting_id, meetingId), eq(classAttendance.enrollment_id, enrollmentId)),
        );
    },

    async addDropIn(meetingId: string, name: string, now: Date) {
      await db.insert(classAttendance).values({
        meeting_id: meetingId,
        enrollment_id: null,
        user_id: null,
        name,
        drop_in: true,
        method: 'roster',
        checked_in_at: now,
      });
    },

    async classHistory(classId: string, page: Page) {
      const enrolledThen = sql<number>`(select count(*) from ${classEnrollments} where ${classEnrollments.class_id} = ${meeting('class_id')} and (${classEnrollments.enrolled_at} at time zone 'UTC')::date <= ${meeting('date')} and (${classEnrollments.dropped_at} is null or (${classEnrollments.dropped_at} at time zone 'UTC')::date >= ${meeting('date')}))`;
      const present = sql<number>`(select count(*) from ${classAttendance} where ${classAttendance.meeting_id} = ${meeting('id')})`;
      const where = eq(classMeetings.class_id, classId);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            date: classMeetings.date,
            start_time: classMeetings.start_time,
            present_count: present.mapWith(Number),
            enrolled_count: enrolledThen.mapWith(Number),
          })
          .from(classMeetings)
          .where(where)
          .orderBy(desc(classMeetings.date), desc(classMeetings.start_time))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(classMeetings).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** A person's attendance, newest first, with how many since `monthStart` and every distinct date. */
    async memberHistory(userId: string, page: Page, monthStart: string) {
      const where = eq(classAttendance.user_id, userId);
      const [rows, [total], dates] = await Promise.all([
        db
          .select({
            class_id: classMeetings.class_id,
            class_name: classes.class_name,
            date: classMeetings.date,
            start_time: classMeetings.start_time,
            checked_in_at: classAttendance.checked_in_at,
          })
          .from(classAttendance)
          .innerJoin(classMeetings, eq(classMeetings.id, classAttendance.meeting_id))
          .innerJoin(classes, eq(classes.id, classMeetings.class_id))
          .where(where)
          .orderBy(desc(classMeetings.date), desc(classMeetings.start_time), desc(classAttendance.id))
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({
            n: count(),
            month: sql<number>`count(*) filter (where ${classMeetings.date} >= ${monthStart})`.mapWith(
              Number,
            ),
          })
          .from(classAttendance)
          .innerJoin(classMeetings, eq(classMeetings.id, classAttendance.meeting_id))
          .where(where),
        db
          .selectDistinct({ date: classMeetings.date })
          .from(classAttendance)
          .innerJoin(classMeetings, eq(classMeetings.id, classAttendance.meeting_id))
          .where(where)
          .orderBy(desc(classMeetings.date)),
      ]);
      return {
        rows,
        total: total?.n ?? 0,
        thisMonth: total?.month ?? 0,
        dates: dates.map((d) => d.date),
      };
    },
  };
}
export type AttendanceRepo = ReturnType<typeof createAttendanceRepo>;
