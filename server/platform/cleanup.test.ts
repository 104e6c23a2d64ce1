import { createHash, randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  authThrottles,
  emailChanges,
  jobs,
  localCheckoutSessions,
  mailOutbox,
  passwordResetCodes,
  sessions,
  tempPasswords,
} from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { createUser } from '../test/factories';

// Each test on an app of its own: the scheduler's hourly slots are state one test would leave to the next.
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ OUTBOX_KEEP_DAYS: 10 }, { runJobsBeforeReply: false });
});
afterEach(async () => t.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs);
const hash = () => createHash('sha256').update(randomUUID()).digest('hex');

describe('periodic cleanup', () => {
  it('deletes what nobody can use any more and keeps the rest', async () => {
    const { user } = await createUser(t);
    const ids = async <T extends { id: string }>(rows: Promise<T[]>) => (await rows).map((r) => r.id);
    const [expiredSession, liveSession] = await ids(
      t.database.db
        .insert(sessions)
        .values([
          { user_id: user.id, token_hash: hash(), expires_at: at(-MINUTE) },
          { user_id: user.id, token_hash: hash(), expires_at: at(DAY) },
        ])
        .returning(),
    );
    const [expiredTemp, liveTemp] = await ids(
      t.database.db
        .insert(tempPasswords)
        .values([
          { user_id: user.id, password_hash: 'x', expires_at: at(-MINUTE) },
          { user_id: user.id, password_hash: 'y', expires_at: at(30 * MINUTE) },
        ])
        .returning(),
    );
    const [expiredCode] = await ids(
      t.database.db
        .insert(passwordResetCodes)
        .values({ user_id: user.id, code_hash: 'c', expires_at: at(-MINUTE), used_at: at(-2 * MINUTE) })
        .returning(),
    );
    const [liveCode] = await ids(
      t.database.db
        .insert(passwordResetCodes)
        .values({ user_id: user.id, code_hash: 'd', expires_at: at(10 * MINUTE) })
        .returning(),
    );
    const [expiredChange] = await ids(
      t.database.db
        .insert(emailChanges)
        .values({ user_id: user.id, new_email: 'old@example.org', token_hash: hash(), expires_at: at(-HOUR) })
        .returning(),
    );
    await t.database.db.insert(authThrottles).values([
      { key: 'recovery:old@example.org', attempts: 5, window_started_at: at(-2 * DAY) },
      { key: 'recovery:now@example.org', attempts: 2, window_started_at: at(-10 * MINUTE) },
    ]);
    const checkout = (id: string, expiresAt: Date) => ({
      id,
      order_id: randomUUID(),
      user_id: user.id,
      course_title: 'Baguazhang',
      amount_cents: 4900,
      currency: 'usd',
      customer_email: user.email,
      success_url: 'http://localhost/ok',
      cancel_url: 'http://localhost/no',
      expires_at: expiresAt,
    });
    await t.database.db
      .insert(localCheckoutSessions)
      .values([checkout('cs_old', at(-8 * DAY)), checkout('cs_recent', at(-HOUR))]);
    const mail = (subject: string, status: 'sent' | 'logged' | 'failed' | 'pending', sentAgo?: number) => ({
      to_address: user.email,
      subject,
      text_body: subject,
      status,
      sent_at: sentAgo === undefined ? null : at(-sentAgo),
    });
    await t.database.db
      .insert(mailOutbox)
      .values([
        mail('old sent', 'sent', 11 * DAY),
        mail('old logged', 'logged', 11 * DAY),
        mail('recent sent', 'sent', 9 * DAY),
        mail('old failed', 'failed'),
        mail('old pending', 'pending'),
      ]);
    await t.database.db.insert(jobs).values([
      { kind: 'test.old', status: 'done', max_attempts: 1, finished_at: at(-11 * DAY) },
      { kind: 'test.dead', status: 'dead', max_attempts: 1, finished_at: at(-11 * DAY) },
    ]);

    // The leader queues each cleanup for this hour; the worker runs them.
    await t.app.jobs.drain();
    const cleanups = await t.database.db.select().from(jobs).where(eq(jobs.max_attempts, 3));
    expect(cleanups.map((j) => j.kind).sort()).toEqual([
      'cleanup.live-events',
      'cleanup.local-checkouts',
      'cleanup.outbox',
      'cleanup.recovery',
      'cleanup.sessions',
    ]);
    expect(cleanups.every((j) => j.status === 'done')).toBe(true);

    const left = async (table: typeof sessions | typeof tempPasswords, list: string[]) =>
      (await t.database.db.select({ id: table.id }).from(table).where(inArray(table.id, list))).map(
        (r) => r.id,
      );
    expect(await left(sessions, [expiredSession!, liveSession!])).toEqual([liveSession]);
    expect(await left(tempPasswords, [expiredTemp!, liveTemp!])).toEqual([liveTemp]);
    const codes = await t.database.db.select({ id: passwordResetCodes.id }).from(passwordResetCodes);
    expect(codes.map((r) => r.id)).toEqual([liveCode]);
    expect(codes.map((r) => r.id)).not.toContain(expiredCode);
    expect(
      await t.database.db.select().from(emailChanges).where(eq(emailChanges.id, expiredChange!)),
    ).toEqual([]);
    expect((await t.database.db.select().from(authThrottles)).map((r) => r.key)).toEqual([
      'recovery:now@example.org',
    ]);
    expect((await t.database.db.select().from(localCheckoutSessions)).map((r) => r.id)).toEqual([
      'cs_recent',
    ]);
    expect((await t.database.db.select().from(mailOutbox)).map((r) => r.subject).sort()).toEqual([
      'old failed',
      'old pending',
      'recent sent',
    ]);
    const kinds = (await t.database.db.select().from(jobs)).map((r) => r.kind);
    expect(kinds).toContain('test.dead');
    expect(kinds).not.toContain('test.old');
  });

  it('queues each cleanup once an hour', async () => {
    const count = async () =>
      (await t.database.db.select().from(jobs).where(eq(jobs.kind, 'cleanup.sessions'))).length;
    await t.app.jobs.drain();
    const before = await count();
    expect(before).toBe(1);
    // Another round in the same hour queues nothing new; the next hour queues the next slot.
    await t.app.jobs.drain();
    expect(await count()).toBe(before);
    t.clock.advance(HOUR);
    await t.app.jobs.drain();
    expect(await count()).toBe(before + 1);
  });
});
