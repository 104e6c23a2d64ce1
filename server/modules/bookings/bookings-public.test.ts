import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_MAX_DAYS,
  BOOKING_MESSAGES,
  BOOKING_SUBMIT_LIMIT,
  END_BEFORE_START_MESSAGE,
  OUTSIDE_HOURS_MESSAGE,
  PAST_BOOKING_MESSAGE,
  SLOT_TAKEN_MESSAGE,
  TOO_MANY_DAYS_MESSAGE,
  WORKSHOP_CAPACITY,
  WORKSHOP_FULL_MESSAGE,
  type BookingCreatedResponse,
} from '../../../common/bookings';
import { EMAIL_MESSAGE } from '../../../common/fields';
import { bookings } from '../../db/schema';
import { addDays, zonedInstant } from '../../../common/school-time';
import { createTestApp, type TestApp } from '../../test/app';
import { bookingRequest, icsLine, postBooking } from './test/requests';
import { createAdmin, createUser } from '../../test/factories';
import { createBooking, weekdays } from './test/factories';

let t: TestApp;
let admins: string[];
// Far from the dates the tests below name, so a shuffled order never books into one of them.
const nextDay = weekdays('2026-06-01');
const LA = 'America/Los_Angeles';
const at = (date: string, time: string) => zonedInstant(date, time, LA);

beforeAll(async () => {
  t = await createTestApp();
  admins = [(await createAdmin(t)).user.email, (await createAdmin(t)).user.email];
  await createAdmin(t, { is_active: false });
});
afterAll(async () => t?.close());

const book = (fields: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  postBooking(t, bookingRequest({ start_date: nextDay(), ...fields }), headers);
const rowsOf = (email: string) => t.database.db.select().from(bookings).where(eq(bookings.email, email));

describe('POST /api/bookings', () => {
  it('books a 1-on-1 at noon school time, e-mails the booker a calendar file and each active admin a notice', async () => {
    const body = bookingRequest({ start_date: '2026-03-03' });
    const res = await postBooking(t, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<BookingCreatedResponse>()).toEqual({
      success: true,
      message: BOOKING_MESSAGES.confirmedOne,
      bookings: [
        {
          appointment_type: 'private_class',
          start_time: '2026-03-03T20:00:00.000Z',
          end_time: '2026-03-03T21:00:00.000Z',
          status: 'scheduled',
        },
      ],
    });
    const [row] = await rowsOf(body.email);
    expect(row).toMatchObject({ full_name: body.full_name, status: 'scheduled', user_id: null, sequence: 0 });
    // Only the token's hash is kept.
    expect(row!.manage_token_hash).toMatch(/^[0-9a-f]{64}$/);

    const toBooker = t.mail.filter((m) => m.to === body.email);
    expect(toBooker).toHaveLength(1);
    const mail = toBooker[0]!;
    expect(mail.subject).toBe('Booking confirmed: 1-on-1 on Tuesday, March 3, 2026 at 12:00 PM PST');
    expect(mail.text).toContain('When: Tuesday, March 3, 2026 at 12:00 PM PST');
    expect(mail.text).toContain('Duration: 60 minutes');
    expect(mail.text).toContain(
      'Where: Redwood Internal Arts Foundation, 1120 Sebastopol Road, Santa Rosa, CA 95407',
    );
    const link = /http:\/\/\S+\/workshops\/manage\/([A-Za-z0-9_-]{43})$/m.exec(mail.text);
    expect(link).not.toBeNull();
    const ics = mail.attachments?.[0];
    expect(ics).toMatchObject({
      filename: 'booking.ics',
      contentType: expect.stringContaining('text/calendar'),
    });
    expect(icsLine(ics?.content, 'METHOD')).toBe('METHOD:PUBLISH');
    expect(icsLine(ics?.content, 'UID')).toBe(`UID:booking-${row!.id}@localhost`);
    expect(icsLine(ics?.content, 'DTSTART')).toBe('DTSTART:20260303T200000Z');
    expect(icsLine(ics?.content, 'DTEND')).toBe('DTEND:20260303T210000Z');
    expect(icsLine(ics?.content, 'SEQUENCE')).toBe('SEQUENCE:0');
    expect(icsLine(ics?.content, 'DESCRIPTION')).toContain(`/workshops/manage/${link![1]}`);

    for (const admin of admins) {
      const notice = t.mail.filter((m) => m.to === admin && m.text.includes(body.email));
      expect(notice).toHaveLength(1);
      expect(notice[0]!.subject).toBe(`[Booking] New 1-on-1 booking from ${body.full_name}`);
      expect(notice[0]!.text).toContain('Notes:\nSore left knee');
    }
  });

  it('keeps who booked when they are signed in', async () => {
    const student = await createUser(t);
    const body = bookingRequest({ start_date: nextDay() });
    expect((await postBooking(t, body, student.auth)).statusCode).toBe(201);
    expect((await rowsOf(body.email))[0]?.user_id).toBe(student.user.id);
  });

  it('books one per day of a range, all in one go', async () => {
    // A Monday to Friday.
    const monday = '2026-04-06';
    const body = bookingRequest({ start_date: monday, end_date: addDays(monday, 4), time: '15:00' });
    const res = await postBooking(t, body);
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<BookingCreatedResponse>();
    expect(answer.message).toBe(BOOKING_MESSAGES.confirmedMany(5));
    expect(answer.bookings.map((b) => b.start_time)).toEqual(
      [0, 1, 2, 3, 4].map((i) => at(addDays(monday, i), '15:00').toISOString()),
    );
    expect(await rowsOf(body.email)).toHaveLength(5);
    expect(t.mail.filter((m) => m.to === body.email && m.attachments?.length === 1)).toHaveLength(5);
    // One notice per submission.
    expect(t.mail.filter((m) => m.to === admins[0] && m.text.includes(body.email))).toHaveLength(1);
  });

  it('books none of a range when one day is taken', async () => {
    const monday = '2026-04-13';
    await createBooking(t, { start_time: at(addDays(monday, 2), '12:30'), minutes: 60 });
    const body = bookingRequest({ start_date: monday, end_date: addDays(monday, 3) });
    const res = await postBooking(t, body);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: SLOT_TAKEN_MESSAGE, code: 'SLOT_TAKEN' });
    expect(await rowsOf(body.email)).toHaveLength(0);
    expect(t.mail.filter((m) => m.to === body.email)).toHaveLength(0);
  });

  it('books none of a range that reaches a closed day', async () => {
    const body = bookingRequest({ start_date: '2026-04-23', end_date: '2026-04-25' });
    const res = await postBooking(t, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: OUTSIDE_HOURS_MESSAGE, code: 'OUTSIDE_HOURS' });
    expect(await rowsOf(body.email)).toHaveLength(0);
  });

  it(`refuses more than ${BOOKING_MAX_DAYS} days`, async () => {
    const res = await book({ start_date: '2026-05-04', end_date: addDays('2026-05-04', BOOKING_MAX_DAYS) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: TOO_MANY_DAYS_MESSAGE,
      code: 'TOO_MANY_DAYS',
      details: [{ path: 'end_date', message: TOO_MANY_DAYS_MESSAGE }],
    });
  });

  it('refuses a start in the past, today included', async () => {
    for (const [start_date, time] of [
      ['2026-02-27', '12:00'],
      ['2026-03-02', '09:30'],
    ] as const) {
      const res = await book({ start_date, time });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: PAST_BOOKING_MESSAGE, code: 'PAST_BOOKING' });
    }
  });

  it("refuses times outside the day's opening hours, and weekends", async () => {
    const day = nextDay();
    for (const fields of [
      { start_date: day, time: '11:30' },
      { start_date: day, time: '19:30' },
      { start_date: day, time: '19:00', duration_minutes: 90 },
      { start_date: '2026-03-21', time: '12:00' },
    ]) {
      const res = await book(fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json()).toMatchObject({ error: OUTSIDE_HOURS_MESSAGE });
    }
    // The last hour, ending at closing time, is open.
    expect((await book({ start_date: day, time: '19:00' })).statusCode).toBe(201);
  });

  it('refuses a form with missing or wrong fields, with the messages of the form', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ full_name: ' ' }, 'full_name', 'Full name is required'],
      [{ email: 'not-an-email' }, 'email', EMAIL_MESSAGE],
      [{ email: '' }, 'email', 'Email is required'],
      [{ time: '' }, 'time', 'Please choose a time slot'],
      [{ time: '25:00' }, 'time', 'Please choose a time slot'],
      [
        { duration_minutes: 45 },
        'duration_minutes',
        'Duration must be one of 60, 90, 120, 150, 180, 240, 300, 360 minutes',
      ],
      [{ appointment_type: 'seminar' }, 'appointment_type', 'Please choose a session type'],
      [{ start_date: '2026-02-30' }, 'start_date', 'Use a date such as 2026-03-08'],
      [{ start_date: '2026-04-10', end_date: '2026-04-09' }, 'end_date', END_BEFORE_START_MESSAGE],
    ];
    for (const [fields, path, message] of cases) {
      const body = bookingRequest({ start_date: '2026-04-10', ...fields });
      const res = await postBooking(t, body);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(res.json<{ details: { path: string; message: string }[] }>().details).toContainEqual({
        path,
        message,
      });
      expect(await rowsOf(String(body.email).toLowerCase())).toHaveLength(0);
    }
  });

  it('answers a filled honeypot as usual and keeps nothing', async () => {
    const body = bookingRequest({ start_date: nextDay(), website: 'https://spam.example.com' });
    const res = await postBooking(t, body);
    expect(res.statusCode).toBe(201);
    expect(res.json<BookingCreatedResponse>().bookings).toHaveLength(1);
    expect(await rowsOf(body.email)).toHaveLength(0);
    expect(t.mail.filter((m) => m.to === body.email || m.text.includes(body.email))).toHaveLength(0);
  });

  it(`takes ${BOOKING_SUBMIT_LIMIT.max} submissions an hour from one address`, async () => {
    const remoteAddress = '203.0.113.77';
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: bookingRequest({ start_date: '2026-02-20' }),
        remoteAddress,
      });
    for (let i = 0; i < BOOKING_SUBMIT_LIMIT.max; i++) expect((await send()).statusCode).toBe(400);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('group sessions and 1-on-1s', () => {
  it('puts workshop bookings of the same start and end in one group session, up to its capacity', async () => {
    const day = nextDay();
    for (let i = 0; i < WORKSHOP_CAPACITY - 1; i++) {
      await createBooking(t, { appointment_type: 'workshop', start_time: at(day, '17:00'), minutes: 90 });
    }
    const last = await book({
      appointment_type: 'workshop',
      start_date: day,
      time: '17:00',
      duration_minutes: 90,
    });
    expect(last.statusCode, last.body).toBe(201);
    const full = await book({
      appointment_type: 'workshop',
      start_date: day,
      time: '17:00',
      duration_minutes: 90,
    });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ error: WORKSHOP_FULL_MESSAGE, code: 'WORKSHOP_FULL' });
  });

  it('keeps 1-on-1s and group sessions apart, and group sessions of other times too', async () => {
    const day = nextDay();
    await createBooking(t, { appointment_type: 'workshop', start_time: at(day, '14:00'), minutes: 60 });
    await createBooking(t, { appointment_type: 'private_class', start_time: at(day, '17:00'), minutes: 60 });
    const refused = [
      { appointment_type: 'private_class', time: '14:30' },
      { appointment_type: 'private_class', time: '13:00', duration_minutes: 90 },
      { appointment_type: 'workshop', time: '14:30' },
      { appointment_type: 'workshop', time: '14:00', duration_minutes: 90 },
      { appointment_type: 'workshop', time: '16:30' },
      { appointment_type: 'private_class', time: '17:00' },
    ];
    for (const fields of refused) {
      const res = await book({ start_date: day, ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(409);
      expect(res.json()).toMatchObject({ error: SLOT_TAKEN_MESSAGE });
    }
    // Back to back is not an overlap.
    expect((await book({ start_date: day, time: '15:00' })).statusCode).toBe(201);
    expect((await book({ start_date: day, appointment_type: 'workshop', time: '14:00' })).statusCode).toBe(
      201,
    );
  });

  it('lets a cancelled booking free its slot', async () => {
    const day = nextDay();
    await createBooking(t, { start_time: at(day, '12:00'), status: 'cancelled' });
    expect((await book({ start_date: day })).statusCode).toBe(201);
  });
});
