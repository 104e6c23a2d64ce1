import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALREADY_CANCELLED_MESSAGE,
  BOOKING_NOT_FOUND_MESSAGE,
  OUTSIDE_HOURS_MESSAGE,
  PAST_BOOKING_MESSAGE,
  SLOT_TAKEN_MESSAGE,
  type BookingResponse,
} from '../../../common/bookings';
import { bookings } from '../../db/schema';
import { zonedInstant } from '../../../common/school-time';
import { createTestApp, type TestApp } from '../../test/app';
import { bookingRequest, icsLine, manageTokenFor, postBooking } from './test/requests';
import { createAdmin } from '../../test/factories';
import { createBooking, weekdays } from './test/factories';

let t: TestApp;
let adminEmail: string;
const nextDay = weekdays('2026-03-16');
const at = (date: string, time: string) => zonedInstant(date, time, 'America/Los_Angeles');

beforeAll(async () => {
  t = await createTestApp();
  adminEmail = (await createAdmin(t)).user.email;
});
afterAll(async () => t?.close());

/** A booking made through the form, and the token its confirmation carried. */
async function booked(fields: Record<string, unknown> = {}) {
  const body = { ...bookingRequest(fields), start_date: nextDay() };
  const res = await postBooking(t, body);
  expect(res.statusCode, res.body).toBe(201);
  return { body, token: manageTokenFor(t, body.email) };
}

const manage = (token: string, method: 'GET' | 'PUT' = 'GET', suffix = '', payload?: object) =>
  t.app.inject({ method, url: `/api/bookings/manage/${token}${suffix}`, ...(payload ? { payload } : {}) });

describe('GET /api/bookings/manage/{token}', () => {
  it('shows the booking the e-mailed link stands for, with its details', async () => {
    const { body, token } = await booked();
    const res = await manage(token);
    expect(res.statusCode).toBe(200);
    expect(res.json<BookingResponse>().booking).toMatchObject({
      full_name: body.full_name,
      email: body.email,
      phone_number: body.phone_number,
      notes: body.notes,
      status: 'scheduled',
      start_time: at(body.start_date, '12:00').toISOString(),
    });
  });

  it('answers 404 for a token that stands for nothing, and 400 for one of the wrong shape', async () => {
    const res = await manage('A'.repeat(43));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: BOOKING_NOT_FOUND_MESSAGE, code: 'BOOKING_NOT_FOUND' });
    expect((await manage('A'.repeat(43), 'PUT', '/cancel')).statusCode).toBe(404);
    expect((await manage('short')).statusCode).toBe(400);
  });
});

describe('PUT /api/bookings/manage/{token}/cancel', () => {
  it('cancels at once, frees the slot and tells the booker and the administrators', async () => {
    const { body, token } = await booked();
    const res = await manage(token, 'PUT', '/cancel');
    expect(res.statusCode).toBe(200);
    expect(res.json<BookingResponse>().booking.status).toBe('cancelled');
    const toBooker = t.mail.filter((m) => m.to === body.email).at(-1)!;
    expect(toBooker.subject).toMatch(/^Booking cancelled: 1-on-1 on /);
    expect(
      t.mail.some(
        (m) => m.to === adminEmail && m.subject.includes('cancelled') && m.text.includes(body.email),
      ),
    ).toBe(true);
    // The slot is free for someone else.
    expect((await postBooking(t, bookingRequest({ start_date: body.start_date }))).statusCode).toBe(201);

    const again = await manage(token, 'PUT', '/cancel');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: ALREADY_CANCELLED_MESSAGE, code: 'ALREADY_CANCELLED' });
  });
});

describe('PUT /api/bookings/manage/{token}', () => {
  it('moves the booking, frees the old slot and sends a new calendar file for the same event', async () => {
    const { body, token } = await booked();
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.email, body.email));
    const firstIcs = t.mail.find((m) => m.to === body.email)!.attachments![0]!.content;

    const day = nextDay();
    const res = await manage(token, 'PUT', '', { date: day, time: '15:30', duration_minutes: 90 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<BookingResponse>().booking).toMatchObject({
      id: row!.id,
      start_time: at(day, '15:30').toISOString(),
      end_time: new Date(at(day, '15:30').getTime() + 90 * 60_000).toISOString(),
      status: 'scheduled',
    });

    const moved = t.mail.filter((m) => m.to === body.email).at(-1)!;
    expect(moved.subject).toMatch(/^Booking moved: 1-on-1 on /);
    expect(moved.text).toContain(`/workshops/manage/${token}`);
    const ics = moved.attachments![0]!.content;
    expect(icsLine(ics, 'UID')).toBe(icsLine(firstIcs, 'UID'));
    expect(icsLine(firstIcs, 'SEQUENCE')).toBe('SEQUENCE:0');
    expect(icsLine(ics, 'SEQUENCE')).toBe('SEQUENCE:1');
    expect(icsLine(ics, 'DTSTART')).toBe(
      `DTSTART:${at(day, '15:30')
        .toISOString()
        .replace(/[-:]|\.000/g, '')}`,
    );
    expect(
      t.mail.some((m) => m.to === adminEmail && m.subject.includes('moved') && m.text.includes(body.email)),
    ).toBe(true);

    // The old slot is free, the token still works.
    expect((await postBooking(t, bookingRequest({ start_date: body.start_date }))).statusCode).toBe(201);
    expect((await manage(token)).json<BookingResponse>().booking.start_time).toBe(
      at(day, '15:30').toISOString(),
    );
  });

  it('moves by the rules of booking: a free slot, in the hours, not in the past', async () => {
    const { token } = await booked();
    const day = nextDay();
    await createBooking(t, { start_time: at(day, '13:00') });
    const cases: [object, number, string][] = [
      [{ date: day, time: '12:30' }, 409, SLOT_TAKEN_MESSAGE],
      [{ date: day, time: '10:00' }, 400, OUTSIDE_HOURS_MESSAGE],
      [{ date: '2026-03-01', time: '12:00' }, 400, PAST_BOOKING_MESSAGE],
      [{ date: day, time: '1pm' }, 400, 'Please choose a time slot'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await manage(token, 'PUT', '', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.body).toContain(message);
    }
  });

  it('does not move a cancelled booking', async () => {
    const { token } = await booked({ appointment_type: 'workshop' });
    expect((await manage(token, 'PUT', '/cancel')).statusCode).toBe(200);
    const res = await manage(token, 'PUT', '', { date: nextDay(), time: '12:00' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: ALREADY_CANCELLED_MESSAGE });
  });
});
