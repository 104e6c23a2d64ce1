import { randomUUID } from 'node:crypto';
import type { AppointmentType, BookingStatus } from '../../../../common/bookings';
import { bookings } from '../../../db/schema';
import { hashToken, newToken } from '../../../platform/tokens';
import type { TestApp } from '../../../test/app';

/* Bookings, written straight into the table in the state a test needs, and the days tests book on. */

export interface BookingFactoryInput {
  appointment_type?: AppointmentType;
  start_time: Date;
  minutes?: number;
  status?: BookingStatus;
  email?: string;
  full_name?: string;
  user_id?: string | null;
}

/** A booking and its manage token. */
export async function createBooking(t: TestApp, input: BookingFactoryInput) {
  const token = newToken();
  const suffix = randomUUID().slice(0, 8);
  const [row] = await t.database.db
    .insert(bookings)
    .values({
      appointment_type: input.appointment_type ?? 'private_class',
      full_name: input.full_name ?? `Visitor ${suffix}`,
      email: input.email ?? `visitor-${suffix}@example.com`,
      phone_number: '(707) 555-0100',
      notes: `Private note ${suffix}`,
      start_time: input.start_time,
      end_time: new Date(input.start_time.getTime() + (input.minutes ?? 60) * 60_000),
      status: input.status ?? 'scheduled',
      user_id: input.user_id ?? null,
      manage_token_hash: hashToken(token),
    })
    .returning();
  return { booking: row!, token };
}

/**
 * Weekdays from a start date, one per call, so tests that run in any order in one file never
 * book the same day. The test clock starts on Monday 2026-03-02.
 */
export function weekdays(first: string) {
  let next = new Date(`${first}T00:00:00Z`);
  return (): string => {
    while (next.getUTCDay() === 0 || next.getUTCDay() === 6) next = new Date(next.getTime() + 86_400_000);
    const date = next.toISOString().slice(0, 10);
    next = new Date(next.getTime() + 86_400_000);
    return date;
  };
}
