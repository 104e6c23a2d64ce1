import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailabilityResponse, BookingCreatedResponse } from '../../../common/bookings';
import type { SchoolSettingsResponse } from '../../../common/school';
import { createTestApp, type TestApp } from '../../test/app';
import { bookingRequest, icsLine, postBooking } from './test/requests';
import { createAdmin } from '../../test/factories';

/* The days the clocks change in America/Los_Angeles are Sundays; this school opens every day. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createAdmin(t);
  const { school } = (await t.app.inject({ url: '/api/school' })).json<SchoolSettingsResponse>();
  const { updated_at: _updated, ...settings } = school;
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/school',
    headers: admin.auth,
    payload: {
      ...settings,
      hours: [
        {
          label: 'Every day',
          days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
          closed: false,
          opens: '09:00',
          closes: '20:00',
        },
      ],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => t?.close());

describe('bookings on the days the clocks change', () => {
  for (const [date, start, end, zone] of [
    ['2026-03-08', '2026-03-08T19:00:00.000Z', '2026-03-08T20:00:00.000Z', 'PDT'],
    ['2026-11-01', '2026-11-01T20:00:00.000Z', '2026-11-01T21:00:00.000Z', 'PST'],
  ] as const) {
    it(`books noon on ${date} at noon school time, for 60 minutes`, async () => {
      const body = bookingRequest({ start_date: date });
      const res = await postBooking(t, body);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<BookingCreatedResponse>().bookings[0]).toMatchObject({
        start_time: start,
        end_time: end,
      });
      const mail = t.mail.find((m) => m.to === body.email)!;
      expect(mail.text).toContain(`at 12:00 PM ${zone}`);
      expect(mail.text).toContain('Duration: 60 minutes');
      const ics = mail.attachments![0]!.content;
      expect(icsLine(ics, 'DTSTART')).toBe(`DTSTART:${start.replace(/[-:]|\.000/g, '')}`);
      expect(icsLine(ics, 'DTEND')).toBe(`DTEND:${end.replace(/[-:]|\.000/g, '')}`);

      const slots = (
        await t.app.inject({ url: `/api/bookings/availability/${date}` })
      ).json<AvailabilityResponse>();
      const noon = slots.slots.find((s) => s.time === '12:00')!;
      expect(noon).toMatchObject({ starts_at: start, available: false });
      expect(slots.slots.find((s) => s.time === '13:00')).toMatchObject({
        starts_at: end,
        available: true,
      });
    });
  }

  it('keeps the slot list in local time across the change', async () => {
    const spring = (
      await t.app.inject({ url: '/api/bookings/availability/2026-03-08' })
    ).json<AvailabilityResponse>();
    expect(spring.slots[0]).toMatchObject({ time: '09:00', starts_at: '2026-03-08T16:00:00.000Z' });
    const autumn = (
      await t.app.inject({ url: '/api/bookings/availability/2026-11-01' })
    ).json<AvailabilityResponse>();
    expect(autumn.slots[0]).toMatchObject({ time: '09:00', starts_at: '2026-11-01T17:00:00.000Z' });
    expect(autumn.slots.at(-1)).toMatchObject({ time: '20:00', starts_at: '2026-11-02T04:00:00.000Z' });
  });
});
