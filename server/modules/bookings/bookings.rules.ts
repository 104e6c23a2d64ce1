import { WORKSHOP_CAPACITY, type AppointmentType } from '../../../common/bookings';
import type { OpeningHoursRow } from '../../../common/school';
import { weekdayOf, zonedInstant } from '../../../common/school-time';

/* The booking rules that need no database: what a new booking may overlap, and the opening hours. */

export interface Interval {
  appointment_type: AppointmentType;
  start_time: Date;
  end_time: Date;
}

export type Conflict = 'taken' | 'full';

const overlaps = (a: { start: Date; end: Date }, b: Interval) =>
  b.start_time.getTime() < a.end.getTime() && b.end_time.getTime() > a.start.getTime();

/**
 * Whether a booking of `type` in [start, end) fits among the live bookings `others`: a 1-on-1
 * overlaps nothing; a workshop overlaps no 1-on-1 and no group session of another start or end,
 * and joins its own group session only while that has fewer than WORKSHOP_CAPACITY people.
 * Answers the places left in the group session too (null for a 1-on-1).
 */
export function fit(
  type: AppointmentType,
  slot: { start: Date; end: Date },
  others: readonly Interval[],
): { conflict: Conflict | null; placesLeft: number | null } {
  const clashing = others.filter((other) => overlaps(slot, other));
  if (type === 'private_class') return { conflict: clashing.length > 0 ? 'taken' : null, placesLeft: null };
  let same = 0;
  for (const other of clashing) {
    const sameSession =
      other.appointment_type === 'workshop' &&
      other.start_time.getTime() === slot.start.getTime() &&
      other.end_time.getTime() === slot.end.getTime();
    if (!sameSession) return { conflict: 'taken', placesLeft: 0 };
    same += 1;
  }
  const placesLeft = Math.max(0, WORKSHOP_CAPACITY - same);
  return { conflict: placesLeft === 0 ? 'full' : null, placesLeft };
}

/** The hours the school is open on a local date, as instants; null when it is closed that day. */
export function openingOn(
  date: string,
  hours: readonly OpeningHoursRow[],
  timeZone: string,
): { opens: Date; closes: Date } | null {
  const day = weekdayOf(date);
  const row = hours.find((r) => !r.closed && r.opens && r.closes && r.days.includes(day));
  if (!row?.opens || !row.closes) return null;
  return { opens: zonedInstant(date, row.opens, timeZone), closes: zonedInstant(date, row.closes, timeZone) };
}

/** Whether [start, end) lies inside the day's opening hours. */
export const withinHours = (opening: { opens: Date; closes: Date } | null, start: Date, end: Date): boolean =>
  opening !== null && start >= opening.opens && end <= opening.closes;
