import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_BOOKINGS_DEFAULT_LIMIT,
  ALREADY_CANCELLED_MESSAGE,
  BOOKING_NOT_FOUND_MESSAGE,
  END_TIME_MESSAGE,
  SLOT_TAKEN_MESSAGE,
  type AdminBookingsResponse,
  type BookingResponse,
  type BookingsResponse,
} from '../../../common/bookings';
import { bookings } from '../../db/schema';
import { zonedInstant } from '../../../common/school-time';
import { createTestApp, type TestApp } from '../../test/app';
import { bookingRequest, postBooking } from './test/requests';
import { createAdmin, createUser } from '../../test/factories';
import { createBooking, weekdays } from './test/factories';
import { ADMIN_TOO_LONG_MESSAGE } from './bookings.service';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let mei: Awaited<ReturnType<typeof createUser>>;
let wei: Awaited<ReturnType<typeof createUser>>;
const nextDay = weekdays('2026-03-16');
const at = (date: string, time: string) => zonedInstant(date, time, 'America/Los_Angeles');

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  mei = await createUser(t);
  wei = await createUser(t);
});
afterAll(async () => t?.close());

const adminBody = (start: Date, minutes = 60, fields: Record<string, unknown> = {}) => ({
  appointment_type: 'private_class',
  full_name: 'Walk-in Student',
  email: `walk-in-${Math.random().toString(36).slice(2, 8)}@example.com`,
  phone_number: '',
  notes: 'Paid at the door',
  start_time: start.toISOString(),
  end_time: new Date(start.getTime() + minutes * 60_000).toISOString(),
  ...fields,
});

describe('POST /api/admin/bookings', () => {
  it('adds a booking at any time, weekends and past included, but not over another', async () => {
    const saturday = at('2026-03-28', '08:00');
    const res = await t.call('POST', '/api/admin/bookings', adminBody(saturday), admin.auth);
    expect(res.statusCode, res.body).toBe(201);
    const { booking } = res.json<BookingResponse>();
    expect(res.headers.location).toBe(`/api/bookings/${booking.id}`);
    expect(booking).toMatchObject({
      status: 'scheduled',
      phone_number: null,
      start_time: saturday.toISOString(),
    });
    expect(
      (await t.call('POST', '/api/admin/bookings', adminBody(at('2026-02-20', '12:00')), admin.auth))
        .statusCode,
    ).toBe(201);

    const clash = await t.call(
      'POST',
      '/api/admin/bookings',
      adminBody(at('2026-03-28', '08:30')),
      admin.auth,
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ error: SLOT_TAKEN_MESSAGE });
    // A cancelled one never clashes, and nobody is sent a confirmation of it.
    const cancelled = adminBody(at('2026-03-28', '08:30'), 60, { status: 'cancelled' });
    expect((await t.call('POST', '/api/admin/bookings', cancelled, admin.auth)).statusCode).toBe(201);
    expect(t.mail.filter((m) => m.to === cancelled.email)).toEqual([]);
  });

  it('sends the booker the confirmation with its calendar file and manage link', async () => {
    const body = adminBody(at('2026-04-02', '15:00'));
    expect((await t.call('POST', '/api/admin/bookings', body, admin.auth)).statusCode).toBe(201);
    const [mail, ...more] = t.mail.filter((m) => m.to === body.email);
    expect(more).toEqual([]);
    expect(mail!.text).toMatch(/\/workshops\/manage\/[\w-]{20,}/);
    expect(mail!.attachments?.[0]?.content).toContain('BEGIN:VEVENT');
  });

  it('refuses an end before the start and missing fields', async () => {
    const start = at(nextDay(), '12:00');
    const res = await t.call(
      'POST',
      '/api/admin/bookings',
      {
        ...adminBody(start),
        end_time: new Date(start.getTime() - 60_000).toISOString(),
      },
      admin.auth,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ details: [{ path: 'end_time', message: END_TIME_MESSAGE }] });
    const long = await t.call(
      'POST',
      '/api/admin/bookings',
      adminBody(start, 60 * 24 * 365 * 50),
      admin.auth,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: ADMIN_TOO_LONG_MESSAGE, code: 'BOOKING_TOO_LONG' });
    const missing = await t.call('POST', '/api/admin/bookings', { appointment_type: 'workshop' }, admin.auth);
    expect(missing.statusCode).toBe(400);
    const paths = missing.json<{ details: { path: string }[] }>().details.map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['full_name', 'email', 'start_time', 'end_time']));
  });
});

describe('PUT /api/bookings/{id}', () => {
  it("changes a booking's fields, times and status by the overlap rules", async () => {
    const day = nextDay();
    const { booking } = await createBooking(t, { start_time: at(day, '12:00') });
    await createBooking(t, { start_time: at(day, '15:00') });
    const moved = await t.call(
      'PUT',
      `/api/bookings/${booking.id}`,
      adminBody(at(day, '13:00'), 90, { status: 'confirmed', full_name: 'Renamed' }),
      admin.auth,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<BookingResponse>().booking).toMatchObject({
      full_name: 'Renamed',
      status: 'confirmed',
      start_time: at(day, '13:00').toISOString(),
    });
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.sequence).toBe(1);

    const clash = await t.call('PUT', `/api/bookings/${booking.id}`, adminBody(at(day, '14:30')), admin.auth);
    expect(clash.statusCode).toBe(409);
    // Its own old time is no clash.
    expect(
      (await t.call('PUT', `/api/bookings/${booking.id}`, adminBody(at(day, '13:00'), 90), admin.auth))
        .statusCode,
    ).toBe(200);
    const missing = await t.call(
      'PUT',
      `/api/bookings/${crypto.randomUUID()}`,
      adminBody(at(day, '18:00')),
      admin.auth,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: BOOKING_NOT_FOUND_MESSAGE });
  });

  it('is for administrators only: the owner is refused', async () => {
    const { booking } = await createBooking(t, { start_time: at(nextDay(), '12:00'), user_id: mei.user.id });
    const res = await t.call(
      'PUT',
      `/api/bookings/${booking.id}`,
      adminBody(at(nextDay(), '12:00')),
      mei.auth,
    );
    expect(res.statusCode).toBe(403);
  });
});

describe("an owner's and an administrator's reads and cancels", () => {
  it('lets the owner, by account or by e-mail, read and cancel a booking; anyone else finds nothing', async () => {
    const byAccount = await createBooking(t, { start_time: at(nextDay(), '12:00'), user_id: mei.user.id });
    const byEmail = await createBooking(t, { start_time: at(nextDay(), '12:00'), email: mei.user.email });
    for (const { booking } of [byAccount, byEmail]) {
      expect(
        (await t.call('GET', `/api/bookings/${booking.id}`, undefined, mei.auth)).json<BookingResponse>()
          .booking.id,
      ).toBe(booking.id);
      expect((await t.call('GET', `/api/bookings/${booking.id}`, undefined, admin.auth)).statusCode).toBe(
        200,
      );
      const other = await t.call('GET', `/api/bookings/${booking.id}`, undefined, wei.auth);
      expect(other.statusCode).toBe(404);
      expect(
        (await t.call('PUT', `/api/bookings/${booking.id}/cancel`, undefined, wei.auth)).statusCode,
      ).toBe(404);
    }
    const cancelled = await t.call(
      'PUT',
      `/api/bookings/${byAccount.booking.id}/cancel`,
      undefined,
      mei.auth,
    );
    expect(cancelled.json<BookingResponse>().booking.status).toBe('cancelled');
    // The booker hears of it as from the manage link, whoever cancels.
    expect(
      t.mail.filter((m) => m.to === byAccount.booking.email && /^Booking cancelled: /.test(m.subject)),
    ).toHaveLength(1);
    const again = await t.call('PUT', `/api/bookings/${byAccount.booking.id}/cancel`, undefined, admin.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: ALREADY_CANCELLED_MESSAGE, code: 'ALREADY_CANCELLED' });
    expect(
      (await t.call('PUT', `/api/bookings/${byEmail.booking.id}/cancel`, undefined, admin.auth)).statusCode,
    ).toBe(200);
    expect(
      t.mail.filter((m) => m.to === byEmail.booking.email && /^Booking cancelled: /.test(m.subject)),
    ).toHaveLength(1);
  });

  it("lists a user's bookings for themselves and administrators, and bookings by e-mail likewise", async () => {
    const student = await createUser(t);
    const body = bookingRequest({ start_date: nextDay() });
    expect((await postBooking(t, body, student.auth)).statusCode).toBe(201);
    await createBooking(t, { start_time: at(nextDay(), '12:00'), email: student.user.email });

    const own = await t.call('GET', `/api/users/${student.user.id}/bookings`, undefined, student.auth);
    expect(own.json<BookingsResponse>().bookings).toHaveLength(2);
    expect(
      (
        await t.call('GET', `/api/users/${student.user.id}/bookings`, undefined, admin.auth)
      ).json<BookingsResponse>().bookings,
    ).toHaveLength(2);
    expect(
      (await t.call('GET', `/api/users/${student.user.id}/bookings`, undefined, wei.auth)).statusCode,
    ).toBe(403);

    const mine = await t.call(
      'GET',
      `/api/bookings/email/${encodeURIComponent(student.user.email.toUpperCase())}`,
      undefined,
      student.auth,
    );
    expect(mine.json<BookingsResponse>().bookings).toHaveLength(1);
    expect(
      (
        await t.call('GET', `/api/bookings/email/${body.email}`, undefined, admin.auth)
      ).json<BookingsResponse>().bookings,
    ).toHaveLength(1);
    const theirs = await t.call('GET', `/api/bookings/email/${body.email}`, undefined, student.auth);
    expect(theirs.statusCode).toBe(403);
    expect((await t.call('GET', `/api/bookings/email/${body.email}`)).statusCode).toBe(401);
  });
});

describe('odd requests', () => {
  it('answers odd dates and addresses with 4xx, never 500', async () => {
    for (const url of [
      '/api/bookings/availability/0001-01-01',
      '/api/bookings/availability/9999-12-31?type=workshop',
      '/api/bookings/calendar?start=0001-01-01&end=0001-01-31',
      '/api/bookings/calendar?start=9999-12-01&end=9999-12-31',
      '/api/admin/bookings?from=0001-01-01',
      '/api/bookings/email/%00',
      `/api/bookings/email/${'a'.repeat(300)}`,
      '/api/bookings/not-a-uuid',
      `/api/bookings/manage/${'%ZZ'.repeat(10)}`,
    ]) {
      const res = await t.call('GET', url, undefined, admin.auth);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    const lateStart = adminBody(new Date('9999-12-31T20:00:00Z'));
    const late = await t.call(
      'POST',
      '/api/admin/bookings',
      {
        ...lateStart,
        end_time: '9999-12-31T23:30:00-05:00',
      },
      admin.auth,
    );
    expect(late.statusCode).toBe(400);
    for (const start_date of ['0001-01-01', '9999-12-31']) {
      const res = await postBooking(t, bookingRequest({ start_date }));
      expect(res.statusCode, start_date).toBe(400);
    }
  });
});

describe('DELETE /api/admin/bookings/{id}', () => {
  it('deletes a booking for good', async () => {
    const { booking } = await createBooking(t, { start_time: at(nextDay(), '12:00') });
    expect(
      (await t.call('DELETE', `/api/admin/bookings/${booking.id}`, undefined, admin.auth)).json(),
    ).toEqual({
      success: true,
    });
    expect(
      (await t.call('DELETE', `/api/admin/bookings/${booking.id}`, undefined, admin.auth)).statusCode,
    ).toBe(404);
    expect((await t.call('GET', `/api/bookings/${booking.id}`, undefined, admin.auth)).statusCode).toBe(404);
  });
});

describe('GET /api/admin/bookings', () => {
  it('lists today to 30 days ahead by start, with statuses, paging and a total', async () => {
    const fresh = await createTestApp();
    try {
      const boss = await createAdmin(fresh);
      const make = (date: string, status: 'scheduled' | 'cancelled' = 'scheduled') =>
        createBooking(fresh, { start_time: at(date, '12:00'), status });
      await make('2026-03-01');
      const inside = [
        await make('2026-03-02'),
        await make('2026-03-20'),
        await make('2026-03-10', 'cancelled'),
        await make('2026-04-01'),
      ];
      await make('2026-04-02');
      const list = async (query = '') => {
        const res = await fresh.app.inject({ url: `/api/admin/bookings${query}`, headers: boss.auth });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<AdminBookingsResponse>();
      };
      const all = await list();
      expect(all.total).toBe(4);
      expect(all.bookings.map((b) => b.id)).toEqual(
        [inside[0], inside[2], inside[1], inside[3]].map((b) => b!.booking.id),
      );
      expect(all.bookings[0]).toMatchObject({
        email: inside[0]!.booking.email,
        notes: inside[0]!.booking.notes,
      });
      expect((await list('?status=cancelled')).bookings.map((b) => b.id)).toEqual([inside[2]!.booking.id]);
      const page = await list('?limit=2&offset=2');
      expect(page).toMatchObject({ total: 4 });
      expect(page.bookings.map((b) => b.id)).toEqual([inside[1]!.booking.id, inside[3]!.booking.id]);
      expect((await list('?from=2026-03-01&to=2026-03-01')).total).toBe(1);
      const backwards = await fresh.app.inject({
        url: '/api/admin/bookings?from=2026-03-05&to=2026-03-01',
        headers: boss.auth,
      });
      expect(backwards.statusCode).toBe(400);
      const tooMany = await fresh.app.inject({ url: '/api/admin/bookings?limit=1000', headers: boss.auth });
      expect(tooMany.statusCode).toBe(400);
      expect((await list()).bookings.length).toBeLessThanOrEqual(ADMIN_BOOKINGS_DEFAULT_LIMIT);
    } finally {
      await fresh.close();
    }
  });
});

describe('the bookings calls in /api/openapi.json', () => {
  it('lists every one, tagged and summarised', async () => {
    const doc = (await t.call('GET', '/api/openapi.json')).json<{
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    }>();
    const expected: [string, string][] = [
      ['/api/bookings', 'post'],
      ['/api/bookings/{id}', 'get'],
      ['/api/bookings/{id}', 'put'],
      ['/api/bookings/{id}/cancel', 'put'],
      ['/api/bookings/availability/{date}', 'get'],
      ['/api/bookings/email/{email}', 'get'],
      ['/api/bookings/calendar', 'get'],
      ['/api/bookings/manage/{token}', 'get'],
      ['/api/bookings/manage/{token}', 'put'],
      ['/api/bookings/manage/{token}/cancel', 'put'],
      ['/api/users/{id}/bookings', 'get'],
      ['/api/admin/bookings', 'get'],
      ['/api/admin/bookings', 'post'],
      ['/api/admin/bookings/{id}', 'delete'],
    ];
    for (const [path, method] of expected) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method.toUpperCase()} ${path}`).toBeDefined();
      expect(op!.tags).toContain('bookings');
      expect(op!.summary).toBeTruthy();
    }
  });
});
