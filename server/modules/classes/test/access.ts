import { eq } from 'drizzle-orm';
import { classEnrollments, classes, classSignups } from '../../../db/schema';
import { hashToken, newToken } from '../../../platform/tokens';
import type { MatrixEntry, World } from '../../../test/access-matrix';
import type { TestApp } from '../../../test/app';
import { classBody, createClass, enrollInClass } from './factories';

/* Matrix entries for weekly classes: public reads, sign-ups and offers; members' own places; admin tools. */

interface ClassWorld extends World {
  classId: string;
  /** A's enrolment in the class. */
  enrollmentId: string;
  offerToken: string;
}
const cw = (w: World) => w as ClassWorld;

/** A published class of A's own (A enrolled), made afresh for each actor's call. */
async function classWithA(t: TestApp, w: World): Promise<Partial<World>> {
  const cls = await createClass(t);
  return {
    classId: cls.id,
    enrollmentId: await enrollInClass(t, cls.id, w.a.user.id),
  } as Partial<ClassWorld>;
}

/** A class whose one seat is held for a waitlisted visitor, with the offer's link token. */
async function classWithOffer(t: TestApp): Promise<Partial<World>> {
  const cls = await createClass(t, { max_capacity: 1 });
  const token = newToken();
  await t.database.db.insert(classSignups).values({
    class_id: cls.id,
    kind: 'waitlist',
    name: 'Ana Ruiz',
    email: `ana-${token.slice(0, 8).toLowerCase()}@example.org`,
    status: 'offered',
    token_hash: hashToken(token),
    offer_expires_at: new Date(t.clock.now().getTime() + 3_600_000),
  });
  return { classId: cls.id, offerToken: token } as Partial<ClassWorld>;
}

const byId = (w: World) => ({ params: { id: cw(w).classId } });
const classRow = (t: TestApp, w: World) =>
  t.database.db
    .select()
    .from(classes)
    .where(eq(classes.id, cw(w).classId));
const enrollmentRows = (t: TestApp, w: World) =>
  t.database.db
    .select()
    .from(classEnrollments)
    .where(eq(classEnrollments.class_id, cw(w).classId));
const self = (w: World) => ({ params: { userId: w.a.user.id } });
const meeting = { date: '2026-03-02' };

const adminWrite = (route: string, call: MatrixEntry['call'] = byId, status = 200): MatrixEntry => ({
  route,
  status,
  fresh: classWithA,
  call,
  unchanged: async (t, w) => [await classRow(t, w), await enrollmentRows(t, w)],
});

export const CLASS_ENTRIES: MatrixEntry[] = [
  { route: 'GET /api/classes' },
  { route: 'GET /api/classes/:id', fresh: classWithA, call: byId },
  {
    route: 'POST /api/classes/:id/interest',
    fresh: classWithA,
    call: (w) => ({ ...byId(w), body: { name: 'Ana Ruiz', email: 'ana.ruiz@example.org' } }),
  },
  {
    route: 'GET /api/classes/offers/:token',
    fresh: classWithOffer,
    call: (w) => ({ params: { token: cw(w).offerToken } }),
  },
  {
    route: 'POST /api/classes/offers/:token/accept',
    fresh: classWithOffer,
    call: (w) => ({ params: { token: cw(w).offerToken } }),
  },
  {
    route: 'POST /api/classes/:id/enroll',
    status: 201,
    fresh: async (t) => ({ classId: (await createClass(t)).id }) as Partial<ClassWorld>,
    call: byId,
    // Each student enrols themself: B's call is B's own enrolment, as an admin's is theirs.
    expect: { studentB: 'allowed' },
  },
  {
    route: 'DELETE /api/classes/:id/enroll',
    fresh: classWithA,
    call: byId,
    unchanged: enrollmentRows,
    // The admin is not in A's class: leaving it is the member's own act.
    expect: { admin: { status: 404, code: 'NOT_IN_CLASS' } },
  },
  {
    route: 'POST /api/classes/:id/check-in',
    fresh: classWithA,
    call: (w) => ({ ...byId(w), body: { code: '1234' } }),
    unchanged: enrollmentRows,
    // The test clock is a Monday morning: A's evening class is not on, so A is told so; only
    // enrolled members may check in, which the admin is not.
    expect: {
      studentA: { status: 409, code: 'CHECK_IN_CLOSED' },
      admin: { status: 403, code: 'NOT_IN_CLASS' },
    },
  },
  { route: 'GET /api/users/:userId/classes', fresh: classWithA, call: self },
  { route: 'GET /api/users/:userId/attendance', call: self },
  { route: 'GET /api/admin/classes', call: () => ({ query: { status: 'published' } }) },
  { route: 'POST /api/admin/classes', status: 201, call: () => ({ body: classBody() }) },
  { route: 'GET /api/admin/classes/stats' },
  { route: 'GET /api/admin/classes/upcoming', call: () => ({ query: { limit: '5' } }) },
  adminWrite('PUT /api/admin/classes/:id', (w) => ({
    ...byId(w),
    body: classBody({ class_name: 'Renamed' }),
  })),
  adminWrite('DELETE /api/admin/classes/:id'),
  adminWrite('PUT /api/admin/classes/:id/status', (w) => ({ ...byId(w), body: { status: 'draft' } })),
  { route: 'GET /api/admin/classes/:id/enrollments', fresh: classWithA, call: byId },
  adminWrite(
    'POST /api/admin/classes/:id/enroll',
    (w) => ({ ...byId(w), body: { userId: w.b.user.id } }),
    201,
  ),
  adminWrite(
    'POST /api/admin/classes/:id/enroll/manual',
    (w) => ({ ...byId(w), body: { name: 'Tom Berg', email: 'tom.berg@example.org' } }),
    201,
  ),
  adminWrite('DELETE /api/admin/classes/:id/enroll/:userId', (w) => ({
    params: { id: cw(w).classId, userId: w.a.user.id },
  })),
  {
    route: 'GET /api/admin/classes/:id/attendance',
    fresh: classWithA,
    call: (w) => ({ ...byId(w), query: meeting }),
  },
  adminWrite('PUT /api/admin/classes/:id/attendance', (w) => ({
    ...byId(w),
    body: { ...meeting, enrollment_id: cw(w).enrollmentId, present: true },
  })),
  adminWrite(
    'POST /api/admin/classes/:id/attendance/drop-in',
    (w) => ({ ...byId(w), body: { ...meeting, name: 'Visiting student' } }),
    201,
  ),
  { route: 'GET /api/admin/classes/:id/attendance/history', fresh: classWithA, call: byId },
];
