import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mailOutbox, orders } from '../../db/schema';
import { backoffMs } from '../../platform/jobs';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { createCourse } from '../courses/test/factories';

/* The receipt is kept with the payment: a mail server that is down delays it, never loses it. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { runJobsBeforeReply: false, mailFailures: 1 });
});
afterAll(async () => t.close());

describe('the receipt of a paid course', () => {
  it('is queued in the transaction that marks the order paid, and retried until the mail server takes it', async () => {
    const course = await createCourse(t, { price: 49, title: 'Baguazhang Circle Walking' });
    const { user, auth } = await createUser(t);
    const started = await t.call('POST', '/api/stripe/create-checkout', { course_id: course.id }, auth);
    expect(started.statusCode, started.body).toBe(200);
    const { session_id, order_id } = started.json<{ session_id: string; order_id: string }>();
    const paid = await t.call('POST', `/api/payment/local-checkout/${session_id}`, { outcome: 'pay' });
    expect(paid.statusCode, paid.body).toBe(200);

    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, order_id));
    expect(order!.status).toBe('paid');
    const receipt = async () =>
      (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, user.email))).filter(
        (row) => row.subject === 'Payment received: Baguazhang Circle Walking',
      );
    expect((await receipt()).map((row) => row.status)).toEqual(['pending']);

    // The first delivery fails after the payment is recorded; the receipt waits for its retry.
    await t.app.jobs.drain();
    expect((await receipt())[0]).toMatchObject({
      status: 'pending',
      error: 'connect ECONNREFUSED 127.0.0.1:25',
    });
    expect(t.mail).toEqual([]);
    t.clock.advance(backoffMs(1));
    await t.app.jobs.drain();
    expect((await receipt())[0]!.status).toBe('logged');
    expect(t.mail.map((mail) => [mail.to, mail.subject])).toEqual([
      [user.email, 'Payment received: Baguazhang Circle Walking'],
    ]);

    // A second report of the same payment queues nothing more.
    const again = await t.call(
      'POST',
      '/api/stripe/verify-payment',
      { session_id, course_id: course.id },
      auth,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(await receipt()).toHaveLength(1);
    const [row] = await receipt();
    const mailJobs = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'mail.send'));
    expect(mailJobs.filter((job) => (job.payload as { outboxId: string }).outboxId === row!.id)).toHaveLength(
      1,
    );
  });
});
