import { afterAll, beforeAll, expect, it } from 'vitest';
import { WORKSHOP_CAPACITY, type CalendarResponse } from '../../../common/bookings';
import { localStorage } from '../../platform/storage';
import { createTestApp, type TestApp } from '../../test/app';
import { bookings } from '../schema';
import { seedDemo } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db, localStorage(t.mediaDir), { info: () => {} }, t.clock.now());
});
afterAll(async () => t?.close());

it('books the coming weeks: group sessions of several people, 1-on-1s and one cancellation, all in the hours', async () => {
  const rows = await t.database.db.select().from(bookings);
  const sessions = new Map<string, number>();
  for (const row of rows.filter((r) => r.appointment_type === 'workshop')) {
    const key = `${row.start_time.toISOString()}/${row.end_time.toISOString()}`;
    sessions.set(key, (sessions.get(key) ?? 0) + 1);
  }
  expect(sessions.size).toBeGreaterThanOrEqual(3);
  for (const people of sessions.values()) {
    expect(people).toBeGreaterThan(3);
    expect(people).toBeLessThanOrEqual(WORKSHOP_CAPACITY);
  }
  const privates = rows.filter((r) => r.appointment_type === 'private_class');
  expect(privates.filter((r) => r.status !== 'cancelled').length).toBeGreaterThanOrEqual(3);
  expect(rows.filter((r) => r.status === 'cancelled')).toHaveLength(1);
  for (const row of rows) {
    expect(row.email).toMatch(/@example\.com$/);
    expect(row.start_time.getTime()).toBeGreaterThan(t.clock.now().getTime());
    // 12:00-20:00 in Los Angeles, Monday to Friday.
    const local = new Date(row.start_time.getTime() - 8 * 3_600_000);
    expect([1, 2, 3, 4, 5]).toContain(local.getUTCDay());
  }
  // The public calendar shows them, the cancelled one left out.
  const res = await t.app.inject({ url: '/api/bookings/calendar?start=2026-03-02&end=2026-03-31' });
  expect(res.json<CalendarResponse>().bookings).toHaveLength(rows.length - 1);
});
