import { and, eq, like, ne } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BOOKING_REMINDER_HOURS,
  SLOT_TAKEN_MESSAGE,
  WORKSHOP_CAPACITY,
  WORKSHOP_FULL_MESSAGE,
} from '../../../common/bookings';
import { bookings, mailOutbox } from '../../db/schema';
import { zonedInstant } from '../../../common/school-time';
import { createSecondInstance, createTestApp, type TestApp } from '../../test/app';
import { bookingRequest, manageTokenFor, postBooking } from './test/requests';
import { itConcurrently } from '../../test/concurrency';
import { BOOKING_REMINDER_JOB } from './bookings.service';

let t: TestApp;
const BASE = new Date('2026-03-02T18:00:00Z');
const at = (date: string, time: string) => zonedInstant(date, time, 'America/Los_Angeles');
const beforeStart = (start: Date, minutes = 0) =>
  new Date(start.getTime() - BOOKING_REMINDER_HOURS * 3_600_000 - minutes * 60_000);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
beforeEach(() => t.clock.set(BASE));

const reminderRows = (email: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to_address, email), like(mailOutbox.subject, 'Reminder:%')));

async function book(date: string, fields: Record<string, unknown> = {}) {
  const body = { ...bookingRequest(fields), start_date: date };
  const res = await postBooking(t, body);
  expect(res.statusCode, res.body).toBe(201);
  return body;
}

describe(`the reminder ${BOOKING_REMINDER_HOURS} hours before`, () => {
  it('is e-mailed once, at its time', async () => {
    const body = await book('2026-03-10');
    const start = at('2026-03-10', '12:00');
    t.clock.set(beforeStart(start, 1));
    await t.app.jobs.drain();
    expect(await reminderRows(body.email)).toHaveLength(0);
    t.clock.set(beforeStart(start));
    await t.app.jobs.drain();
    await t.app.jobs.drain();
    const sent = t.mail.filter((m) => m.to === body.email && m.subject.startsWith('Reminder:'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Reminder: 1-on-1 on Tuesday, March 10, 2026 at 12:00 PM PDT');
    expect(sent[0]!.text).toContain('Duration: 60 minutes');
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.email, body.email));
    expect(row!.reminder_sent_at).toEqual(beforeStart(start));
  });

  it('is not sent for a cancelled booking', async () => {
    const body = await book('2026-03-11');
    const cancel = await t.call('PUT', `/api/bookings/manage/${manageTokenFor(t, body.email)}/cancel`);
    expect(cancel.statusCode).toBe(200);
    t.clock.set(beforeStart(at('2026-03-11', '12:00')));
    await t.app.jobs.drain();
    expect(await reminderRows(body.email)).toHaveLength(0);
  });

  it('follows a booking that moved: none at the old time, one at the new', async () => {
    const body = await book('2026-03-12');
    const moved = await t.call('PUT', `/api/bookings/manage/${manageTokenFor(t, body.email)}`, {
      date: '2026-03-19',
      time: '14:00',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    t.clock.set(beforeStart(at('2026-03-12', '12:00')));
    await t.app.jobs.drain();
    expect(await reminderRows(body.email)).toHaveLength(0);
    t.clock.set(beforeStart(at('2026-03-19', '14:00')));
    await t.app.jobs.drain();
    expect(await reminderRows(body.email)).toHaveLength(1);
  });

  it('is not planned when the booking starts sooner than that', async () => {
    t.clock.set(new Date('2026-03-12T22:00:00Z'));
    const body = await book('2026-03-13');
    const pending = await t.app.jobs.drain().then(() => reminderRows(body.email));
    expect(pending).toHaveLength(0);
  });

  it('survives a restart: a reminder pending when an instance stops is sent by the next', async () => {
    const first = await createSecondInstance(t);
    first.clock.set(BASE);
    const body = { ...bookingRequest(), start_date: '2026-03-16' };
    const res = await first.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: body,
      remoteAddress: '198.19.0.1',
    });
    expect(res.statusCode, res.body).toBe(201);
    await first.close();
    t.clock.set(beforeStart(at('2026-03-16', '12:00')));
    await t.app.jobs.drain();
    expect(t.mail.filter((m) => m.to === body.email && m.subject.startsWith('Reminder:'))).toHaveLength(1);
  });

  itConcurrently('is sent once when two instances run it at the same moment', async () => {
    const second = await createSecondInstance(t);
    try {
      const body = await book('2026-03-17');
      const [row] = await t.database.db.select().from(bookings).where(eq(bookings.email, body.email));
      const runAt = beforeStart(row!.start_time);
      // The same reminder queued twice, as a retry after a lost answer would.
      await second.app.jobs.enqueue(
        BOOKING_REMINDER_JOB,
        { bookingId: row!.id, startsAt: row!.start_time.toISOString() },
        { runAt },
      );
      t.clock.set(runAt);
      second.clock.set(runAt);
      await Promise.all([t.app.jobs.drain(), second.app.jobs.drain()]);
      expect(await reminderRows(body.email)).toHaveLength(1);
      const delivered = [...t.mail, ...second.mail].filter(
        (m) => m.to === body.email && m.subject.startsWith('Reminder:'),
      );
      expect(delivered).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

describe('racing requests', () => {
  const liveOn = (date: string) =>
    t.database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.start_time, at(date, '12:00')), ne(bookings.status, 'cancelled')));

  itConcurrently(
    '20 requests for one 1-on-1 slot: exactly one is booked, the others are told it is taken',
    async () => {
      const date = '2026-04-20';
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => postBooking(t, bookingRequest({ start_date: date }))),
      );
      const statuses = answers.map((res) => res.statusCode).sort();
      expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
      for (const res of answers.filter((r) => r.statusCode === 409))
        expect(res.json()).toEqual({ error: SLOT_TAKEN_MESSAGE, code: 'SLOT_TAKEN' });
      expect(await liveOn(date)).toHaveLength(1);
    },
  );

  itConcurrently(
    `${WORKSHOP_CAPACITY + 1} requests for one group session: ${WORKSHOP_CAPACITY} places`,
    async () => {
      const date = '2026-04-21';
      const answers = await Promise.all(
        Array.from({ length: WORKSHOP_CAPACITY + 1 }, () =>
          postBooking(t, bookingRequest({ start_date: date, appointment_type: 'workshop' })),
        ),
      );
      expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(WORKSHOP_CAPACITY);
      const refused = answers.filter((r) => r.statusCode !== 201);
      expect(refused).toHaveLength(1);
      expect(refused[0]!.json()).toEqual({ error: WORKSHOP_FULL_MESSAGE, code: 'WORKSHOP_FULL' });
      expect(await liveOn(date)).toHaveLength(WORKSHOP_CAPACITY);
    },
  );

  itConcurrently(
    'overlapping ranges of days: each is booked whole or not at all, and no two overlap',
    async () => {
      const ranges = [
        ['2026-04-27', '2026-04-29'],
        ['2026-04-28', '2026-04-30'],
        ['2026-04-29', '2026-04-30'],
        ['2026-04-27', '2026-04-28'],
        ['2026-04-28', '2026-04-29'],
      ];
      const answers = await Promise.all(
        ranges.map(([start_date, end_date]) => postBooking(t, bookingRequest({ start_date, end_date }))),
      );
      for (const res of answers) expect([201, 409]).toContain(res.statusCode);
      expect(answers.some((r) => r.statusCode === 201)).toBe(true);
      for (const date of ['2026-04-27', '2026-04-28', '2026-04-29', '2026-04-30'])
        expect((await liveOn(date)).length).toBeLessThanOrEqual(1);
      // Every winner got all its days.
      for (const res of answers.filter((r) => r.statusCode === 201)) {
        const made = res.json<{ bookings: { start_time: string }[] }>().bookings;
        for (const b of made) {
          const rows = await t.database.db
            .select()
            .from(bookings)
            .where(eq(bookings.start_time, new Date(b.start_time)));
          expect(rows.filter((r) => r.status !== 'cancelled')).toHaveLength(1);
        }
      }
    },
  );
});
