import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALENDAR_MAX_DAYS,
  SLOT_FIRST,
  SLOT_LAST,
  WORKSHOP_CAPACITY,
  type AvailabilityResponse,
  type CalendarResponse,
  type Slot,
} from '../../../common/bookings';
import { addDays, zonedInstant } from '../../../common/school-time';
import { createTestApp, type TestApp } from '../../test/app';
import { bookingRequest, postBooking } from './test/requests';
import { createAdmin, createUser } from '../../test/factories';
import { createBooking, weekdays } from './test/factories';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
const nextDay = weekdays('2026-03-16');
const at = (date: string, time: string) => zonedInstant(date, time, 'America/Los_Angeles');

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(async () => t?.close());

const availability = async (date: string, query = '') => {
  const res = await t.app.inject({ url: `/api/bookings/availability/${date}${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AvailabilityResponse>();
};
const slot = (answer: AvailabilityResponse, time: string): Slot => answer.slots.find((s) => s.time === time)!;
const available = (answer: AvailabilityResponse) =>
  answer.slots.filter((s) => s.available).map((s) => s.time);

describe('GET /api/bookings/availability/{date}', () => {
  it(`lists ${SLOT_FIRST} to ${SLOT_LAST} every 30 minutes, offering only what fits in the hours`, async () => {
    const day = nextDay();
    const answer = await availability(day);
    expect(answer).toMatchObject({ date: day, duration: 60, type: 'private_class', open: true });
    expect(answer.slots).toHaveLength(23);
    expect(answer.slots[0]).toEqual({
      time: '09:00',
      starts_at: at(day, '09:00').toISOString(),
      available: false,
      places_left: null,
    });
    expect(available(answer)).toEqual([
      '12:00',
      '12:30',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
      '16:30',
      '17:00',
      '17:30',
      '18:00',
      '18:30',
      '19:00',
    ]);
    const long = await availability(day, '?duration=120');
    expect(available(long).at(-1)).toBe('18:00');
  });

  it('says a closed day is closed, with no slot to book', async () => {
    const answer = await availability('2026-03-21');
    expect(answer.open).toBe(false);
    expect(available(answer)).toEqual([]);
  });

  it('offers nothing that has begun', async () => {
    // The test clock reads 10:00 on Monday 2026-03-02; 2026-03-02 itself opens at 12:00.
    t.clock.set(new Date('2026-03-02T22:10:00Z'));
    try {
      const answer = await availability('2026-03-02');
      expect(available(answer)[0]).toBe('14:30');
    } finally {
      t.clock.set(new Date('2026-03-02T18:00:00Z'));
    }
  });

  it('leaves out what is taken for a 1-on-1, and counts the places of a group session', async () => {
    const day = nextDay();
    await createBooking(t, { appointment_type: 'private_class', start_time: at(day, '13:00'), minutes: 60 });
    for (let i = 0; i < 3; i++)
      await createBooking(t, { appointment_type: 'workshop', start_time: at(day, '16:00'), minutes: 60 });
    await createBooking(t, {
      appointment_type: 'private_class',
      start_time: at(day, '18:00'),
      status: 'cancelled',
    });

    const privately = await availability(day);
    for (const time of ['12:30', '13:00', '13:30', '15:30', '16:00', '16:30'])
      expect(slot(privately, time).available).toBe(false);
    for (const time of ['12:00', '14:00', '15:00', '17:00', '18:00'])
      expect(slot(privately, time).available).toBe(true);

    const group = await availability(day, '?type=workshop');
    expect(slot(group, '16:00')).toMatchObject({ available: true, places_left: WORKSHOP_CAPACITY - 3 });
    expect(slot(group, '14:00')).toMatchObject({ available: true, places_left: WORKSHOP_CAPACITY });
    expect(slot(group, '13:00')).toMatchObject({ available: false, places_left: 0 });
    expect(slot(group, '15:30')).toMatchObject({ available: false, places_left: 0 });
    // A 90-minute group session at 16:00 is another session, overlapping the first.
    expect(slot(await availability(day, '?type=workshop&duration=90'), '16:00').available).toBe(false);
  });

  it('refuses a wrong date, duration or type', async () => {
    for (const url of [
      '/api/bookings/availability/2026-13-01',
      '/api/bookings/availability/tomorrow',
      '/api/bookings/availability/2026-03-10?duration=45',
      '/api/bookings/availability/2026-03-10?type=seminar',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });
});

describe('GET /api/bookings/calendar', () => {
  const PERSONAL = /"(full_name|email|phone_number|notes|id)":/;

  it('shows anyone only the type, times and status of bookings that are not cancelled', async () => {
    const day = nextDay();
    const live = await createBooking(t, { start_time: at(day, '12:00'), full_name: 'Hidden Person' });
    await createBooking(t, { start_time: at(day, '14:00'), status: 'cancelled' });
    const student = await createUser(t);
    for (const headers of [{}, student.auth]) {
      const res = await t.app.inject({ url: `/api/bookings/calendar?start=${day}&end=${day}`, headers });
      expect(res.statusCode).toBe(200);
      expect(res.json<CalendarResponse>().bookings).toEqual([
        {
          appointment_type: 'private_class',
          start_time: live.booking.start_time.toISOString(),
          end_time: live.booking.end_time.toISOString(),
          status: 'scheduled',
        },
      ]);
      expect(res.body).not.toMatch(PERSONAL);
      expect(res.body).not.toContain('Hidden Person');
    }
  });

  it('shows an administrator who booked', async () => {
    const day = nextDay();
    const { booking } = await createBooking(t, { start_time: at(day, '15:00') });
    const res = await t.app.inject({
      url: `/api/bookings/calendar?start=${day}&end=${day}`,
      headers: admin.auth,
    });
    expect(res.json<CalendarResponse>().bookings).toEqual([
      {
        id: booking.id,
        appointment_type: 'private_class',
        full_name: booking.full_name,
        email: booking.email,
        phone_number: booking.phone_number,
        notes: booking.notes,
        start_time: booking.start_time.toISOString(),
        end_time: booking.end_time.toISOString(),
        status: 'scheduled',
      },
    ]);
  });

  it('never shows personal fields in the answers of the public booking calls', async () => {
    const day = nextDay();
    const body = bookingRequest({ start_date: day, full_name: 'Secret Name', notes: 'Secret note' });
    const made = await postBooking(t, body);
    expect(made.statusCode).toBe(201);
    const answers = [
      made.body,
      (await t.app.inject({ url: `/api/bookings/availability/${day}` })).body,
      (await t.app.inject({ url: `/api/bookings/calendar?start=${day}&end=${day}` })).body,
    ];
    for (const answer of answers) {
      expect(answer).not.toMatch(PERSONAL);
      for (const secret of ['Secret Name', 'Secret note', body.email, '555-0199'])
        expect(answer).not.toContain(secret);
    }
  });

  it(`covers at most ${CALENDAR_MAX_DAYS} days, and an end not before the start`, async () => {
    const ok = await t.app.inject({
      url: `/api/bookings/calendar?start=2026-03-01&end=${addDays('2026-03-01', CALENDAR_MAX_DAYS - 1)}`,
    });
    expect(ok.statusCode).toBe(200);
    const long = await t.app.inject({
      url: `/api/bookings/calendar?start=2026-03-01&end=${addDays('2026-03-01', CALENDAR_MAX_DAYS)}`,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      error: `A calendar request covers at most ${CALENDAR_MAX_DAYS} days`,
    });
    const backwards = await t.app.inject({ url: '/api/bookings/calendar?start=2026-03-10&end=2026-03-09' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({
      details: [{ path: 'end', message: 'End must not be before start' }],
    });
    expect((await t.app.inject({ url: '/api/bookings/calendar?start=2026-03-10' })).statusCode).toBe(400);
  });
});
