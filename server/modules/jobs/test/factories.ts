import { randomUUID } from 'node:crypto';
import { jobs } from '../../../db/schema';
import type { TestApp } from '../../../test/app';

/* Jobs in the state the worker leaves them. */

/** A job that used up its attempts, as the worker leaves it. */
export async function createDeadJob(t: TestApp, kind = 'mail.send') {
  const [row] = await t.database.db
    .insert(jobs)
    .values({
      kind,
      payload: { outboxId: randomUUID() },
      status: 'dead',
      attempts: 3,
      max_attempts: 3,
      last_error: 'connect ECONNREFUSED 127.0.0.1:25',
      created_at: t.clock.now(),
      finished_at: t.clock.now(),
    })
    .returning();
  return row!;
}
