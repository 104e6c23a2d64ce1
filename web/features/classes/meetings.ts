import type { ClassSession, MeetingQuery } from '../../../common/classes';
import { addDays, dayOfDate } from '../../../common/school-time';

/** The sessions a class holds on a school date, earliest first. */
export function sessionsOn(sessions: readonly ClassSession[], date: string): ClassSession[] {
  const day = dayOfDate(date);
  return sessions
    .filter((s) => s.day_of_week === day)
    .sort((a, b) => a.start_time.localeCompare(b.start_time));
}

/**
 * The meeting to open: today's that is on or still to come (else today's last), or the next day's
 * first; null when the class has no sessions.
 */
export function defaultMeeting(
  sessions: readonly ClassSession[],
  today: string,
  nowTime: string,
): Required<MeetingQuery> | null {
  const todays = sessionsOn(sessions, today);
  if (todays.length > 0) {
    const current = todays.find((s) => s.end_time.slice(0, 5) > nowTime) ?? todays[todays.length - 1]!;
    return { date: today, start_time: current.start_time.slice(0, 5) };
  }
  for (let offset = 1; offset <= 7; offset++) {
    const date = addDays(today, offset);
    const first = sessionsOn(sessions, date)[0];
    if (first) return { date, start_time: first.start_time.slice(0, 5) };
  }
  return null;
}
