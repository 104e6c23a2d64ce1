import type { DayOfWeek } from '../../common/school';

/*
 * The school's local dates and wall-clock times and the UTC instants they stand for, in its time
 * zone (SCHOOL_TIMEZONE). Built on Intl, which carries the IANA rules, so the days the clocks
 * change come out right: a time that does not exist (02:30 when DST starts) moves forward by the
 * gap, a time that happens twice (01:30 when DST ends) is its first occurrence.
 */

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock in `timeZone` at `instant`, as if it were UTC (milliseconds). */
function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** Minutes `timeZone` is ahead of UTC at `instant`. */
function offsetMs(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallClock(whole, timeZone) - whole;
}

const pad = (n: number) => String(n).padStart(2, '0');

function parseDate(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

/** Whether a string such as 2026-02-30 names a real day. */
export function isRealDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const [y, m, d] = parseDate(date);
  const at = new Date(Date.UTC(y, m - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d;
}

/** The instant of a local date and HH:MM in `timeZone`. */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = parseDate(date);
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const local = Date.UTC(y, m - 1, d, hh, mm);
  // The offsets a day before and after bracket any change of the clocks on that day.
  const before = offsetMs(local - DAY_MS, timeZone);
  const after = offsetMs(local + DAY_MS, timeZone);
  const matches = [local - before, local - after]
    .filter((candidate) => wallClock(candidate, timeZone) === local)
    .sort((a, b) => a - b);
  // No match: the time falls in the gap when the clocks go forward, so it moves forward with them.
  return new Date(matches[0] ?? local - before);
}

/** The local date (YYYY-MM-DD) and time (HH:MM) of an instant in `timeZone`. */
export function zonedParts(instant: Date, timeZone: string): { date: string; time: string } {
  const wall = new Date(instant.getTime() + offsetMs(instant.getTime(), timeZone));
  return {
    date: `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`,
    time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`,
  };
}

/** The school's date today. */
export const schoolToday = (now: Date, timeZone: string): string => zonedParts(now, timeZone).date;

/** A date `days` later (or earlier), calendar-wise. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parseDate(date);
  const at = new Date(Date.UTC(y, m - 1, d + days));
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
}

/** Calendar days from `from` to `to` (0 for the same day). */
export function daysBetween(from: string, to: string): number {
  const [y1, m1, d1] = parseDate(from);
  const [y2, m2, d2] = parseDate(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / DAY_MS);
}

/** The local day as instants: from its midnight to the next one (23 or 25 hours on a change day). */
export function dayBounds(date: string, timeZone: string): { start: Date; end: Date } {
  return {
    start: zonedInstant(date, '00:00', timeZone),
    end: zonedInstant(addDays(date, 1), '00:00', timeZone),
  };
}

const WEEKDAYS: DayOfWeek[] = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function weekdayOf(date: string): DayOfWeek {
  const [y, m, d] = parseDate(date);
  return WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!;
}

/** Every local date an interval touches, in order (its end is exclusive). */
export function datesTouched(start: Date, end: Date, timeZone: string): string[] {
  const first = zonedParts(start, timeZone).date;
  const last = zonedParts(new Date(Math.max(start.getTime(), end.getTime() - 1)), timeZone).date;
  const dates = [first];
  while (dates[dates.length - 1]! < last) dates.push(addDays(dates[dates.length - 1]!, 1));
  return dates;
}

/** "Monday, March 9, 2026 at 12:00 PM PDT": an instant in words, in the school's time. */
export function describeInstant(instant: Date, timeZone: string): string {
  const date = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(instant);
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(instant);
  return `${date} at ${time}`;
}
