import { randomInt } from 'node:crypto';
import {
  CHECK_IN_CLOSED_MESSAGE,
  CHECK_IN_CODE_MESSAGE,
  CHECK_IN_OPENS_MINUTES_BEFORE,
  ENROLLMENT_NOT_FOUND_MESSAGE,
  NOT_IN_CLASS_MESSAGE,
  type AttendanceEntry,
  type CheckInResponse,
  type ClassAttendanceHistory,
  type MemberAttendance,
  type Roster,
} from '../../../common/classes';
import type { Platform } from '../../platform';
import { assertSelfOrAdmin, type AuthContext } from '../../platform/auth';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { createAttendanceRepo } from './attendance.repo';
import type { ClassesRepo, ClassRow } from './classes.repo';
import { addDays, dayOfDate, toSchool, weekStart, zonedInstant } from '../../../common/school-time';

interface Meeting {
  date: string;
  start_time?: string;
}
interface Page {
  limit: number;
  offset: number;
}

const DATE_MESSAGE = 'Use a date such as 2026-03-08';
const newCode = () => String(randomInt(0, 10_000)).padStart(4, '0');
const dayName = (date: string) => {
  const day = dayOfDate(date);
  return day.charAt(0).toUpperCase() + day.slice(1);
};

/** Consecutive weeks (Monday to Sunday) with a class, ending this week or, if none yet, the last. */
export function streakWeeks(dates: string[], today: string): number {
  const weeks = new Set(dates.map(weekStart));
  let week = weekStart(today);
  if (!weeks.has(week)) week = addDays(week, -7);
  let streak = 0;
  while (weeks.has(week)) {
    streak += 1;
    week = addDays(week, -7);
  }
  return streak;
}

/**
 * Attendance: a meeting is a class's session on a date in the school's time zone, made (with its
 * hall code) the first time its roster is read. Enrolled people are ticked by an administrator or
 * check themselves in with the code while the meeting is on; drop-ins are added by name.
 */
export function createAttendance(
  platform: Platform,
  classesRepo: ClassesRepo,
  deps: { load: (id: string) => Promise<ClassRow> },
) {
  const repo = createAttendanceRepo(platform.db);
  const timeZone = platform.config.SCHOOL_TIMEZONE;
  const now = () => platform.clock.now();

  /** The session a date and start time name; 400 when the class does not meet then. */
  function sessionOn(row: ClassRow, meeting: Meeting) {
    // The calendar's far ends (year 0, say) are valid ISO dates that PostgreSQL would refuse.
    const year = Number(meeting.date.slice(0, 4));
    if (year < 1900 || year > 2200)
      throw badRequest(DATE_MESSAGE, 'VALIDATION_ERROR', [{ path: 'date', message: DATE_MESSAGE }]);
    const day = dayOfDate(meeting.date);
    const sessions = row.sessions
      .filter((s) => s.day_of_week === day)
      .sort((a, b) => a.start_time.localeCompare(b.start_time));
    if (sessions.length === 0)
      throw badRequest(`This class does not meet on ${dayName(meeting.date)}s`, 'CLASS_NOT_MEETING', [
        { path: 'date', message: `This class does not meet on ${dayName(meeting.date)}s` },
      ]);
    if (!meeting.start_time) return sessions[0]!;
    const session = sessions.find((s) => s.start_time === meeting.start_time);
    if (!session) {
      const message = `This class has no session starting at ${meeting.start_time} on ${dayName(meeting.date)}s`;
      throw badRequest(message, 'CLASS_NOT_MEETING', [{ path: 'start_time', message }]);
    }
    return session;
  }

  async function openMeeting(classId: string, meeting: Meeting) {
    const row = await deps.load(classId);
    const session = sessionOn(row, meeting);
    const stored = await repo.ensureMeeting(classId, meeting.date, session.start_time, newCode(), now());
    return { row, session, stored };
  }

  async function roster(classId: string, meeting: Meeting): Promise<Roster> {
    const { row, session, stored } = await openMeeting(classId, meeting);
    const [people, present] = await Promise.all([
      repo.enrolledPeople(classId),
      repo.meetingAttendance(stored.id),
    ]);
    const byEnrollment = new Map(present.filter((p) => p.enrollment_id).map((p) => [p.enrollment_id!, p]));
    const entries: AttendanceEntry[] = people.map((person) => {
      const mark = byEnrollment.get(person.id);
      return {
        enrollment_id: person.id,
        attendance_id: mark?.id ?? null,
        user_id: person.user_id,
        name: person.name,
        present: mark !== undefined,
        drop_in: false,
        method: mark?.method ?? null,
        checked_in_at: mark?.checked_in_at.toISOString() ?? null,
      };
    });
    const listed = new Set(people.map((p) => p.id));
    // Drop-ins, and people marked present who have since left the class.
    for (const mark of present) {
      if (mark.enrollment_id && listed.has(mark.enrollment_id)) continue;
      entries.push({
        enrollment_id: mark.enrollment_id,
        attendance_id: mark.id,
        user_id: mark.user_id,
        name: mark.name,
        present: true,
        drop_in: mark.drop_in,
        method: mark.method,
        checked_in_at: mark.checked_in_at.toISOString(),
      });
    }
    return {
      class_id: row.id,
      class_name: row.class_name,
      date: meeting.date,
      start_time: session.start_time,
      end_time: session.end_time,
      code: stored.code,
      entries,
      present_count: present.length,
    };
  }

  return {
    roster,

    /** Ticks or unticks one enrolled person at a meeting. */
    async markAttendance(
      classId: string,
      input: Meeting & { enrollment_id: string; present: boolean },
    ): Promise<Roster> {
      const { stored } = await openMeeting(classId, input);
      const enrollment = await classesRepo.findEnrollment(input.enrollment_id);
      if (!enrollment || enrollment.class_id !== classId)
        throw notFound(ENROLLMENT_NOT_FOUND_MESSAGE, 'ENROLLMENT_NOT_FOUND');
      if (input.present)
        await repo.markPresent({
          meeting_id: stored.id,
          enrollment_id: enrollment.id,
          user_id: enrollment.user_id,
          name: enrollment.user_name,
          method: 'roster',
          at: now(),
        });
      else await repo.unmark(stored.id, enrollment.id);
      return roster(classId, input);
    },

    async addDropIn(classId: string, input: Meeting & { name: string }): Promise<Roster> {
      const { stored } = await openMeeting(classId, input);
      await repo.addDropIn(stored.id, input.name, now());
      return roster(classId, input);
    },

    async classHistory(classId: string, page: Page): Promise<ClassAttendanceHistory> {
      await deps.load(classId);
      const { rows, total } = await repo.classHistory(classId, page);
      return { meetings: rows, total };
    },

    /**
     * A member checks in with the hall's code, to the meeting of the class on now: from
     * CHECK_IN_OPENS_MINUTES_BEFORE before it starts until it ends, in the school's time. Twice is once.
     */
    async checkIn(auth: AuthContext, classId: string, code: string): Promise<CheckInResponse> {
      const row = await deps.load(classId);
      const enrollment = await classesRepo.findMemberEnrollment(classId, auth.user.id);
      if (!enrollment) throw forbidden(NOT_IN_CLASS_MESSAGE, 'NOT_IN_CLASS');
      const at = now().getTime();
      const today = toSchool(now(), timeZone).date;
      let current: { date: string; start_time: string } | undefined;
      // A session just after midnight opens its check-in the evening before.
      for (const date of [today, addDays(today, 1)]) {
        const day = dayOfDate(date);
        for (const s of row.sessions) {
          if (s.day_of_week !== day) continue;
          const opens =
            zonedInstant(date, s.start_time, timeZone).getTime() - CHECK_IN_OPENS_MINUTES_BEFORE * 60_000;
          const ends = zonedInstant(date, s.end_time, timeZone).getTime();
          if (at >= opens && at <= ends) current ??= { date, start_time: s.start_time };
        }
      }
      if (!current) throw conflict(CHECK_IN_CLOSED_MESSAGE, 'CHECK_IN_CLOSED');
      const meeting = await repo.findMeeting(classId, current.date, current.start_time);
      if (!meeting || meeting.code !== code)
        throw badRequest(CHECK_IN_CODE_MESSAGE, 'CHECK_IN_CODE', [
          { path: 'code', message: CHECK_IN_CODE_MESSAGE },
        ]);
      await repo.markPresent({
        meeting_id: meeting.id,
        enrollment_id: enrollment.id,
        user_id: auth.user.id,
        name: (await classesRepo.findUser(auth.user.id))?.name ?? '',
        method: 'self',
        at: now(),
      });
      return {
        success: true,
        message: `You are checked in to ${row.class_name}`,
        date: current.date,
        start_time: current.start_time,
      };
    },

    async memberAttendance(auth: AuthContext, userId: string, page: Page): Promise<MemberAttendance> {
      assertSelfOrAdmin(auth, userId);
      if (auth.user.id !== userId && !(await classesRepo.userExists(userId)))
        throw notFound('User not found', 'USER_NOT_FOUND');
      const today = toSchool(now(), timeZone).date;
      const { rows, total, thisMonth, dates } = await repo.memberHistory(
        userId,
        page,
        `${today.slice(0, 7)}-01`,
      );
      return {
        attended_this_month: thisMonth,
        streak_weeks: streakWeeks(dates, today),
        history: rows.map((r) => ({ ...r, checked_in_at: r.checked_in_at.toISOString() })),
        total,
      };
    },
  };
}
