import {
  ALREADY_CANCELLED_MESSAGE,
  BOOKING_NOT_FOUND_MESSAGE,
  SLOT_FIRST,
  SLOT_LAST,
  SLOT_STEP_MINUTES,
  SLOT_TAKEN_MESSAGE,
  WORKSHOP_FULL_MESSAGE,
  type Booking,
  type PublicBooking,
} from '../../../common/bookings';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { BookingRow } from './bookings.repo';

/* What the bookings service answers with: its errors, the shapes of a booking, tokens and slot times. */

export const MINUTE = 60_000;
/** The longest booking the public can make, so a day's reads reach the bookings that run past it. */
export const LONGEST_MS = 6 * 60 * MINUTE;

/** The longest booking an administrator may enter. */
export const ADMIN_MAX_HOURS = 24;
export const ADMIN_TOO_LONG_MESSAGE = `A booking can last at most ${ADMIN_MAX_HOURS} hours`;

export const bookingNotFound = () => notFound(BOOKING_NOT_FOUND_MESSAGE, 'BOOKING_NOT_FOUND');
export const slotTaken = () => conflict(SLOT_TAKEN_MESSAGE, 'SLOT_TAKEN');
export const workshopFull = () => conflict(WORKSHOP_FULL_MESSAGE, 'WORKSHOP_FULL');
export const alreadyCancelled = () => conflict(ALREADY_CANCELLED_MESSAGE, 'ALREADY_CANCELLED');
export const fieldError = (message: string, code: string, path: string) =>
  badRequest(message, code, [{ path, message }]);

/** Years the calendar can hold; beyond them an instant no longer fits the database's timestamps. */
const FIRST_YEAR = 1970;
const LAST_YEAR = 9000;
const yearRefused = (path: string) =>
  fieldError(`Use a date between ${FIRST_YEAR} and ${LAST_YEAR}`, 'VALIDATION_ERROR', path);

export function assertDates(dates: Record<string, string | undefined>) {
  for (const [path, date] of Object.entries(dates)) {
    const year = date ? Number(date.slice(0, 4)) : FIRST_YEAR;
    if (year < FIRST_YEAR || year > LAST_YEAR) throw yearRefused(path);
  }
}

export function assertInstants(instants: Record<string, Date>) {
  for (const [path, at] of Object.entries(instants)) {
    const year = at.getUTCFullYear();
    if (year < FIRST_YEAR || year > LAST_YEAR) throw yearRefused(path);
  }
}

export const toBooking = (row: BookingRow): Booking => ({
  id: row.id,
  appointment_type: row.appointment_type,
  full_name: row.full_name,
  email: row.email,
  phone_number: row.phone_number,
  notes: row.notes,
  start_time: row.start_time.toISOString(),
  end_time: row.end_time.toISOString(),
  status: row.status,
  user_id: row.user_id,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export const toPublic = (
  row: Pick<BookingRow, 'appointment_type' | 'start_time' | 'end_time' | 'status'>,
): PublicBooking => ({
  appointment_type: row.appointment_type,
  start_time: row.start_time.toISOString(),
  end_time: row.end_time.toISOString(),
  status: row.status,
});

/** Times of the slot list: SLOT_FIRST to SLOT_LAST every SLOT_STEP_MINUTES. */
export function slotTimes(): string[] {
  const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
  const times: string[] = [];
  for (let m = toMinutes(SLOT_FIRST); m <= toMinutes(SLOT_LAST); m += SLOT_STEP_MINUTES) {
    times.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  }
  return times;
}
