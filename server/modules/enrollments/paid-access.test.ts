import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';
import { createCourse, enrollmentRows, enrollUser } from '../courses/test/factories';
import { createPaidOrder } from '../payments/test/factories';

/* What was paid for is never lost: access to a paid course rests on the paid order. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Actor = Awaited<ReturnType<typeof createUser>>;
const enrollUrl = (userId: string, courseId: string) => `/api/user/${userId}/enroll/${courseId}`;
const leave = (me: Actor, courseId: string, headers = me.auth) =>
  t.app.inject({ method: 'DELETE', url: enrollUrl(me.user.id, courseId), headers });
const enrol = (me: Actor, courseId: string) =>
  t.app.inject({ method: 'POST', url: enrollUrl(me.user.id, courseId), headers: me.auth, payload: {} });
const listedCourseIds = async (me: Actor) => {
  const res = await t.app.inject({ url: `/api/user/${me.user.id}/courses`, headers: me.auth });
  expect(res.statusCode).toBe(200);
  return (res.json().courses as { courseId: string }[]).map((course) => course.courseId);
};
const ordersOf = (userId: string) => t.database.db.select().from(orders).where(eq(orders.user_id, userId));

async function buyer() {
  const me = await createUser(t);
  const course = await createCourse(t, { price: 49, modules: 1, lessonsPerModule: 2 });
  await createPaidOrder(t, me.user.id, course);
  await enrollUser(t, me.user.id, course.id, { source: 'payment' });
  return { me, course };
}

describe('a paid enrolment', () => {
  it('is only taken off the list when its student leaves it: the course stays open, and comes back without paying', async () => {
    const { me, course } = await buyer();
    expect(await listedCourseIds(me)).toContain(course.id);

    const left = await leave(me, course.id);
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({ success: true });
    const [row] = await enrollmentRows(t, me.user.id, course.id);
    expect(row?.hidden_at).toEqual(t.clock.now());
    expect(await listedCourseIds(me)).not.toContain(course.id);
    const detail = await t.app.inject({ url: `/api/courses/${course.id}`, headers: me.auth });
    expect(detail.json().course.has_content_access).toBe(true);

    const back = await enrol(me, course.id);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ enrolled: true });
    expect((await enrollmentRows(t, me.user.id, course.id))[0]?.hidden_at).toBeNull();
    expect(await listedCourseIds(me)).toContain(course.id);
    expect(await ordersOf(me.user.id)).toHaveLength(1);
  });

  it('comes back on the list when its student studies the course again', async () => {
    const { me, course } = await buyer();
    await leave(me, course.id);
    const done = await t.call(
      'POST',
      `/api/lessons/${course.allLessonIds[0]}/complete`,
      { userId: me.user.id },
      me.auth,
    );
    expect(done.statusCode).toBe(200);
    expect(await listedCourseIds(me)).toContain(course.id);
  });

  it('is also kept when an administrator removes it', async () => {
    const { me, course } = await buyer();
    const admin = await createAdmin(t);
    expect((await leave(me, course.id, admin.auth)).statusCode).toBe(200);
    expect(await enrollmentRows(t, me.user.id, course.id)).toHaveLength(1);
  });

  it('is granted again from the paid order when it is missing, without a new payment', async () => {
    const me = await createUser(t);
    const course = await createCourse(t, { price: 49 });
    await createPaidOrder(t, me.user.id, course);

    const res = await enrol(me, course.id);
    expect(res.statusCode).toBe(201);
    expect((await enrollmentRows(t, me.user.id, course.id))[0]).toMatchObject({
      source: 'payment',
      hidden_at: null,
    });
    expect(await ordersOf(me.user.id)).toHaveLength(1);
  });
});

describe('without a paid order', () => {
  it('a paid course still asks for payment', async () => {
    const me = await createUser(t);
    const course = await createCourse(t, { price: 49 });
    const res = await enrol(me, course.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PAYMENT_REQUIRED');
  });

  it('a free enrolment is deleted when its student leaves', async () => {
    const me = await createUser(t);
    const course = await createCourse(t);
    await enrollUser(t, me.user.id, course.id);
    expect((await leave(me, course.id)).statusCode).toBe(200);
    expect(await enrollmentRows(t, me.user.id, course.id)).toHaveLength(0);
  });
});
