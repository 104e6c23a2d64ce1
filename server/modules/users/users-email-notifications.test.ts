import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';
import { EMAIL_NOTIFICATIONS_RATE_LIMIT } from './users.routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const setNotifications = (id: string, payload: unknown, headers: Record<string, string>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/user/${id}/email-notifications`,
    payload: payload as object,
    headers,
  });
const stored = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('PUT /api/user/{id}/email-notifications', () => {
  it('lets the owner turn notifications off and on without a password', async () => {
    const me = await createUser(t);
    const off = await setNotifications(me.user.id, { enabled: false }, me.auth);
    expect(off.statusCode).toBe(200);
    expect(off.json().user).toMatchObject({ id: me.user.id, email_notifications: false });
    expect((await stored(me.user.id)).email_notifications).toBe(false);

    const on = await setNotifications(me.user.id, { enabled: true }, me.auth);
    expect(on.statusCode).toBe(200);
    expect((await stored(me.user.id)).email_notifications).toBe(true);
  });

  it('changes nothing else, whatever else the body carries', async () => {
    const me = await createUser(t);
    const before = await stored(me.user.id);
    const res = await setNotifications(
      me.user.id,
      { enabled: false, name: 'Taken Over', email: 'thief@example.org', is_admin: true },
      me.auth,
    );
    expect(res.statusCode).toBe(200);
    const after = await stored(me.user.id);
    expect(after).toMatchObject({
      name: before.name,
      email: before.email,
      is_admin: false,
      password_hash: before.password_hash,
      email_notifications: false,
    });
  });

  it('still asks for the password to deactivate the account', async () => {
    const me = await createUser(t);
    const res = await t.call(
      'POST',
      `/api/user/${me.user.id}/deactivate`,
      { isDeletionRequest: false },
      me.auth,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PASSWORD_REQUIRED');
    expect((await stored(me.user.id)).is_active).toBe(true);
  });

  it("refuses another student's account and lets an admin change it", async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const admin = await createAdmin(t);
    expect((await setNotifications(owner.user.id, { enabled: false }, other.auth)).statusCode).toBe(403);
    expect((await stored(owner.user.id)).email_notifications).toBe(true);
    expect((await setNotifications(owner.user.id, { enabled: false }, admin.auth)).statusCode).toBe(200);
    expect((await stored(owner.user.id)).email_notifications).toBe(false);
  });

  it('wants a boolean and a session', async () => {
    const me = await createUser(t);
    expect((await setNotifications(me.user.id, { enabled: 'no' }, me.auth)).statusCode).toBe(400);
    expect((await setNotifications(me.user.id, { enabled: false }, {})).statusCode).toBe(401);
  });

  it('is closed to a temporary-password session', async () => {
    const me = await createUser(t, { requiresPasswordChange: true });
    const res = await setNotifications(me.user.id, { enabled: false }, me.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
  });

  it('limits how often a student can switch', async () => {
    const me = await createUser(t);
    for (let i = 0; i < EMAIL_NOTIFICATIONS_RATE_LIMIT.max; i++) {
      const res = await setNotifications(me.user.id, { enabled: i % 2 === 0 }, me.auth);
      expect(res.statusCode).toBe(200);
    }
    expect((await setNotifications(me.user.id, { enabled: true }, me.auth)).statusCode).toBe(429);
  });
});
