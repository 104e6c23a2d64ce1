import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { termsAcceptances } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';
import { itConcurrently } from '../../test/concurrency';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const status = (id: string, headers?: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/user/${id}/terms-status`, headers });
const accept = (id: string, payload: unknown, headers?: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api/user/${id}/accept-terms`, headers, payload: payload as object });

describe('GET /api/terms', () => {
  it('returns the current terms, version 1.0 effective 07/14/2025, to anyone', async () => {
    const res = await t.call('GET', '/api/terms');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ version: '1.0', effective_date: '2025-07-14' });
    expect(body.content).toContain('Effective date: 07/14/2025');
    for (const topic of [
      'assumption of risk',
      'lifetime access',
      'All sales are final',
      '30-day money-back guarantee',
      'AI Sifu',
      'not medical',
      '3-5 business days',
      'Privacy',
    ]) {
      expect(body.content).toContain(topic);
    }
  });
});

describe('GET /api/user/:id/terms-status', () => {
  it('requires acceptance from a new user', async () => {
    const { user, auth } = await createUser(t);
    const res = await status(user.id, auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      requiresAcceptance: true,
      currentVersion: '1.0',
      acceptedVersion: null,
      acceptedAt: null,
      terms: { version: '1.0', effective_date: '2025-07-14' },
    });
  });

  it('lets an admin read another user’s status', async () => {
    const { user } = await createUser(t);
    const admin = await createAdmin(t);
    const res = await status(user.id, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().requiresAcceptance).toBe(true);
  });

  it('answers 404 to an admin asking about an unknown user', async () => {
    const admin = await createAdmin(t);
    const res = await status(randomUUID(), admin.auth);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'User not found' });
  });

  it('refuses another student’s status with 403', async () => {
    const { user } = await createUser(t);
    const other = await createUser(t);
    const res = await status(user.id, other.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'NOT_OWNER' });
  });

  it('answers 401 without a token and 400 for a malformed id', async () => {
    const { user, auth } = await createUser(t);
    expect((await status(user.id)).statusCode).toBe(401);
    const bad = await status('not-a-uuid', auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'Invalid id', code: 'VALIDATION_ERROR' });
  });
});

describe('POST /api/user/:id/accept-terms', () => {
  it('records the acceptance and clears the requirement', async () => {
    const { user, auth } = await createUser(t);
    const res = await accept(user.id, { version: '1.0' }, auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      requiresAcceptance: false,
      currentVersion: '1.0',
      acceptedVersion: '1.0',
      acceptedAt: t.clock.now().toISOString(),
    });
    expect((await status(user.id, auth)).json().requiresAcceptance).toBe(false);
  });

  it('is idempotent: accepting twice keeps one active record', async () => {
    const { user, auth } = await createUser(t);
    const first = await accept(user.id, { version: '1.0' }, auth);
    t.clock.advance(60_000);
    const second = await accept(user.id, { version: ' 1.0 ' }, auth);
    expect(second.statusCode).toBe(200);
    expect(second.json().acceptedAt).toBe(first.json().acceptedAt);
    const rows = await t.database.db
      .select()
      .from(termsAcceptances)
      .where(and(eq(termsAcceptances.user_id, user.id), isNull(termsAcceptances.revoked_at)));
    expect(rows).toHaveLength(1);
  });

  itConcurrently('accepts concurrent double clicks without a duplicate or an error', async () => {
    const { user, auth } = await createUser(t);
    const results = await Promise.all([
      accept(user.id, { version: '1.0' }, auth),
      accept(user.id, { version: '1.0' }, auth),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await t.database.db
      .select()
      .from(termsAcceptances)
      .where(eq(termsAcceptances.user_id, user.id));
    expect(rows).toHaveLength(1);
  });

  it('rejects any version but the current one', async () => {
    const { user, auth } = await createUser(t);
    const res = await accept(user.id, { version: '0.9' }, auth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'Please accept the current version of the terms of service',
      code: 'TERMS_VERSION_MISMATCH',
    });
    expect((await status(user.id, auth)).json().requiresAcceptance).toBe(true);
  });

  it.each([
    [{}, 'Version is required'],
    [{ version: '   ' }, 'Version is required'],
    [{ version: 10 }, 'Version is required'],
    [{ version: 'x'.repeat(51) }, 'Must be at most 50 characters'],
  ])('validates the version: %j', async (payload, message) => {
    const { user, auth } = await createUser(t);
    const res = await accept(user.id, payload, auth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
  });

  it('does not let anyone, admins included, accept for another user', async () => {
    const { user } = await createUser(t);
    const other = await createUser(t);
    const admin = await createAdmin(t);
    for (const caller of [other, admin]) {
      const res = await accept(user.id, { version: '1.0' }, caller.auth);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'You can only accept the terms of service for yourself' });
    }
    const rows = await t.database.db
      .select()
      .from(termsAcceptances)
      .where(eq(termsAcceptances.user_id, user.id));
    expect(rows).toHaveLength(0);
  });

  it('answers 401 without a token', async () => {
    const { user } = await createUser(t);
    expect((await accept(user.id, { version: '1.0' })).statusCode).toBe(401);
  });

  it('asks again after an admin revokes the acceptance, and accepts again', async () => {
    const { user, auth } = await createUser(t);
    const admin = await createAdmin(t);
    await accept(user.id, { version: '1.0' }, auth);
    const [record] = await t.database.db
      .select()
      .from(termsAcceptances)
      .where(eq(termsAcceptances.user_id, user.id));
    const revoked = await t.call(
      'POST',
      `/api/admin/revoke-terms/${record!.id}`,
      { reason: 'Accepted on a shared computer' },
      admin.auth,
    );
    expect(revoked.statusCode).toBe(200);

    const after = (await status(user.id, auth)).json();
    expect(after).toMatchObject({ requiresAcceptance: true, acceptedVersion: null, acceptedAt: null });

    t.clock.advance(1000);
    const again = await accept(user.id, { version: '1.0' }, auth);
    expect(again.json()).toMatchObject({
      requiresAcceptance: false,
      acceptedAt: t.clock.now().toISOString(),
    });
    const rows = await t.database.db
      .select()
      .from(termsAcceptances)
      .where(eq(termsAcceptances.user_id, user.id));
    expect(rows).toHaveLength(2);
  });
});
