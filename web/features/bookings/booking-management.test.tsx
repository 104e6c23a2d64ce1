import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Booking } from '../../../common/bookings';
import { field, makeUser, renderRoutes, serverFailure, signInAs, stubFetch } from '../../test/render';
import { testSchool as school } from '../../test/school';
import { BookingManagement } from './booking-management';

const admin = makeUser({ is_admin: true, role: 'admin' });
const ID = '5b0e1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const booking: Booking = {
  id: ID,
  appointment_type: 'private_class',
  full_name: 'Mei Chen',
  email: 'mei@example.org',
  phone_number: null,
  notes: null,
  // 10:00 to 11:00 in Santa Rosa (PST, UTC-8).
  start_time: '2026-03-02T18:00:00.000Z',
  end_time: '2026-03-02T19:00:00.000Z',
  status: 'scheduled',
  user_id: null,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
};
type Routes = Parameters<typeof stubFetch>[0];

function server(extra: Routes = {}, bookings: Booking[] = [booking]) {
  return stubFetch({
    [`POST /api/verify/user/${admin.id}`]: () => ({ body: { valid: true, user: admin } }),
    'GET /api/school': () => ({ body: { school } }),
    'GET /api/admin/bookings': () => ({ body: { bookings, total: bookings.length } }),
    ...extra,
  });
}

function renderPanel() {
  signInAs(admin);
  return renderRoutes([{ path: '/', element: <BookingManagement /> }], '/');
}

async function fill(user: UserEvent, label: string, value: string, container: HTMLElement) {
  await user.clear(field(label, container));
  await user.click(field(label, container));
  await user.paste(value);
}

const row = () => screen.findByRole('button', { name: /^Mei Chen,/ });

describe('BookingManagement', () => {
  it('lists the bookings from today to +30 days with their status, in school time', async () => {
    const { calls } = server();
    renderPanel();
    const item = await row();
    expect(within(item).getByText('Scheduled')).toBeTruthy();
    expect(within(item).getByText(/Mar 2, 2026 10:00 AM–11:00 AM · 1-on-1/)).toBeTruthy();
    const call = calls.find((c) => c.path === '/api/admin/bookings')!;
    const from = call.query.get('from')!;
    const to = call.query.get('to')!;
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(30);
  });

  it("says 'No bookings found' when there are none", async () => {
    server({}, []);
    renderPanel();
    expect(await screen.findByText('No bookings found')).toBeTruthy();
  });

  it('says when the list cannot be read', async () => {
    server({ 'GET /api/admin/bookings': () => serverFailure });
    renderPanel();
    expect(await screen.findByText('Failed to load data. Please try again later.')).toBeTruthy();
  });

  it('filters by status and widens the window on request', async () => {
    const { calls } = server();
    const { user } = renderPanel();
    await row();
    await user.click(screen.getByRole('button', { name: 'Show later bookings' }));
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/api/admin/bookings').at(-1)!;
      expect((Date.parse(last.query.get('to')!) - Date.parse(last.query.get('from')!)) / 86_400_000).toBe(60);
    });
    await user.click(screen.getByRole('combobox', { name: 'Filter bookings by status' }));
    await user.click(await screen.findByRole('option', { name: 'Cancelled' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === '/api/admin/bookings' && c.query.get('status') === 'cancelled'),
      ).toBe(true),
    );
  });

  it('creates a booking: required fields are named, and school times go as instants', async () => {
    const { calls } = server({
      'POST /api/admin/bookings': () => ({ status: 201, body: { booking } }),
    });
    const { user } = renderPanel();
    await row();
    await user.click(screen.getByRole('button', { name: 'New Booking' }));
    const form = await screen.findByRole('form', { name: 'Create booking' });
    await user.click(within(form).getByRole('button', { name: 'Create Booking' }));
    expect(await within(form).findByText('Full name is required')).toBeTruthy();
    expect(within(form).getByText('Start time is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await fill(user, 'Full name', 'Mei Chen', form);
    await fill(user, 'Email', 'Mei@Example.org', form);
    await fill(user, 'Start', '2026-03-02T10:00', form);
    await fill(user, 'End', '2026-03-02T11:00', form);
    await user.click(within(form).getByRole('button', { name: 'Create Booking' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      appointment_type: 'private_class',
      full_name: 'Mei Chen',
      start_time: '2026-03-02T18:00:00.000Z',
      end_time: '2026-03-02T19:00:00.000Z',
    });
  });

  it("says 'Error saving booking. Please try again.' when the save fails", async () => {
    server({ [`PUT /api/bookings/${ID}`]: () => serverFailure });
    const { user } = renderPanel();
    await user.click(await row());
    const dialog = await screen.findByRole('dialog', { name: 'Booking' });
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit booking' });
    expect(field('Start', form).value).toBe('2026-03-02T10:00');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Error saving booking. Please try again.')).toBeTruthy();
  });

  it('cancels and deletes only after a confirmation that says it cannot be undone', async () => {
    const { calls } = server({
      [`PUT /api/bookings/${ID}/cancel`]: () => ({ body: { booking: { ...booking, status: 'cancelled' } } }),
      [`DELETE /api/admin/bookings/${ID}`]: () => ({ body: { success: true } }),
    });
    const { user } = renderPanel();
    await user.click(await row());
    let dialog = await screen.findByRole('dialog', { name: 'Booking' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    let confirm = await screen.findByRole('dialog', { name: 'Cancel Booking' });
    expect(within(confirm).getByText('This action cannot be undone.')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/cancel'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/cancel'))).toBe(true));

    dialog = await screen.findByRole('dialog', { name: 'Booking' });
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Cancel booking' })).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete Booking' });
    expect(within(confirm).getByText('This action cannot be undone.')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });
});
