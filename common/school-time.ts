import type { ClassDay } from './classes';
import type { DayOfWeek } from './school';

/*
 * The school's calendar days and wall-clock times, and the UTC instants they stand for, in its time
 * zone (SCHOOL_TIMEZONE), whatever zone the process or the visitor's device is in. Built on Intl,
 * which carries the IANA rules in Node and in browsers, so the days the clocks change come out
 * right: a time that does not exist (02:30 when DST starts) moves forward by the gap, a time that
 * happens twice (01:30 when DST ends) is its first occurrence.
 */

/** The server's default SCHOOL_TIMEZONE, which the web app uses until the school's settings say. */
export const DEFAULT_SCHOOL_TIMEZONE = 'America/Los_Angeles';

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const pad = (n: number) => String(n).padStart(2, '0');

// ─── Calendar dates (YYYY-MM-DD), the same in every zone ───────────────────────────────────────────

/** A date as YYYY-MM-DD from its parts (month 1-12). */
export const toDate = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

export function dateParts(date: string): { year: number; month: number; day: number } {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return { year, month, day };
}

/** Midnight UTC of a date, for arithmetic on days (UTC has no clock changes). */
function utcDay(date: string): Date {
  const { year, month, day } = dateParts(date);
  return new Date(Date.UTC(year, month - 1, day));
}

const dateOf = (at: Date) => toDate(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate());

/** Whether a string such as 2026-02-30 names a real day. */
export function isRealDate(date: string): boolean {
  if (!DATE.test(date)) return false;
  const { year, month, day } = dateParts(date);
  const at = utcDay(date);
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
}

/** A date `days` later (or earlier), calendar-wise. */
export function addDays(date: string, days: number): string {
  return dateOf(new Date(utcDay(date).getTime() + days * DAY_MS));
}

/** Calendar days from `from` to `to` (0 for the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcDay(to).getTime() - utcDay(from).getTime()) / DAY_MS);
}

const WEEKDAYS: DayOfWeek[] = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The weekday of a date, as the school's hours name it ('Monday'). */
export const weekdayOf = (date: string): DayOfWeek => WEEKDAYS[utcDay(date).getUTCDay()]!;

/** The weekday of a date, as the classes name it ('monday'). */
export const dayOfDate = (date: string): ClassDay => weekdayOf(date).toLowerCase() as ClassDay;

/** Monday of the ISO week a date falls in. */
export const weekStart = (date: string): string => addDays(date, -((utcDay(date).getUTCDay() + 6) % 7));

/** Minutes since midnight of "HH:MM". */
export const minutesOf = (time: string): number => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

export function lastOfMonth(year: number, month: number): string {
  return toDate(year, month, new Date(Date.UTC(year, month, 0)).getUTCDate());
}

/** The weeks of a month, Sunday first; days of the neighbouring months are null. */
export function monthWeeks(year: number, month: number): (string | null)[][] {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const cells: (string | null)[] = [
    ...Array.from({ length: first }, () => null),
    ...Array.from({ length }, (_, i) => toDate(year, month, i + 1)),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

// ─── The school's zone: local dates and times ↔ instants ──────────────────────────────────────────

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

/** The fields of the wall clock in `timeZone` at `instant`: year, month (1-12), day, hour, minute, second. */
function clockFields(instant: number, timeZone: string): Record<string, number> {
  const fields: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return fields;
}

/** The wall clock in `timeZone` at `instant`, as if it were UTC (milliseconds). */
function wallClock(instant: number, timeZone: string): number {
  const f = clockFields(instant, timeZone);
  return Date.UTC(f.year!, f.month! - 1, f.day, f.hour, f.minute, f.second);
}

/** Milliseconds `timeZone` is ahead of UTC at `instant`. */
function offsetMs(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallClock(whole, timeZone) - whole;
}

/** The instant of a local date and HH:MM in `timeZone`. */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const local = utcDay(date).getTime() + (hh * 60 + mm) * 60_000;
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
  const f = clockFields(instant.getTime(), timeZone);
  return { date: toDate(f.year!, f.month!, f.day!), time: `${pad(f.hour!)}:${pad(f.minute!)}` };
}

/** The school's calendar day of an instant (of now: the school's today). */
export const schoolDate = (instant: Date | string, timeZone: string): string =>
  zonedParts(new Date(instant), timeZone).date;

/** What the school's clocks and calendars show at an instant, with the classes' weekday. */
export function toSchool(instant: Date, timeZone: string): { date: string; time: string; day: ClassDay } {
  const { date, time } = zonedParts(instant, timeZone);
  return { date, time, day: dayOfDate(date) };
}

/** The local day as instants: from its midnight to the next one (23 or 25 hours on a change day). */
export function dayBounds(date: string, timeZone: string): { start: Date; end: Date } {
  return {
    start: zonedInstant(date, '00:00', timeZone),
    end: zonedInstant(addDays(date, 1), '00:00', timeZone),
  };
}

/** Every local date an interval touches, in order (its end is exclusive). */
export function datesTouched(start: Date, end: Date, timeZone: string): string[] {
  const first = zonedParts(start, timeZone).date;
  const last = zonedParts(new Date(Math.max(start.getTime(), end.getTime() - 1)), timeZone).date;
  const dates = [first];
  while (dates[dates.length - 1]! < last) dates.push(addDays(dates[dates.length - 1]!, 1));
  return dates;
}

/** An instant as the school's "2026-03-08T18:30", for a datetime-local field; '' when it is none. */
export function toSchoolLocal(instant: string, timeZone: string): string {
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) return '';
  const { date, time } = zonedParts(at, timeZone);
  return `${date}T${time}`;
}

/** The school's local "2026-03-08T18:30" as an ISO instant (UTC); '' when it is not a time. */
export function fromSchoolLocal(local: string, timeZone: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return '';
  const at = zonedInstant(local.slice(0, 10), local.slice(11), timeZone);
  return Number.isNaN(at.getTime()) ? '' : at.toISOString();
}

// ─── In words, as people read them (en-US) ────────────────────────────────────────────────────────

/** A local clock time "18:30" as "6:30 PM". */
export function clockLabel(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours >= 12 ? 'PM' : 'AM';
  return `${hours % 12 || 12}:${pad(minutes)} ${suffix}`;
}

/** A date in words; a string that is no date is given back as it is. */
function dateInWords(date: string, options: Intl.DateTimeFormatOptions): string {
  if (!DATE.test(date)) return date;
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...options }).format(utcDay(date));
}

/** A date such as "Monday, March 9, 2026". */
export const longDate = (date: string): string =>
  dateInWords(date, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });

/** A date such as "Sunday, March 8" (no year). */
export const dayLabel = (date: string): string =>
  dateInWords(date, { weekday: 'long', month: 'long', day: 'numeric' });

/** A month such as "March 2026". */
export const monthLabel = (year: number, month: number): string =>
  dateInWords(toDate(year, month, 1), { month: 'long', year: 'numeric' });

/** An instant on the school's clock, or null when it is not one. */
function schoolClock(instant: Date | string, timeZone: string): { date: string; time: string } | null {
  const at = new Date(instant);
  return Number.isNaN(at.getTime()) ? null : zonedParts(at, timeZone);
}

/** An instant's clock time in the school's zone, e.g. "6:30 PM". */
export function schoolTime(instant: string, timeZone: string): string {
  const clock = schoolClock(instant, timeZone);
  return clock ? clockLabel(clock.time) : instant;
}

/** An instant on the school's clock, short: "Mar 8, 2026 6:30 PM". */
export function shortSchoolDateTime(instant: string, timeZone: string): string {
  const clock = schoolClock(instant, timeZone);
  if (!clock) return instant;
  const date = dateInWords(clock.date, { month: 'short', day: 'numeric', year: 'numeric' });
  return `${date} ${clockLabel(clock.time)}`;
}

/** An instant in words in the school's time, with the zone's name: "Monday, March 9, 2026 at 12:00 PM PDT". */
export function schoolDateTime(instant: Date | string, timeZone: string): string {
  const at = new Date(instant);
  const date = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(at);
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at);
  return `${date} at ${time}`;
}
