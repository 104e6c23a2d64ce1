import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema';
import { createSecondInstance, createTestApp, type TestApp } from '../test/app';
import { itConcurrently } from '../test/concurrency';
import { preparedStatements } from './prepared';
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

/** Fails the way PostgreSQL fails the loser of a race, with `sqlstate`. */
const loseRace = (sqlstate: '40001' | '40P01') =>
  db().execute(sql.raw(`do $$ begin raise exception 'lost a race' using errcode = '${sqlstate}'; end $$`));

describe('tx after a lost race', () => {
  it.each(['40001', '40P01'] as const)(
    'runs the work once more after SQLSTATE %s, keeping only the second attempt',
    async (sqlstate) => {
      const [first, second] = [randomUUID(), randomUUID()];
      let attempts = 0;
      const answer = await units.tx(async () => {
        attempts++;
        if (attempts === 1) {
          await write(first);
          await loseRace(sqlstate);
        }
        await write(second);
        return attempts;
      });
      expect(answer).toBe(2);
      expect(await written(first)).toBe(false);
      expect(await written(second)).toBe(true);
    },
  );

  it('gives up after the second attempt loses too', async () => {
    let attempts = 0;
    await expect(
      units.tx(async () => {
        attempts++;
        await loseRace('40P01');
      }),
    ).rejects.toThrow();
    expect(attempts).toBe(2);
  });

  it('does not run other failures again', async () => {
    let attempts = 0;
    await expect(
      units.tx(async () => {
        attempts++;
        throw new Refused();
      }),
    ).rejects.toBeInstanceOf(Refused);
    expect(attempts).toBe(1);
  });

  it('leaves a nested tx to the outer one: the savepoint is not run again', async () => {
    let inner = 0;
    let outer = 0;
    await expect(
      units.tx(async () => {
        outer++;
        await units.tx(async () => {
          inner++;
          await loseRace('40001');
        });
      }),
    ).rejects.toThrow();
    expect([outer, inner]).toEqual([2, 2]);
  });

  itConcurrently('lets both transactions of a deadlock commit', async () => {
    await db().execute(sql`create table if not exists deadlock_probe (id int primary key, n int not null)`);
    await db().execute(
      sql`insert into deadlock_probe values (1, 0), (2, 0) on conflict (id) do update set n = 0`,
    );
    const bump = (id: number) => db().execute(sql`update deadlock_probe set n = n + 1 where id = ${id}`);
    // Each takes one row, then waits until the other holds the other row (only briefly: on PGlite
    // the second transaction starts when the first ends) and takes it too: a deadlock.
    const gate = () => {
      let open = () => {};
      const opened = new Promise<void>((resolve) => (open = resolve));
      return {
        open,
        passed: () => Promise.race([opened, new Promise((resolve) => setTimeout(resolve, 300))]),
      };
    };
    const [rowOneHeld, rowTwoHeld] = [gate(), gate()];
    const results = await Promise.allSettled([
      units.tx(async () => {
        await bump(1);
        rowOneHeld.open();
        await rowTwoHeld.passed();
        await bump(2);
      }),
      units.tx(async () => {
        await bump(2);
        rowTwoHeld.open();
        await rowOneHeld.passed();
        await bump(1);
      }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
    const rows = await db()
      .select({ n: sql<number>`n` })
      .from(sql`deadlock_probe`)
      .orderBy(sql`id`);
    expect(rows.map((row) => Number(row.n))).toEqual([2, 2]);
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

describe('preparedStatements', () => {
  const bySubject = () => {
    const run = preparedStatements(db());
    return (subject: string) =>
      run(
        'test_outbox_by_subject',
        () =>
          db()
            .select({ subject: mailOutbox.subject })
            .from(mailOutbox)
            .where(eq(mailOutbox.subject, sql.placeholder('subject'))),
        { subject },
      );
  };

  it('runs one statement with each call’s values, outside a transaction and inside one', async () => {
    const find = bySubject();
    const [first, second] = [randomUUID(), randomUUID()];
    await write(first);
    await write(second);
    expect(await find(first)).toEqual([{ subject: first }]);
    expect(await find(second)).toEqual([{ subject: second }]);
    // Inside a transaction it sees the transaction's own writes (and on PGlite does not wait for it).
    const third = randomUUID();
    const inside = await units.tx(async () => {
      await write(third);
      return find(third);
    });
    expect(inside).toEqual([{ subject: third }]);
    expect(await find(randomUUID())).toEqual([]);
  });

  it('keeps a rolled-back transaction’s writes out of later reads', async () => {
    const find = bySubject();
    const subject = randomUUID();
    await expect(
      units.tx(async () => {
        await write(subject);
        expect(await find(subject)).toHaveLength(1);
        throw new Refused();
      }),
    ).rejects.toBeInstanceOf(Refused);
    expect(await find(subject)).toEqual([]);
  });
});
