import { CLASS_DAYS, type ClassDay } from '../../../common/classes';
import { addDays, weekdayOf, zonedInstant, zonedParts } from '../../platform/school-time';

/*
 * The weekly calendar of classes in the school's time zone, on the platform's school time: a weekly
 * session is a wall-clock time, so its instant moves by an hour across daylight-saving changes.
 */

export { addDays };

export interface WallTime {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM */
  time: string;
  day: ClassDay;
}

/** The weekday of a calendar date (the date itself, whatever the zone). */
export const dayOfDate = (date: string): ClassDay => weekdayOf(date).toLowerCase() as ClassDay;

/** What the school's clocks and calendars show at an instant. */
export function toSchool(instant: Date, timeZone: string): WallTime {
  const { date, time } = zonedParts(instant, timeZone);
  return { date, time, day: dayOfDate(date) };
}

/**
 * The instant the school's clocks show `time` on `date`: a time skipped when clocks spring forward
 * moves forward with them, a time that happens twice is its first occurrence.
 */
export const fromSchool = zonedInstant;

/** Monday of the ISO week a date falls in. */
export const weekStart = (date: string): string => addDays(date, -CLASS_DAYS.indexOf(dayOfDate(date)));

/** Minutes since midnight of "HH:MM". */
export const minutesOf = (time: string): number => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};
