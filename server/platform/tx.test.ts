import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema';
import { createSecondInstance, createTestApp, type TestApp } from '../test/app';
import { createTransactions, type Transactions } from './tx';

/* The transaction context, on the same database handle every service and repo holds. */

let t: TestApp;
let units: Transactions;
beforeAll(async () => {
  t = await createTestApp();
  units = createTransactions(t.database.db);
});
afterAll(async () => t?.close());

const db = () => t.database.db;

/** A row written through the shared handle, as any repo writes; its subject finds it again. */
async function write(subject: string) {
  await db().insert(mailOutbox).values({ to_address: 'tx@kwoon.local', subject, text_body: '' });
}
const written = async (subject: string) =>
  (await db().select().from(mailOutbox).where(eq(mailOutbox.subject, subject))).length > 0;

class Refused extends Error {}

describe('tx', () => {
  it('runs every call through the database handle inside it in that transaction, and returns', async () => {
    const subject = randomUUID();
    // On PGlite's single connection this used to wait for itself for ever.
    const answer = await units.tx(async () => {
      await write(subject);
      await db().execute(sql`select 1`);
      return written(subject);
    });
    expect(answer).toBe(true);
    expect(await written(subject)).toBe(true);
  });

  it('rolls back every write made inside it when the work fails', async () => {
    const subject = randomUUID();
    await expect(
      units.tx(async () => {
        await write(subject);
        expect(await written(subject)).toBe(true);
        throw new Refused();
      }),
    ).rejects.toBeInstanceOf(Refused);
    expect(await written(subject)).toBe(false);
  });

  it('makes a nested tx a savepoint: a failure caught outside undoes only the inner part', async () => {
    const [outer, inner] = [randomUUID(), randomUUID()];
    await units.tx(async () => {
      await write(outer);
      await expect(
        units.tx(async () => {
          await write(inner);
          throw new Refused();
        }),
      ).rejects.toBeInstanceOf(Refused);
    });
    expect(await written(outer)).toBe(true);
    expect(await written(inner)).toBe(false);
  });

  it('commits a nested tx only with the outer one', async () => {
    const inner = randomUUID();
    await expect(
      units.tx(async () => {
        await units.tx(() => write(inner));
        throw new Refused();
      }),
    ).rejects.toBeInstanceOf(Refused);
    expect(await written(inner)).toBe(false);
  });

  it('sends work still running after the commit to the database, not the finished transaction', async () => {
    const subject = randomUUID();
    let later: Promise<void> | undefined;
    await units.tx(async () => {
      later = new Promise((resolve) => setTimeout(resolve, 20)).then(() => write(subject));
    });
    await later;
    expect(await written(subject)).toBe(true);
  });
});

describe('withAdvisoryLock', () => {
  it('runs callers with the same key one after another, across instances sharing the database', async () => {
    const other = await createSecondInstance(t);
    try {
      const elsewhere = createTransactions(other.database.db);
      const key = `test:${randomUUID()}`;
      const events: string[] = [];
      const hold = (name: string) => async () => {
        events.push(`${name} in`);
        await new Promise((resolve) => setTimeout(resolve, 50));
        events.push(`${name} out`);
      };
      await Promise.all([units.withAdvisoryLock(key, hold('a')), elsewhere.withAdvisoryLock(key, hold('b'))]);
      expect([events.slice(0, 2), events.slice(2)]).toEqual([
        [events[0], events[0]!.replace('in', 'out')],
        [events[2], events[2]!.replace('in', 'out')],
      ]);
    } finally {
      await other.close();
    }
  });
});
