import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollments, localCheckoutSessions, orders } from '../../db/schema';
import { createSecondInstance, createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { createCourse } from '../courses/test/factories';

/*
 * Races between instances sharing one database (two app instances with their own connection
 * pools on PostgreSQL; one embedded database behind both on PGlite), with the built-in test
 * checkout, whose sessions live in that database too.
 */

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp();
  b = await createSecondInstance(a);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const db = () => a.database.db;

const checkout = (t: TestApp, courseId: string, auth: Record<string, string>) =>
  t.call('POST', '/api/stripe/create-checkout', { course_id: courseId }, auth);

describe('POST /api/stripe/create-checkout from one buyer at once', () => {
  it('20 parallel requests over two instances start one checkout, and every answer is that checkout', async () => {
    const course = await createCourse(a, { price: 89 });
    const { user, auth } = await createUser(a);

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => checkout(i % 2 ? b : a, course.id, auth)),
    );

    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    const bodies = answers.map((res) => res.json<{ url: string; session_id: string; order_id: string }>());
    expect(new Set(bodies.map((body) => body.url)).size).toBe(1);
    expect(new Set(bodies.map((body) => body.session_id)).size).toBe(1);
    expect(new Set(bodies.map((body) => body.order_id)).size).toBe(1);

    const sessions = await db()
      .select()
      .from(localCheckoutSessions)
      .where(and(eq(localCheckoutSessions.user_id, user.id), eq(localCheckoutSessions.course_id, course.id)));
    expect(sessions.map((s) => [s.id, s.status])).toEqual([[bodies[0]!.session_id, 'open']]);
    const rows = await db().select().from(orders).where(eq(orders.user_id, user.id));
    expect(rows.map((o) => [o.id, o.status])).toEqual([[bodies[0]!.order_id, 'pending']]);
  });

  it('keeps one pending order per buyer and course in the database itself', async () => {
    const course = await createCourse(a, { price: 89 });
    const { user, auth } = await createUser(a);
    const started = (await checkout(a, course.id, auth)).json<{ order_id: string }>();
    const [first] = await db().select().from(orders).where(eq(orders.id, started.order_id));

    await expect(
      db()
        .insert(orders)
        .values({ ...first!, id: randomUUID(), provider_session_id: 'cs_test_second' }),
    ).rejects.toMatchObject({ cause: { constraint: 'orders_one_pending_key' } });
    expect(await db().select().from(orders).where(eq(orders.user_id, user.id))).toHaveLength(1);
  });
});

describe('applying a paid checkout', () => {
  it('leaves the order pending when the enrolment cannot be written, and applies it on the next report', async () => {
    const course = await createCourse(a, { price: 89 });
    const { user, auth } = await createUser(a);
    const started = (await checkout(a, course.id, auth)).json<{ session_id: string; order_id: string }>();

    // The enrolment insert fails after the order was marked paid, in the same unit of work.
    await db().execute(sql`
      create function refuse_enrolment() returns trigger language plpgsql as $$
      begin raise exception 'enrolments are refused'; end $$`);
    await db().execute(sql`
      create trigger refuse_enrolment before insert on ${enrollments}
      for each row execute function refuse_enrolment()`);
    let dropped = false;
    const dropTrigger = async () => {
      if (dropped) return;
      dropped = true;
      await db().execute(sql`drop trigger refuse_enrolment on ${enrollments}`);
      await db().execute(sql`drop function refuse_enrolment()`);
    };
    try {
      const paid = await a.app.inject({
        method: 'POST',
        url: `/api/payment/local-checkout/${started.session_id}`,
        payload: { outcome: 'pay' },
      });
      expect(paid.statusCode).toBe(500);
      const [order] = await db().select().from(orders).where(eq(orders.id, started.order_id));
      expect(order).toMatchObject({ status: 'pending', paid_at: null });
      expect(await db().select().from(enrollments).where(eq(enrollments.user_id, user.id))).toEqual([]);
      expect(a.mail.filter((m) => m.to === user.email)).toEqual([]);
    } finally {
      await dropTrigger();
    }

    // The checkout itself was paid, so the buyer's check from the success page applies it now.
    const verify = await b.app.inject({
      method: 'POST',
      url: '/api/stripe/verify-payment',
      headers: auth,
      payload: { session_id: started.session_id, course_id: course.id },
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({ success: true, status: 'paid', enrolled: true });
    expect(b.mail.filter((m) => m.to === user.email)).toHaveLength(1);
  });
});
