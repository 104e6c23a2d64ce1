import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgres, type Database } from '../db/client';
import { createTestApp, type TestApp } from '../test/app';
import {
  createEvents,
  encodeEvent,
  inProcessEvents,
  MAX_EVENT_BYTES,
  postgresEvents,
  redisEvents,
  type Events,
} from './events';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Collects what a subscriber receives. */
function inbox() {
  const received: unknown[] = [];
  return { received, handler: (payload: unknown) => received.push(payload) };
}

describe('events on the configured database', () => {
  it('the app publishes to its own subscribers, LISTEN/NOTIFY on PostgreSQL and in process on PGlite', async () => {
    expect(t.app.events.kind).toBe(t.database.url ? 'postgres' : 'in-process');
    const { received, handler } = inbox();
    const unsubscribe = await t.app.events.subscribe('bookings', handler);
    await t.app.events.publish('bookings', { class_id: 'c1', seats_left: 3 });
    await vi.waitFor(() => expect(received).toEqual([{ class_id: 'c1', seats_left: 3 }]));

    await unsubscribe();
    await t.app.events.publish('bookings', { class_id: 'c1', seats_left: 2 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toHaveLength(1);
  });

  it('refuses payloads NOTIFY would refuse, and channel names it could not listen to', async () => {
    const big = { text: 'x'.repeat(MAX_EVENT_BYTES) };
    await expect(t.app.events.publish('messages', big)).rejects.toThrow(/limit is 7999/);
    expect(() => encodeEvent('messages', { text: 'x'.repeat(MAX_EVENT_BYTES - 12) })).not.toThrow();
    await expect(t.app.events.publish('Messages; drop', {})).rejects.toThrow(/invalid event channel/);
    await expect(t.app.events.subscribe('', () => {})).rejects.toThrow(/invalid event channel/);
  });
});

describe('in-process events', () => {
  it('deliver to every subscriber of the channel, a copy of the JSON as NOTIFY would', async () => {
    const events = inProcessEvents(t.app.log);
    const first = inbox();
    const second = inbox();
    const elsewhere = inbox();
    await events.subscribe('messages', first.handler);
    await events.subscribe('messages', second.handler);
    await events.subscribe('notifications', elsewhere.handler);
    const payload = { at: new Date('2026-03-02T18:00:00Z'), text: 'Class moved' };
    await events.publish('messages', payload);
    await vi.waitFor(() => expect(first.received).toHaveLength(1));
    expect(first.received).toEqual([{ at: '2026-03-02T18:00:00.000Z', text: 'Class moved' }]);
    expect(second.received).toEqual(first.received);
    expect(elsewhere.received).toEqual([]);
    await events.close();
  });

  it('a failing subscriber does not stop the others', async () => {
    const events = inProcessEvents(t.app.log);
    const after = inbox();
    await events.subscribe('messages', () => {
      throw new Error('subscriber bug');
    });
    await events.subscribe('messages', after.handler);
    await events.publish('messages', 1);
    await vi.waitFor(() => expect(after.received).toEqual([1]));
    await events.close();
  });
});

// eslint-disable-next-line no-restricted-syntax -- CI runs the server tests on PGlite and again on PostgreSQL
describe.runIf(process.env.DATABASE_URL)('events between instances on PostgreSQL', () => {
  let one: Database;
  let two: Database;
  let a: Events;
  let b: Events;
  beforeAll(async () => {
    one = await openPostgres(t.database.url!, { poolMax: 2 });
    two = await openPostgres(t.database.url!, { poolMax: 2 });
    a = createEvents(one, t.app.log);
    b = createEvents(two, t.app.log);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await one.close();
    await two.close();
  });

  it('what one instance publishes, the other receives', async () => {
    const { received, handler } = inbox();
    await b.subscribe('messages', handler);
    await a.publish('messages', { conversation_id: 'c7', from: 'Sifu Wang' });
    await vi.waitFor(() => expect(received).toEqual([{ conversation_id: 'c7', from: 'Sifu Wang' }]));
  });

  it('an event published in a transaction arrives only if it commits', async () => {
    const { received, handler } = inbox();
    await b.subscribe('bookings', handler);
    await one.db
      .transaction(async (tx) => {
        await a.publish('bookings', { n: 'rolled back' }, tx);
        throw new Error('the booking failed');
      })
      .catch(() => {});
    await one.db.transaction(async (tx) => a.publish('bookings', { n: 'committed' }, tx));
    await vi.waitFor(() => expect(received).toEqual([{ n: 'committed' }]));
  });

  it('reconnects and listens again after its connection is cut', async () => {
    const { received, handler } = inbox();
    await b.subscribe('sifu', handler);
    const admin = new pg.Client({ connectionString: t.database.url });
    await admin.connect();
    try {
      const cut = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`,
      );
      expect(cut.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    let n = 0;
    await vi.waitFor(
      async () => {
        await a.publish('sifu', { n: ++n });
        expect(received.length).toBeGreaterThan(0);
      },
      { timeout: 5_000, interval: 100 },
    );
  });

  it('closes its listening connection', async () => {
    const events = postgresEvents(one.db, t.database.url!, t.app.log);
    await events.subscribe('closing', () => {});
    const listeners = async () => {
      const client = new pg.Client({ connectionString: t.database.url });
      await client.connect();
      try {
        const result = await client.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and query = 'LISTEN "closing"'`,
        );
        return result.rows[0]!.n;
      } finally {
        await client.end();
      }
    };
    expect(await listeners()).toBe(1);
    await events.close();
    await vi.waitFor(async () => expect(await listeners()).toBe(0));
  });
});

// eslint-disable-next-line no-restricted-syntax -- CI's PostgreSQL step sets REDIS_URL
describe.skipIf(!process.env.REDIS_URL)('events through Redis (REDIS_URL)', () => {
  const url = process.env.REDIS_URL!;
  /** Channels of this run only, so runs sharing one Redis never hear each other. */
  const prefix = `kwoon-test-${randomUUID()}:events:`;
  let a: Events;
  let b: Events;
  beforeAll(() => {
    a = redisEvents(t.database.db, url, prefix, t.app.log);
    b = redisEvents(t.database.db, url, prefix, t.app.log);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('what one instance publishes, the other receives; another prefix hears nothing', async () => {
    const { received, handler } = inbox();
    const elsewhere = redisEvents(t.database.db, url, `${prefix}other:`, t.app.log);
    const unheard = inbox();
    await elsewhere.subscribe('messages', unheard.handler);
    await b.subscribe('messages', handler);
    await a.publish('messages', { conversation_id: 'c7' });
    await vi.waitFor(() => expect(received).toEqual([{ conversation_id: 'c7' }]));
    expect(unheard.received).toEqual([]);
    await elsewhere.close();
  });

  it('an event published in a transaction goes out once it commits, never if it rolls back', async () => {
    const { received, handler } = inbox();
    await b.subscribe('bookings', handler);
    await t.database.db
      .transaction(async (tx) => {
        await a.publish('bookings', { n: 'rolled back' }, tx);
        throw new Error('the booking failed');
      })
      .catch(() => {});
    await t.database.db.transaction(async (tx) => {
      await a.publish('bookings', { n: 'committed' }, tx);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(received).toEqual([]);
    });
    await vi.waitFor(() => expect(received).toEqual([{ n: 'committed' }]));
  });

  it('stops delivering after unsubscribing', async () => {
    const { received, handler } = inbox();
    const unsubscribe = await b.subscribe('sifu', handler);
    await unsubscribe();
    await a.publish('sifu', { n: 1 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual([]);
  });
});
