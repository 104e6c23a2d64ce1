import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLASS_DAYS, type Class, type Roster } from '../../../common/classes';
import { field, makeUser, renderRoutes, signInAs, stubFetch } from '../../test/render';
import { AttendancePage } from './attendance-page';
import { testSchool as school } from '../../test/school';
import { CLASS_ID, ENROLLMENT_ID, klass } from './test-data';

const admin = makeUser({ is_admin: true, role: 'admin' });
// Meets every day at 00:00-23:59, so today always has a meeting whatever the date of the run.
const daily: Class = {
  ...klass,
  sessions: CLASS_DAYS.map((day_of_week) => ({ day_of_week, start_time: '00:00', end_time: '23:59' })),
};
const roster = (present: boolean, extra: Roster['entries'] = []): Roster => ({
  class_id: CLASS_ID,
  class_name: daily.class_name,
  date: '2026-03-09',
  start_time: '00:00',
  end_time: '23:59',
  code: '4821',
  entries: [
    {
      enrollment_id: ENROLLMENT_ID,
      attendance_id: null,
      user_id: null,
      name: 'Mei Chen',
      present,
      drop_in: false,
      method: present ? 'roster' : null,
      checked_in_at: null,
    },
    ...extra,
  ],
  present_count: (present ? 1 : 0) + extra.length,
});

function server(extra: Parameters<typeof stubFetch>[0] = {}) {
  let current = roster(false);
  const stub = stubFetch({
    [`POST /api/verify/user/${admin.id}`]: () => ({ body: { valid: true, user: admin } }),
    'GET /api/school': () => ({ body: { school } }),
    [`GET /api/classes/${CLASS_ID}`]: () => ({ body: { class: daily } }),
    [`GET /api/admin/classes/${CLASS_ID}/attendance`]: () => ({ body: { roster: current } }),
    [`PUT /api/admin/classes/${CLASS_ID}/attendance`]: ({ body }) => {
      current = roster((body as { present: boolean }).present);
      return { body: { roster: current } };
    },
    [`POST /api/admin/classes/${CLASS_ID}/attendance/drop-in`]: ({ body }) => {
      current = roster(current.entries[0]!.present, [
        {
          enrollment_id: null,
          attendance_id: 'be6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
          user_id: null,
          name: (body as { name: string }).name,
          present: true,
          drop_in: true,
          method: 'roster',
          checked_in_at: '2026-03-09T18:00:00.000Z',
        },
      ]);
      return { status: 201, body: { roster: current } };
    },
    [`GET /api/admin/classes/${CLASS_ID}/attendance/history`]: () => ({
      body: {
        meetings: [{ date: '2026-03-02', start_time: '00:00', present_count: 5, enrolled_count: 8 }],
        total: 1,
      },
    }),
    ...extra,
  });
  return stub;
}

function renderPage() {
  signInAs(admin);
  return renderRoutes([{ path: '/a/:classId', element: <AttendancePage /> }], `/a/${CLASS_ID}`);
}

describe('AttendancePage', () => {
  it("opens today's meeting with the code, ticks a student and adds a drop-in, counting as it goes", async () => {
    const { calls } = server();
    const { user } = renderPage();
    expect(await screen.findByText('4821')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('0 present');
    const today = calls.find((c) => c.path.endsWith('/attendance'))!.query.get('date');
    expect(field('Date').value).toBe(today);

    const mei = screen.getByRole('button', { name: 'Mei Chen' });
    expect(mei.getAttribute('aria-pressed')).toBe('false');
    await user.click(mei);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Mei Chen' }).getAttribute('aria-pressed')).toBe('true'),
    );
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      date: today,
      start_time: '00:00',
      enrollment_id: ENROLLMENT_ID,
      present: true,
    });
    expect(screen.getByRole('status').textContent).toBe('1 present');

    const form = screen.getByRole('form', { name: 'Add drop-in' });
    const add = within(form).getByRole('button', { name: 'Add drop-in' });
    expect(add).toHaveProperty('disabled', true);
    await user.type(field('Drop-in name', form), 'Sam Park');
    await user.click(add);
    expect(await screen.findByText('Sam Park')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('2 present'));
  });

  it("shows the class's attendance per meeting", async () => {
    server();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Attendance by meeting' });
    expect(within(table).getByText('5 of 8')).toBeTruthy();
  });

  it('says so when the class is not found', async () => {
    server({
      [`GET /api/classes/${CLASS_ID}`]: () => ({
        status: 404,
        body: { error: 'Class not found', code: 'CLASS_NOT_FOUND' },
      }),
    });
    renderPage();
    expect(await screen.findByText('Class not found')).toBeTruthy();
  });
});
