import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { createSessionStore } from '../../platform/auth';
import { hashToken } from '../../platform/tokens';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { itConcurrently } from '../../test/concurrency';

/* Sessions end 30 days after sign-in, or after SESSION_IDLE_DAYS (14) without use. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const status = (token: string) =>
  t.call('GET', '/api/user/password-status', undefined, { authorization: `Bearer ${token}` });
const lastUsedAt = async (token: string) => {
  const [row] = await t.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.token_hash, hashToken(token)));
  return row!.last_used_at.getTime();
};

describe('session lifetime', () => {
  it('ends 30 days after sign-in even when used every day', async () => {
    const { token } = await createUser(t);
    for (let day = 1; day < 30; day++) {
      t.clock.advance(DAY);
      expect((await status(token)).statusCode, `day ${day}`).toBe(200);
    }
    t.clock.advance(DAY);
    expect((await status(token)).statusCode).toBe(401);
  });

  it('is still valid 30 days minus 1 ms after sign-in, and not 1 ms past', async () => {
    const { token } = await createUser(t);
    for (let day = 1; day <= 29; day++) {
      t.clock.advance(DAY);
      await status(token);
    }
    t.clock.advance(DAY - 1);
    expect((await status(token)).statusCode).toBe(200);
    t.clock.advance(2);
    const res = await status(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_TOKEN');
  });

  it('ends after 14 days without use', async () => {
    const { token } = await createUser(t);
    t.clock.advance(14 * DAY);
    expect((await status(token)).statusCode).toBe(200);
    t.clock.advance(14 * DAY + 1);
    const res = await status(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_TOKEN');
  });

  it('follows SESSION_IDLE_DAYS', async () => {
    const short = await createTestApp({ SESSION_IDLE_DAYS: 2 });
    try {
      const { token } = await createUser(short);
      short.clock.advance(2 * DAY + 1);
      const res = await short.app.inject({
        method: 'GET',
        url: '/api/user/password-status',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('last_used_at', () => {
  itConcurrently('is written at most once a minute per session', async () => {
    const { token } = await createUser(t);
    const created = await lastUsedAt(token);
    t.clock.advance(30_000);
    await Promise.all(Array.from({ length: 5 }, () => status(token)));
    expect(await lastUsedAt(token)).toBe(created);

    t.clock.advance(30_000);
    const answers = await Promise.all(Array.from({ length: 5 }, () => status(token)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(5).fill(200));
    expect(await lastUsedAt(token)).toBe(created + MINUTE);

    t.clock.advance(59_000);
    await status(token);
    expect(await lastUsedAt(token)).toBe(created + MINUTE);
  });
});

describe('the principal a session resolves to', () => {
  it('carries the id, the admin flag and the session, never the users row', async () => {
    const me = await createUser(t);
    const store = createSessionStore(t.database.db, t.clock);
    const auth = await store.resolve(me.token);
    expect(auth).toEqual({
      user: { id: me.user.id, is_admin: false },
      sessionId: expect.any(String),
      requiresPasswordChange: false,
    });
  });

  it('resolves no principal for a deactivated account', async () => {
    const me = await createUser(t, { is_active: false });
    expect(await createSessionStore(t.database.db, t.clock).resolve(me.token)).toBeNull();
  });
});

describe('a session that cannot be read', () => {
  it('fails the request with the server error, on a member route and on a public one alike', async () => {
    const me = await createUser(t);
    await t.database.db.execute(sql`alter table sessions rename to sessions_away`);
    try {
      // Neither a sign-in refusal nor a visitor's answer: the lookup failed, so the request does.
      const member = await status(me.token);
      expect(member.statusCode).toBe(500);
      expect(member.json().code).not.toBe('INVALID_TOKEN');
      const visitor = await t.app.inject({
        url: '/api/courses',
        headers: { authorization: `Bearer ${me.token}` },
      });
      expect(visitor.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`alter table sessions_away rename to sessions`);
    }
    expect((await status(me.token)).statusCode).toBe(200);
  });
});
