import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema';
import { createSecondInstance, createTestApp, type TestApp } from '../test/app';
import { runCli } from '../test/cli';
import { createAdmin, createUser } from '../test/factories';
import { hashToken } from './tokens';

/*
 * A signed-in request trusts a session an earlier request read for SESSION_CACHE_SECONDS; every
 * way a session ends or its user changes is felt at once on the instance that made the change,
 * and on the other instances as soon as the sessions_changed event reaches them.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_CACHE_SECONDS: 10 });
});
afterAll(async () => t?.close());

const profile = (app: TestApp, id: string, auth: Record<string, string>) =>
  app.app.inject({ method: 'GET', url: `/api/user/${id}/profile`, headers: auth });
const adminList = (app: TestApp, auth: Record<string, string>) =>
  app.app.inject({ method: 'POST', url: '/api/verify/users', headers: auth });

describe('the session cache', () => {
  it('answers from the cache until it is SESSION_CACHE_SECONDS old, then reads the session again', async () => {
    const { user, auth, token } = await createUser(t);
    expect((await profile(t, user.id, auth)).statusCode).toBe(200);
    // Removed behind the app's back: the cached session still answers …
    await t.database.db.delete(sessions).where(eq(sessions.token_hash, hashToken(token)));
    expect((await profile(t, user.id, auth)).statusCode).toBe(200);
    // … until the entry is too old to trust.
    t.clock.advance(10_000);
    expect((await profile(t, user.id, auth)).statusCode).toBe(401);
  });

  it('forgets a session at once on sign-out', async () => {
    const { user, auth } = await createUser(t);
    expect((await profile(t, user.id, auth)).statusCode).toBe(200);
    const logout = await t.call('POST', '/api/user/logout', undefined, auth);
    expect(logout.statusCode).toBe(200);
    expect((await profile(t, user.id, auth)).statusCode).toBe(401);
  });

  it('forgets the sessions of a user an admin demotes, deactivates or deletes', async () => {
    const { auth: adminAuth } = await createAdmin(t);
    const other = await createAdmin(t);
    expect((await adminList(t, other.auth)).statusCode).toBe(200);
    const demote = await t.call(
      'PUT',
      `/api/user/${other.user.id}`,
      { ...editable(other.user), is_admin: false },
      adminAuth,
    );
    expect(demote.statusCode).toBe(200);
    expect((await adminList(t, other.auth)).statusCode).toBe(403);

    const student = await createUser(t);
    expect((await profile(t, student.user.id, student.auth)).statusCode).toBe(200);
    const deactivate = await t.call(
      'PUT',
      `/api/user/${student.user.id}`,
      { ...editable(student.user), is_active: false },
      adminAuth,
    );
    expect(deactivate.statusCode).toBe(200);
    expect((await profile(t, student.user.id, student.auth)).statusCode).toBe(401);

    const leaving = await createUser(t, { deletion_requested: true });
    expect((await profile(t, leaving.user.id, leaving.auth)).statusCode).toBe(200);
    const removed = await t.call('DELETE', `/api/user/${leaving.user.id}`, undefined, adminAuth);
    expect(removed.statusCode).toBe(200);
    expect((await profile(t, leaving.user.id, leaving.auth)).statusCode).toBe(401);
  });

  it('still records a use at most once a minute', async () => {
    const { user, auth, token } = await createUser(t);
    const lastUsed = async () =>
      (
        await t.database.db
          .select()
          .from(sessions)
          .where(eq(sessions.token_hash, hashToken(token)))
      )[0]!.last_used_at;
    await profile(t, user.id, auth);
    const first = await lastUsed();
    t.clock.advance(61_000);
    await profile(t, user.id, auth);
    expect((await lastUsed()).getTime()).toBe(first.getTime() + 61_000);
  });
});

/** The fields PUT /user/{id} takes, as the row has them. */
function editable(user: typeof users.$inferSelect) {
  return {
    name: user.name,
    email: user.email,
    username: user.username,
    city: user.city,
    country: user.country,
    martial_art: user.martial_art,
  };
}

// eslint-disable-next-line no-restricted-syntax -- CI runs the server tests on PGlite and again on PostgreSQL
describe.skipIf(!process.env.DATABASE_URL)('the session cache across instances (PostgreSQL)', () => {
  it('refuses on one instance, within a second, a session signed out on another', async () => {
    const second = await createSecondInstance(t, { SESSION_CACHE_SECONDS: 10 });
    try {
      const { user, auth } = await createUser(t);
      expect((await profile(second, user.id, auth)).statusCode).toBe(200);
      expect((await profile(t, user.id, auth)).statusCode).toBe(200);
      await t.call('POST', '/api/user/logout', undefined, auth);
      let status = 200;
      for (let waited = 0; waited < 1000 && status === 200; waited += 25) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        status = (await profile(second, user.id, auth)).statusCode;
      }
      expect(status).toBe(401);
    } finally {
      await second.close();
    }
  });

  it("refuses, within a second, a session the operator's CLI signed out from another process", async () => {
    const { user, auth } = await createUser(t);
    expect((await profile(t, user.id, auth)).statusCode).toBe(200);
    const reset = await runCli(t.mediaDir, ['reset-password', '--username', user.username], {
      DATABASE_URL: t.databaseUrl,
    });
    expect(reset.stderr).toBe('');
    expect(reset.code).toBe(0);
    await expect.poll(async () => (await profile(t, user.id, auth)).statusCode, { timeout: 1000 }).toBe(401);
  });
});
