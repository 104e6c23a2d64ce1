import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MAX_FAILURES } from '../../../common/auth';
import { DEACTIVATE_PASSWORD_REQUIRED_MESSAGE } from '../../../common/users';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const deactivate = (id: string, payload: object, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api/user/${id}/deactivate`, payload, headers });
const profileOf = (id: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/user/${id}/profile`, headers });

describe('POST /api/user/{id}/deactivate by the owner', () => {
  it('asks for the password and answers a wrong one with 403, leaving the account and session alone', async () => {
    const me = await createUser(t);
    const missing = await deactivate(me.user.id, { isDeletionRequest: false }, me.auth);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      error: DEACTIVATE_PASSWORD_REQUIRED_MESSAGE,
      code: 'PASSWORD_REQUIRED',
      details: [{ path: 'password', message: DEACTIVATE_PASSWORD_REQUIRED_MESSAGE }],
    });
    const wrong = await deactivate(
      me.user.id,
      { isDeletionRequest: true, password: 'not-my-password' },
      me.auth,
    );
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ error: 'Current password is incorrect', code: 'INVALID_PASSWORD' });
    const still = await profileOf(me.user.id, me.auth);
    expect(still.statusCode).toBe(200);
    expect(still.json()).toMatchObject({ is_active: true, deletion_requested: false });

    const right = await deactivate(me.user.id, { isDeletionRequest: false, password: me.password }, me.auth);
    expect(right.statusCode).toBe(200);
    expect((await profileOf(me.user.id, me.auth)).statusCode).toBe(401);
  });

  it('counts wrong passwords against the account like every other password check', async () => {
    const me = await createUser(t);
    for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++) {
      const res = await deactivate(me.user.id, { password: `guess-${i}-wrong` }, me.auth);
      expect(res.statusCode).toBe(403);
    }
    const locked = await deactivate(me.user.id, { password: me.password }, me.auth);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('ACCOUNT_LOCKED');
    expect((await profileOf(me.user.id, me.auth)).json().is_active).toBe(true);
  });

  it('needs no password from an admin deactivating someone else', async () => {
    const admin = await createAdmin(t);
    const student = await createUser(t);
    const res = await deactivate(student.user.id, { isDeletionRequest: false }, admin.auth);
    expect(res.statusCode).toBe(200);
    expect((await profileOf(student.user.id, admin.auth)).json().is_active).toBe(false);
  });
});
