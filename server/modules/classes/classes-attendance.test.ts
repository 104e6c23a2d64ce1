import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECK_IN_CLOSED_MESSAGE,
  CHECK_IN_CODE_MESSAGE,
  CHECK_IN_LIMIT,
  ENROLLMENT_NOT_FOUND_MESSAGE,
  NOT_IN_CLASS_MESSAGE,
  type ClassInput,
  type Roster,
  type UpcomingMeeting,
} from '../../../common/classes';
import { classAttendance, classEnrollments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';
import { createClass } from './test/factories';

/*
 * Times here are the school's (America/Los_Angeles, the default SCHOOL_TIMEZONE). Each test sets
 * the clock it needs and makes its own people, whose sessions are fresh at that time.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Person = Awaited<ReturnType<typeof createUser>>;

/** Moves the clock and makes an administrator signed in at that time. */
async function at(instant: string) {
  t.clock.set(new Date(instant));
  return createAdmin(t);
}

async function classWith(admin: Person, overrides: Partial<ClassInput>, members: Person[] = []) {
  const cls = await createClass(t, overrides, admin.auth);
  for (const m of members) {
    const res = await t.app.inject({ method: 'POST', url: `/api/classes/${cls.id}/enroll`, headers: m.auth });
    expect(res.statusCode, res.body).toBe(201);
  }
  return cls;
}

const enrollmentOf = async (classId: string, userId: string) =>
  (
    await t.database.db
      .select({ id: classEnrollments.id })
      .from(classEnrollments)
      .where(and(eq(classEnrollments.class_id, classId), eq(classEnrollments.user_id, userId)))
  )[0]!.id;

const roster = async (admin: Person, classId: string, query: string) => {
  const res = await t.call('GET', `/api/admin/classes/${classId}/attendance?${query}`, undefined, admin.auth);
  return res;
};
const rosterOf = async (admin: Person, classId: string, query: string) => {
  const res = await roster(admin, classId, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ roster: Roster }>().roster;
};
const mark = (admin: Person, classId: string, body: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/classes/${classId}/attendance`,
    headers: admin.auth,
    payload: body,
  });
const checkIn = (who: Person, classId: string, code: string) =>
  t.call('POST', `/api/classes/${classId}/check-in`, { code }, who.auth);
const wrongCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

const MONDAY_EVENING = { day_of_week: 'monday', start_time: '18:00', end_time: '19:00' } as const;
const SUNDAY_MORNING = { day_of_week: 'sunday', start_time: '09:00', end_time: '10:00' } as const;

describe('GET /api/admin/classes/{id}/attendance', () => {
  it("makes the meeting's 4-digit code on first read and keeps it; lists the enrolled people", async () => {
    const admin = await at('2026-03-02T18:00:00Z');
    const mei = await createUser(t, { name: 'Mei Chen' });
    const cls = await classWith(admin, { sessions: [MONDAY_EVENING] }, [mei]);
    const first = await rosterOf(admin, cls.id, 'date=2026-03-09');
    expect(first).toMatchObject({
      class_id: cls.id,
      date: '2026-03-09',
      start_time: '18:00',
      end_time: '19:00',
      present_count: 0,
      entries: [{ user_id: mei.user.id, name: 'Mei Chen', present: false, drop_in: false, method: null }],
    });
    expect(first.code).toMatch(/^\d{4}$/);
    expect((await rosterOf(admin, cls.id, 'date=2026-03-09&start_time=18:00')).code).toBe(first.code);
  });

  it('answers 400 with a clear message for a day or time the class does not meet, or a bad date', async () => {
    const admin = await at('2026-03-02T18:00:00Z');
    const cls = await classWith(admin, {
      sessions: [MONDAY_EVENING, { day_of_week: 'monday', start_time: '07:00', end_time: '08:00' }],
    });
    const tuesday = await roster(admin, cls.id, 'date=2026-03-10');
    expect(tuesday.statusCode).toBe(400);
    expect(tuesday.json()).toMatchObject({
      error: 'This class does not meet on Tuesdays',
      code: 'CLASS_NOT_MEETING',
    });
    const noon = await roster(admin, cls.id, 'date=2026-03-09&start_time=12:00');
    expect(noon.statusCode).toBe(400);
    expect(noon.json().error).toBe('This class has no session starting at 12:00 on Mondays');
    expect((await roster(admin, cls.id, 'date=2026-3-9')).json().error).toBe('Use a date such as 2026-03-08');
    expect((await roster(admin, cls.id, '')).statusCode).toBe(400);
    expect((await roster(admin, cls.id, 'date=2026-02-30')).statusCode).toBe(400);
    expect((await roster(admin, cls.id, 'date=0001-01-01')).json().error).toBe(
      'Use a date such as 2026-03-08',
    );
    // Without a start time, the day's first session.
    expect((await rosterOf(admin, cls.id, 'date=2026-03-09')).start_time).toBe('07:00');
  });
});

describe('PUT /api/admin/classes/{id}/attendance and drop-ins', () => {
  it('ticks and unticks an enrolled person, adds a drop-in, and counts them', async () => {
    const admin = await at('2026-03-02T18:00:00Z');
    const mei = await createUser(t, { name: 'Mei Chen' });
    const cls = await classWith(admin, { sessions: [MONDAY_EVENING] }, [mei]);
    const enrollment_id = await enrollmentOf(cls.id, mei.user.id);
    const ticked = await mark(admin, cls.id, { date: '2026-03-02', enrollment_id, present: true });
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect(ticked.json().roster).toMatchObject({
      present_count: 1,
      entries: [
        { enrollment_id, present: true, method: 'roster', checked_in_at: '2026-03-02T18:00:00.000Z' },
      ],
    });
    // Ticking twice is once.
    await mark(admin, cls.id, { date: '2026-03-02', enrollment_id, present: true });
    expect((await rosterOf(admin, cls.id, 'date=2026-03-02')).present_count).toBe(1);

    const dropIn = await t.call(
      'POST',
      `/api/admin/classes/${cls.id}/attendance/drop-in`,
      { date: '2026-03-02', name: 'Visiting student' },
      admin.auth,
    );
    expect(dropIn.statusCode).toBe(201);
    expect(dropIn.json().roster.entries).toContainEqual(
      expect.objectContaining({
        name: 'Visiting student',
        drop_in: true,
        present: true,
        enrollment_id: null,
      }),
    );
    expect(dropIn.json().roster.present_count).toBe(2);

    const unticked = await mark(admin, cls.id, { date: '2026-03-02', enrollment_id, present: false });
    expect(unticked.json().roster.present_count).toBe(1);

    const other = await classWith(admin, { sessions: [MONDAY_EVENING] });
    const elsewhere = await mark(admin, other.id, { date: '2026-03-02', enrollment_id, present: true });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ error: ENROLLMENT_NOT_FOUND_MESSAGE, code: 'ENROLLMENT_NOT_FOUND' });
    const invalid = await mark(admin, cls.id, { date: '2026-03-02', enrollment_id: 'x', present: true });
    expect(invalid.json().error).toBe('Invalid enrollment id');
    const noName = await t.call(
      'POST',
      `/api/admin/classes/${cls.id}/attendance/drop-in`,
      { date: '2026-03-02', name: '' },
      admin.auth,
    );
    expect(noName.json().error).toBe('Name is required');
  });

  it('keeps a history of meetings, newest first, with who came and who was enrolled', async () => {
    const admin = await at('2026-03-18T18:00:00Z');
    const mei = await createUser(t);
    const dan = await createUser(t);
    const cls = await classWith(admin, { sessions: [MONDAY_EVENING] }, [mei, dan]);
    t.clock.set(new Date('2026-03-24T18:00:00Z'));
    const admin2 = await createAdmin(t);
    const meiEnrollment = await enrollmentOf(cls.id, mei.user.id);
    await mark(admin2, cls.id, { date: '2026-03-23', enrollment_id: meiEnrollment, present: true });
    await mark(admin2, cls.id, {
      date: '2026-03-23',
      enrollment_id: await enrollmentOf(cls.id, dan.user.id),
      present: true,
    });
    await mark(admin2, cls.id, { date: '2026-03-30', enrollment_id: meiEnrollment, present: true });
    const res = await t.call(
      'GET',
      `/api/admin/classes/${cls.id}/attendance/history?limit=1`,
      undefined,
      admin2.auth,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      meetings: [{ date: '2026-03-30', start_time: '18:00', present_count: 1, enrolled_count: 2 }],
      total: 2,
    });
    const second = await t.call(
      'GET',
      `/api/admin/classes/${cls.id}/attendance/history?limit=1&offset=1`,
      undefined,
      admin2.auth,
    );
    expect(second.json().meetings).toEqual([
      { date: '2026-03-23', start_time: '18:00', present_count: 2, enrolled_count: 2 },
    ]);
  });
});

describe('POST /api/classes/{id}/check-in', () => {
  it('checks an enrolled member in with the right code while the session is on, once', async () => {
    // Monday 2026-03-09, 17:40 in the hall (PDT, UTC-7): the 18:00 session opened at 17:30.
    const admin = await at('2026-03-10T00:40:00Z');
    const mei = await createUser(t);
    const cls = await classWith(admin, { sessions: [MONDAY_EVENING] }, [mei]);
    const { code } = await rosterOf(admin, cls.id, 'date=2026-03-09');
    const wrong = await checkIn(mei, cls.id, wrongCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: CHECK_IN_CODE_MESSAGE, code: 'CHECK_IN_CODE' });
    const res = await checkIn(mei, cls.id, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: `You are checked in to ${cls.class_name}`,
      date: '2026-03-09',
      start_time: '18:00',
    });
    expect((await checkIn(mei, cls.id, code)).statusCode).toBe(200);
    const after = await rosterOf(admin, cls.id, 'date=2026-03-09');
    expect(after.present_count).toBe(1);
    expect(after.entries[0]).toMatchObject({ present: true, method: 'self' });
    const rows = await t.database.db
      .select()
      .from(classAttendance)
      .where(eq(classAttendance.user_id, mei.user.id));
    expect(rows).toHaveLength(1);
  });

  it('answers 409 outside the window, 403 to someone not enrolled, 400 for a malformed code', async () => {
    // Monday 2026-03-09 at 17:20 PDT: ten minutes before check-in opens.
    const admin = await at('2026-03-10T00:20:00Z');
    const mei = await createUser(t);
    const cls = await classWith(admin, { sessions: [MONDAY_EVENING] }, [mei]);
    const { code } = await rosterOf(admin, cls.id, 'date=2026-03-09');
    const early = await checkIn(mei, cls.id, code);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: CHECK_IN_CLOSED_MESSAGE, code: 'CHECK_IN_CLOSED' });
    t.clock.set(new Date('2026-03-10T02:01:00Z')); // 19:01, the session is over
    expect((await checkIn(mei, cls.id, code)).statusCode).toBe(409);
    t.clock.set(new Date('2026-03-10T02:00:00Z')); // 19:00, its last minute
    expect((await checkIn(mei, cls.id, code)).statusCode).toBe(200);
    const stranger = await createUser(t);
    const refused = await checkIn(stranger, cls.id, code);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: NOT_IN_CLASS_MESSAGE, code: 'NOT_IN_CLASS' });
    expect((await checkIn(mei, cls.id, '12a4')).json().error).toBe('Please enter the 4-digit code');
  });

  it(`stops a member after ${CHECK_IN_LIMIT.max} attempts in ${CHECK_IN_LIMIT.windowMinutes} minutes`, async () => {
    const admin = await at('2026-03-10T00:40:00Z');
    const guesser = await createUser(t);
    const cls = await classWith(admin, { sessions: [MONDAY_EVENING] }, [guesser]);
    const { code } = await rosterOf(admin, cls.id, 'date=2026-03-09');
    for (let i = 0; i < CHECK_IN_LIMIT.max; i++)
      expect((await checkIn(guesser, cls.id, wrongCode(code))).statusCode).toBe(400);
    const limited = await checkIn(guesser, cls.id, code);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });

  it('follows the clocks when daylight saving starts (2026-03-08) and ends (2026-11-01)', async () => {
    // 08:45 PDT on the first day of summer time: 15:45 UTC. Read as PST it would be 07:45, closed.
    const admin = await at('2026-03-08T15:45:00Z');
    const mei = await createUser(t);
    const cls = await classWith(admin, { sessions: [SUNDAY_MORNING] }, [mei]);
    const spring = await rosterOf(admin, cls.id, 'date=2026-03-08');
    expect((await checkIn(mei, cls.id, spring.code)).json()).toMatchObject({ date: '2026-03-08' });
    t.clock.set(new Date('2026-03-08T17:01:00Z')); // 10:01 PDT
    expect((await checkIn(mei, cls.id, spring.code)).statusCode).toBe(409);

    // 08:25 PST on the first day of winter time: 16:25 UTC, five minutes before check-in opens.
    const admin2 = await at('2026-11-01T16:25:00Z');
    const dan = await createUser(t);
    const autumn = await classWith(admin2, { sessions: [SUNDAY_MORNING] }, [dan]);
    const { code } = await rosterOf(admin2, autumn.id, 'date=2026-11-01');
    expect((await checkIn(dan, autumn.id, code)).statusCode).toBe(409);
    t.clock.set(new Date('2026-11-01T16:35:00Z'));
    expect((await checkIn(dan, autumn.id, code)).statusCode).toBe(200);
    t.clock.set(new Date('2026-11-01T17:59:00Z')); // 09:59 PST
    expect((await checkIn(dan, autumn.id, code)).statusCode).toBe(200);
  });
});

describe('GET /api/admin/classes/upcoming', () => {
  const upcoming = async (admin: Person, classId: string, limit = 50) => {
    const res = await t.call('GET', `/api/admin/classes/upcoming?limit=${limit}`, undefined, admin.auth);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ meetings: UpcomingMeeting[] }>().meetings.filter((m) => m.class_id === classId);
  };

  it('gives the next meetings at their right instants across the start of summer time', async () => {
    // Friday 2026-03-06, 12:00 PST.
    const admin = await at('2026-03-06T20:00:00Z');
    const cls = await classWith(admin, {
      sessions: [SUNDAY_MORNING, { day_of_week: 'saturday', start_time: '09:00', end_time: '10:00' }],
    });
    const meetings = await upcoming(admin, cls.id);
    expect(meetings.slice(0, 3).map((m) => [m.date, m.start_time, m.starts_at])).toEqual([
      ['2026-03-07', '09:00', '2026-03-07T17:00:00.000Z'],
      ['2026-03-08', '09:00', '2026-03-08T16:00:00.000Z'],
      ['2026-03-14', '09:00', '2026-03-14T16:00:00.000Z'],
    ]);
    expect(meetings[0]).toMatchObject({
      class_name: cls.class_name,
      instructor_name: cls.instructor_name,
      location: cls.location,
      end_time: '10:00',
      current_enrollment: 0,
      max_capacity: cls.max_capacity,
    });
  });

  it('and across its end, leaves out a meeting already begun and drafts, and takes a limit', async () => {
    // Sunday 2026-11-01, 09:30 PST: this morning's meeting has begun.
    const admin = await at('2026-11-01T17:30:00Z');
    const cls = await classWith(admin, {
      sessions: [SUNDAY_MORNING, { day_of_week: 'saturday', start_time: '09:00', end_time: '10:00' }],
    });
    const draft = await classWith(admin, { is_published: false, sessions: [SUNDAY_MORNING] });
    const meetings = await upcoming(admin, cls.id);
    expect(meetings.slice(0, 2).map((m) => [m.date, m.starts_at])).toEqual([
      ['2026-11-07', '2026-11-07T17:00:00.000Z'],
      ['2026-11-08', '2026-11-08T17:00:00.000Z'],
    ]);
    expect(await upcoming(admin, draft.id)).toEqual([]);
    const res = await t.call('GET', '/api/admin/classes/upcoming', undefined, admin.auth);
    expect(res.json().meetings.length).toBeLessThanOrEqual(10);
    const starts = res.json().meetings.map((m: UpcomingMeeting) => m.starts_at);
    expect(starts).toEqual([...starts].sort());
    const bad = await t.call('GET', '/api/admin/classes/upcoming?limit=0', undefined, admin.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Limit must be at least 1');
  });
});

describe('GET /api/users/{userId}/attendance', () => {
  it("gives a member's month, streak of weeks and paged history; others 403", async () => {
    const admin = await at('2026-04-06T18:00:00Z');
    const mei = await createUser(t);
    const dan = await createUser(t);
    const cls = await classWith(admin, { sessions: [MONDAY_EVENING] }, [mei, dan]);
    const meiEnrollment = await enrollmentOf(cls.id, mei.user.id);
    const danEnrollment = await enrollmentOf(cls.id, dan.user.id);
    // Mondays: 04-13 skipped, then 04-20, 04-27, 05-04 and this week's 05-11.
    for (const date of ['2026-04-06', '2026-04-20', '2026-04-27', '2026-05-04', '2026-05-11'])
      await mark(admin, cls.id, { date, enrollment_id: meiEnrollment, present: true });
    await mark(admin, cls.id, { date: '2026-05-04', enrollment_id: danEnrollment, present: true });

    // Wednesday 2026-05-13.
    t.clock.set(new Date('2026-05-13T20:00:00Z'));
    const meiNow = await createUser(t);
    const res = await t.call(
      'GET',
      `/api/users/${mei.user.id}/attendance?limit=2`,
      undefined,
      (await createAdmin(t)).auth,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ attended_this_month: 2, streak_weeks: 4, total: 5 });
    expect(res.json().history).toEqual([
      {
        class_id: cls.id,
        class_name: cls.class_name,
        date: '2026-05-11',
        start_time: '18:00',
        checked_in_at: expect.any(String),
      },
      {
        class_id: cls.id,
        class_name: cls.class_name,
        date: '2026-05-04',
        start_time: '18:00',
        checked_in_at: expect.any(String),
      },
    ]);
    // Dan's last class was last week: the streak still counts it.
    const danRecord = await t.call(
      'GET',
      `/api/users/${dan.user.id}/attendance`,
      undefined,
      (await createAdmin(t)).auth,
    );
    expect(danRecord.json()).toMatchObject({ attended_this_month: 1, streak_weeks: 1, total: 1 });
    const refused = await t.call('GET', `/api/users/${mei.user.id}/attendance`, undefined, meiNow.auth);
    expect(refused.statusCode).toBe(403);
  });
});
