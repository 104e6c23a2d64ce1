/**
 * Dates and times as the school reads them: calendar days and clock times in its time zone
 * (SCHOOL_TIMEZONE, passed from the server), whatever zone the visitor's device is in.
 */

export const WEEKDAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as YYYY-MM-DD from its parts (month 1-12). */
export const toDate = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

export function dateParts(date: string): { year: number; month: number; day: number } {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return { year, month, day };
}

export function addDays(date: string, days: number): string {
  const { year, month, day } = dateParts(date);
  const moved = new Date(Date.UTC(year, month - 1, day + days));
  return toDate(moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate());
}

export function weekdayOf(date: string): Weekday {
  const { year, month, day } = dateParts(date);
  return WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
}

/** Days from `start` to `end`, both counted. */
export function daysBetween(start: string, end: string): number {
  const at = (date: string) => {
    const { year, month, day } = dateParts(date);
    return Date.UTC(year, month - 1, day);
  };
  return Math.round((at(end) - at(start)) / 86_400_000) + 1;
}

/** The school's calendar day of an instant. */
export function schoolDate(instant: string | Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));
}

/** An instant's clock time in the school's zone, e.g. "6:30 PM". */
export function schoolTime(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(
    new Date(instant),
  );
}

/** An instant as a date and time in the school's zone, with the zone's name. */
export function schoolDateTime(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(instant));
}

/** A local clock time "18:30" as "6:30 PM". */
export function clockLabel(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours >= 12 ? 'PM' : 'AM';
  return `${hours % 12 || 12}:${pad(minutes)} ${suffix}`;
}

/** A date such as "Monday, March 9, 2026". */
export function longDate(date: string): string {
  const { year, month, day } = dateParts(date);
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(Date.UTC(year, month - 1, day)));
}

export function monthLabel(year: number, month: number): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
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

export function lastOfMonth(year: number, month: number): string {
  return toDate(year, month, new Date(Date.UTC(year, month, 0)).getUTCDate());
}
