import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';
import { createCourse, enrollUser } from './test/factories';
import { createPaidOrder } from '../payments/test/factories';

/* A course people paid for is archived when an admin deletes it: never taken from its buyers. */
let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(async () => t.close());

const remove = (courseId: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/courses/${courseId}`, headers: admin.auth });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const listedIds = async (headers: Record<string, string> = {}) =>
  ((await get('/api/courses?limit=200', headers)).json().courses as { id: string }[]).map((c) => c.id);

async function boughtCourse(title: string) {
  const buyer = await createUser(t);
  const course = await createCourse(t, { price: 49, title, modules: 1, lessonsPerModule: 2 });
  await createPaidOrder(t, buyer.user.id, course);
  await enrollUser(t, buyer.user.id, course.id, { source: 'payment' });
  return { buyer, course };
}

describe('deleting a course that people paid for', () => {
  it('archives it: out of the catalogue and search, open to its buyer, flagged for admins', async () => {
    const { buyer, course } = await boughtCourse('Bagua Circle Walking Archive');
    const other = await createUser(t);

    const before = await get('/api/courses/search?q=Circle%20Walking%20Archive', other.auth);
    expect(before.json().courses).toEqual([expect.objectContaining({ id: course.id })]);

    const res = await remove(course.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const [row] = await t.database.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row?.archived_at).toEqual(t.clock.now());

    expect(await listedIds()).not.toContain(course.id);
    expect(await listedIds(other.auth)).not.toContain(course.id);
    const search = await get('/api/courses/search?q=Circle%20Walking%20Archive', other.auth);
    expect(search.statusCode).toBe(200);
    expect(search.json().courses).toEqual([]);
    expect((await get(`/api/courses/${course.id}`, other.auth)).statusCode).toBe(404);
    const free = await t.call('POST', `/api/user/${other.user.id}/enroll/${course.id}`, {}, other.auth);
    expect(free.statusCode).toBe(404);
    const checkout = await t.call(
      'POST',
      '/api/stripe/create-checkout',
      { course_id: course.id },
      other.auth,
    );
    expect(checkout.statusCode).toBe(404);

    const mine = await get(`/api/courses/${course.id}`, buyer.auth);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().course).toMatchObject({ has_content_access: true, is_archived: true });
    const done = await t.call(
      'POST',
      `/api/lessons/${course.allLessonIds[0]}/complete`,
      { userId: buyer.user.id },
      buyer.auth,
    );
    expect(done.statusCode).toBe(200);

    const forAdmin = (await get('/api/courses?limit=200', admin.auth)).json().courses as {
      id: string;
      is_archived: boolean;
    }[];
    expect(forAdmin.find((c) => c.id === course.id)?.is_archived).toBe(true);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.course_id, course.id));
    expect(order?.status).toBe('paid');
  });

  it('still deletes a course nobody paid for', async () => {
    const course = await createCourse(t, { price: 49 });
    expect((await remove(course.id)).statusCode).toBe(200);
    expect(await t.database.db.select().from(courses).where(eq(courses.id, course.id))).toEqual([]);
  });
});
