import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { termsAcceptances, termsVersions, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';

/** The admin lists and counts cover every user, so each test starts from an empty users table. */
let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let student: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function reset() {
  await t.database.db.delete(users);
  await t.database.db.delete(termsVersions).where(eq(termsVersions.version, '2.0'));
  admin = await createAdmin(t, { name: 'Sifu Lin', username: 'sifu_lin', email: 'lin@example.org' });
  student = await createUser(t, { name: 'Mei Chen', username: 'mei', email: 'mei@example.org' });
}

const get = (url: string, headers: Record<string, string> = admin.auth) =>
  t.call('GET', url, undefined, headers);
const acceptAs = (u: { user: { id: string }; auth: Record<string, string> }) =>
  t.call('POST', `/api/user/${u.user.id}/accept-terms`, { version: '1.0' }, u.auth);
const recordOf = async (userId: string) =>
  (await t.database.db.select().from(termsAcceptances).where(eq(termsAcceptances.user_id, userId)))[0]!;

describe('admin terms routes: access', () => {
  it.each([
    ['GET', '/api/admin/terms-of-service'],
    ['GET', '/api/admin/users-without-terms'],
    ['GET', '/api/admin/terms-stats'],
    ['POST', `/api/admin/revoke-terms/${randomUUID()}`],
    ['DELETE', `/api/admin/terms/${randomUUID()}`],
  ] as const)('%s %s: 401 without a token, 403 for a student', async (method, url) => {
    await reset();
    const payload = method === 'POST' ? { reason: 'test' } : undefined;
    expect((await t.app.inject({ method, url, payload })).statusCode).toBe(401);
    const res = await t.app.inject({ method, url, payload, headers: student.auth });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'Admin access required' });
  });
});

describe('GET /api/admin/terms-of-service', () => {
  it('lists every record with the user, newest first', async () => {
    await reset();
    await acceptAs(student);
    t.clock.advance(60_000);
    await acceptAs(admin);
    const res = await get('/api/admin/terms-of-service');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.records.map((r: { username: string }) => r.username)).toEqual(['sifu_lin', 'mei']);
    expect(body.records[1]).toMatchObject({
      user_id: student.user.id,
      user_name: 'Mei Chen',
      email: 'mei@example.org',
      version: '1.0',
      revoked_at: null,
      reason: null,
    });
  });

  it('pages with limit and offset, filters by version and validates both', async () => {
    await reset();
    await acceptAs(student);
    await acceptAs(admin);
    const page = (await get('/api/admin/terms-of-service?limit=1&offset=1')).json();
    expect(page).toMatchObject({ total: 2 });
    expect(page.records).toHaveLength(1);
    expect((await get('/api/admin/terms-of-service?version=1.0')).json().total).toBe(2);
    const unknown = await get('/api/admin/terms-of-service?version=9.9');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'Terms version not found' });
    const bad = await get('/api/admin/terms-of-service?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'Limit must be at least 1' });
    expect((await get('/api/admin/terms-of-service?offset=-1')).json()).toMatchObject({
      error: 'Offset must be 0 or more',
    });
  });
});

describe('GET /api/admin/users-without-terms', () => {
  it('lists active users without an active acceptance of the current version', async () => {
    await reset();
    await acceptAs(admin);
    const gone = await createUser(t, { is_active: false });
    const res = await get('/api/admin/users-without-terms');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ version: '1.0', total: 1 });
    expect(body.users).toEqual([
      {
        id: student.user.id,
        name: 'Mei Chen',
        username: 'mei',
        email: 'mei@example.org',
        created_at: expect.any(String),
      },
    ]);
    expect(body.users.map((u: { id: string }) => u.id)).not.toContain(gone.user.id);
  });

  it('answers for a named version, and 404 for an unknown one', async () => {
    await reset();
    await acceptAs(student);
    await t.database.db
      .insert(termsVersions)
      .values({ version: '2.0', effective_date: '2026-01-01', content: 'Version two' });
    const res = await get('/api/admin/users-without-terms?version=2.0');
    expect(res.json()).toMatchObject({ version: '2.0', total: 2 });
    const unknown = await get('/api/admin/users-without-terms?version=3.0');
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /api/admin/terms-stats', () => {
  it('counts accepted, pending and revoked among active users', async () => {
    await reset();
    const third = await createUser(t);
    await createUser(t, { is_active: false });
    await acceptAs(admin);
    await acceptAs(student);
    await acceptAs(third);
    const record = await recordOf(third.user.id);
    await t.call(
      'POST',
      `/api/admin/revoke-terms/${record.id}`,
      { reason: 'Signed by a parent' },
      admin.auth,
    );
    const res = await get('/api/admin/terms-stats');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      version: '1.0',
      total_users: 3,
      accepted: 2,
      pending: 1,
      revoked: 1,
      acceptance_rate: 66.7,
    });
  });

  it('gives a rate of 0 when nobody has accepted, 404 for an unknown version, 400 for an empty one', async () => {
    await reset();
    expect((await get('/api/admin/terms-stats')).json()).toMatchObject({
      total_users: 2,
      accepted: 0,
      pending: 2,
      revoked: 0,
      acceptance_rate: 0,
    });
    const unknown = await get('/api/admin/terms-stats?version=9.9');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'Terms version not found' });
    expect((await get('/api/admin/terms-stats?version=')).statusCode).toBe(400);
  });
});

describe('POST /api/admin/revoke-terms/:id', () => {
  it('revokes the record with its reason, then answers 409 for a second revocation', async () => {
    await reset();
    await acceptAs(student);
    const record = await recordOf(student.user.id);
    t.clock.advance(5000);
    const url = `/api/admin/revoke-terms/${record.id}`;
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: admin.auth,
      payload: { reason: '  Duplicate account ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().record).toMatchObject({
      id: record.id,
      username: 'mei',
      revoked_at: t.clock.now().toISOString(),
      reason: 'Duplicate account',
    });
    const again = await t.app.inject({
      method: 'POST',
      url,
      headers: admin.auth,
      payload: { reason: 'again' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: 'This acceptance has already been revoked',
      code: 'ALREADY_REVOKED',
    });
  });

  it('validates the reason and answers 404 for an unknown record', async () => {
    await reset();
    await acceptAs(student);
    const record = await recordOf(student.user.id);
    const url = `/api/admin/revoke-terms/${record.id}`;
    for (const payload of [{}, { reason: '   ' }]) {
      const res = await t.app.inject({ method: 'POST', url, headers: admin.auth, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Reason is required' });
    }
    const long = await t.app.inject({
      method: 'POST',
      url,
      headers: admin.auth,
      payload: { reason: 'x'.repeat(501) },
    });
    expect(long.json()).toMatchObject({ error: 'Must be at most 500 characters' });
    expect((await recordOf(student.user.id)).revoked_at).toBeNull();

    const missing = await t.call(
      'POST',
      `/api/admin/revoke-terms/${randomUUID()}`,
      { reason: 'x' },
      admin.auth,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'Terms record not found' });
  });
});

describe('DELETE /api/admin/terms/:id', () => {
  it('deletes the record, so the user is asked again; 404 the second time', async () => {
    await reset();
    await acceptAs(student);
    const record = await recordOf(student.user.id);
    const url = `/api/admin/terms/${record.id}`;
    const res = await t.call('DELETE', url, undefined, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const status = await get(`/api/user/${student.user.id}/terms-status`, student.auth);
    expect(status.json().requiresAcceptance).toBe(true);
    const again = await t.call('DELETE', url, undefined, admin.auth);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: 'Terms record not found' });
  });
});
