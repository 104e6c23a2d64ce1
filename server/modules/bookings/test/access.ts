import { expect } from 'vitest';
import { bookings } from '../../../db/schema';
import { rowsWhere, type MatrixEntry, type World } from '../../../test/access-matrix';
import type { TestApp } from '../../../test/app';
import { createBooking } from './factories';

/*
 * Matrix entries for bookings: the public form, availability, calendar and manage links; the
 * owner's and the administrators' reads and cancels; the administrators' writes.
 */

/**
 * A group-session place of A's for this case alone: every actor's call may succeed side by side,
 * since group sessions take many people.
 */
const freshBooking = async (t: TestApp, w: World) => {
  const { booking, token } = await createBooking(t, {
    appointment_type: 'workshop',
    start_time: new Date('2026-03-11T19:00:00Z'),
    user_id: w.a.user.id,
    email: w.a.user.email,
  });
  return { booking: { id: booking.id, token } };
};
const bookingRow = (t: TestApp, w: World) => rowsWhere(t, bookings, bookings.id, w.booking.id);
const byId = (w: World) => ({ params: { id: w.booking.id } });
const byToken = (w: World) => ({ params: { token: w.booking.token } });

const adminBody = {
  appointment_type: 'workshop',
  full_name: 'Rosa Delgado',
  email: 'rosa@example.com',
  start_time: '2026-04-21T19:00:00Z',
  end_time: '2026-04-21T20:00:00Z',
};

const PERSONAL = ['full_name', 'email', 'phone_number', 'notes', 'id'];

export const BOOKING_ENTRIES: MatrixEntry[] = [
  {
    route: 'POST /api/bookings',
    status: 201,
    call: () => ({
      body: {
        appointment_type: 'workshop',
        start_date: '2026-04-14',
        time: '12:00',
        full_name: 'Rosa Delgado',
        email: 'rosa@example.com',
      },
    }),
  },
  {
    route: 'GET /api/bookings/availability/:date',
    call: () => ({ params: { date: '2026-03-10' }, query: { duration: '60', type: 'private_class' } }),
  },
  {
    route: 'GET /api/bookings/calendar',
    call: () => ({ query: { start: '2026-03-09', end: '2026-03-15' } }),
    check: (res, actor) => {
      const rows = res.json<{ bookings: Record<string, unknown>[] }>().bookings;
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        for (const field of PERSONAL) {
          if (actor === 'admin') expect(row).toHaveProperty(field);
          else expect(row).not.toHaveProperty(field);
        }
      }
    },
  },
  { route: 'GET /api/bookings/manage/:token', call: byToken },
  {
    route: 'PUT /api/bookings/manage/:token',
    fresh: freshBooking,
    call: (w) => ({ ...byToken(w), body: { date: '2026-04-15', time: '14:00', duration_minutes: 60 } }),
  },
  { route: 'PUT /api/bookings/manage/:token/cancel', fresh: freshBooking, call: byToken },
  { route: 'GET /api/bookings/email/:email', call: (w) => ({ params: { email: w.a.user.email } }) },
  { route: 'GET /api/users/:id/bookings', call: (w) => ({ params: { id: w.a.user.id } }) },
  { route: 'GET /api/bookings/:id', call: byId },
  {
    route: 'PUT /api/bookings/:id',
    fresh: freshBooking,
    call: (w) => ({ ...byId(w), body: adminBody }),
    unchanged: bookingRow,
  },
  { route: 'PUT /api/bookings/:id/cancel', fresh: freshBooking, call: byId, unchanged: bookingRow },
  { route: 'GET /api/admin/bookings' },
  { route: 'POST /api/admin/bookings', status: 201, call: () => ({ body: adminBody }) },
  { route: 'DELETE /api/admin/bookings/:id', fresh: freshBooking, call: byId, unchanged: bookingRow },
];
