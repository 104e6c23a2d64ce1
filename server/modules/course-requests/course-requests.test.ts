import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseRequests, users } from '../../db/schema';
import { createTestApp, eachOnAnAppOfItsOwn, type Headers, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (payload: unknown, headers?: Headers) =>
  t.call('POST', '/api/course-requests', payload, headers);
const get = (url: string, headers?: Headers) => t.call('GET', url, undefined, headers);
const del = (id: string, headers?: Headers) =>
  t.call('DELETE', `/api/course-requests/${id}`, undefined, headers);
const setStatus = (id: string, payload: unknown, headers?: Headers) =>
  t.call('PUT', `/api/admin/course-requests/${id}/status`, payload, headers);

const valid = {
  subject: 'Baguazhang circle walking',
  experience: 'Two years of Taijiquan',
  reason: 'I want to learn the eight palm changes',
};

/** A course request by a new student, through the API. */
async function request(fields: Partial<typeof valid> = {}) {
  const s = await createUser(t);
  const res = await post({ ...valid, ...fields }, s.auth);
  expect(res.statusCode).toBe(201);
  t.clock.advance(1000);
  return { ...s, request: res.json().request };
}

describe('GET /api/course-requests/popular', () => {
  describe('on a database of its own, since popularity counts every request', () => {
    eachOnAnAppOfItsOwn({ get: () => t, set: (app) => (t = app) });

    it('groups subjects ignoring case and spaces, most requested first', async () => {
      await request({ subject: 'Chen style sword' });
      await request({ subject: 'Xingyi spear' });
      await request({ subject: 'xingyi SPEAR ' });
      await request({ subject: 'Iron palm' });
      await request({ subject: 'Iron Palm' });
      const latest = await request({ subject: '  Xingyi Spear' });
      const s = await createUser(t);
      const res = await get('/api/course-requests/popular', s.auth);
      expect(res.statusCode).toBe(200);
      const { requests } = res.json();
      expect(
        requests.map((r: { subject: string; request_count: number }) => [r.subject, r.request_count]),
      ).toEqual([
        ['Xingyi Spear', 3],
        ['Iron Palm', 2],
        ['Chen style sword', 1],
      ]);
      expect(requests[0].latest_at).toBe(latest.request.created_at);
      const top = await get('/api/course-requests/popular?limit=1', s.auth);
      expect(top.json().requests).toHaveLength(1);
    });
  });

  it('validates the limit and needs a token', async () => {
    const s = await createUser(t);
    for (const [query, message] of [
      ['limit=0', 'Limit must be at least 1'],
      ['limit=51', 'Limit must be at most 50'],
      ['limit=x', 'Limit must be a whole number'],
    ]) {
      const res = await get(`/api/course-requests/popular?${query}`, s.auth);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect((await get('/api/course-requests/popular')).statusCode).toBe(401);
  });
});

describe('POST /api/course-requests', () => {
  it('creates a pending request with trimmed fields', async () => {
    const s = await createUser(t);
    const res = await post({ ...valid, subject: '  Bagua  ' }, s.auth);
    expect(res.statusCode).toBe(201);
    expect(res.json().request).toMatchObject({
      user_id: s.user.id,
      user_name: s.user.name,
      subject: 'Bagua',
      experience: valid.experience,
      reason: valid.reason,
      status: 'pending',
      admin_notes: null,
    });
  });

  it('requires subject, experience and reason', async () => {
    const s = await createUser(t);
    for (const [field, message] of [
      ['subject', 'Subject is required'],
      ['experience', 'Experience is required'],
      ['reason', 'Reason is required'],
    ] as const) {
      for (const value of [undefined, '', '   ', 42]) {
        const res = await post({ ...valid, [field]: value }, s.auth);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
      }
    }
    const rows = await t.database.db
      .select()
      .from(courseRequests)
      .where(eq(courseRequests.user_id, s.user.id));
    expect(rows).toHaveLength(0);
  });

  it('limits the subject to 200 characters and the others to 2000', async () => {
    const s = await createUser(t);
    for (const [field, max, message] of [
      ['subject', 200, 'Subject must be at most 200 characters'],
      ['experience', 2000, 'Experience must be at most 2000 characters'],
      ['reason', 2000, 'Reason must be at most 2000 characters'],
    ] as const) {
      const res = await post({ ...valid, [field]: 'x'.repeat(max + 1) }, s.auth);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
      expect((await post({ ...valid, [field]: 'x'.repeat(max) }, s.auth)).statusCode).toBe(201);
    }
  });

  it('needs a token', async () => {
    expect((await post(valid)).statusCode).toBe(401);
  });
});

describe('GET /api/users/:id/course-requests and DELETE /api/course-requests/:id', () => {
  it('lists the user’s own requests, newest first', async () => {
    const s = await createUser(t);
    const first = await post({ ...valid, subject: 'First' }, s.auth);
    t.clock.advance(1000);
    const second = await post({ ...valid, subject: 'Second' }, s.auth);
    const res = await get(`/api/users/${s.user.id}/course-requests`, s.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(2);
    expect(res.json().requests.map((r: { id: string }) => r.id)).toEqual([
      second.json().request.id,
      first.json().request.id,
    ]);
    const admin = await createAdmin(t);
    expect((await get(`/api/users/${s.user.id}/course-requests`, admin.auth)).json().total).toBe(2);
  });

  it('refuses another student (403) and callers without a token (401)', async () => {
    const { user } = await request();
    const other = await createUser(t);
    const res = await get(`/api/users/${user.id}/course-requests`, other.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'You can only access your own account' });
    expect((await get(`/api/users/${user.id}/course-requests`)).statusCode).toBe(401);
  });

  it('lets the owner and an admin delete a request, nobody else', async () => {
    const mine = await request();
    const other = await createUser(t);
    const refused = await del(mine.request.id, other.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'You can only delete your own course requests' });
    expect((await del(mine.request.id)).statusCode).toBe(401);
    const res = await del(mine.request.id, mine.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const missing = await del(mine.request.id, mine.auth);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'Course request not found' });

    const theirs = await request();
    const admin = await createAdmin(t);
    expect((await del(theirs.request.id, admin.auth)).statusCode).toBe(200);
  });
});

describe('admin course requests', () => {
  it('lists requests, filtered by status, and rejects an unknown status', async () => {
    const admin = await createAdmin(t);
    await request();
    await request();
    const r = await request({ subject: 'Planned one' });
    expect((await setStatus(r.request.id, { status: 'planned' }, admin.auth)).statusCode).toBe(200);
    const planned = await get('/api/admin/course-requests?status=planned', admin.auth);
    expect(planned.statusCode).toBe(200);
    const { requests: plannedOnes } = planned.json();
    expect(plannedOnes[0]).toMatchObject({ id: r.request.id, status: 'planned' });
    expect(plannedOnes.every((one: { status: string }) => one.status === 'planned')).toBe(true);
    const all = await get('/api/admin/course-requests?limit=2', admin.auth);
    expect(all.json().requests).toHaveLength(2);
    expect(all.json().total).toBeGreaterThan(2);

    const bad = await get('/api/admin/course-requests?status=approved', admin.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(
      'Status must be one of pending, under_review, planned, completed, declined',
    );
  });

  it('changes the status with notes and e-mails the requester', async () => {
    const admin = await createAdmin(t);
    const r = await request({ subject: 'Xingyi five fists' });
    const sent = t.mail.length;
    const res = await setStatus(
      r.request.id,
      { status: 'planned', admin_notes: ' Coming this autumn ' },
      admin.auth,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().request).toMatchObject({ status: 'planned', admin_notes: 'Coming this autumn' });
    expect(t.mail).toHaveLength(sent + 1);
    const mail = t.mail[t.mail.length - 1]!;
    expect(mail).toMatchObject({ to: r.user.email, subject: 'Your course request: Xingyi five fists' });
    expect(mail.text).toContain('Planned');
    expect(mail.text).toContain('Coming this autumn');

    // Same status again: the notes change, nobody is e-mailed; leaving notes out keeps them.
    const notesOnly = await setStatus(
      r.request.id,
      { status: 'planned', admin_notes: 'Autumn 2026' },
      admin.auth,
    );
    expect(notesOnly.json().request.admin_notes).toBe('Autumn 2026');
    const kept = await setStatus(r.request.id, { status: 'completed' }, admin.auth);
    expect(kept.json().request).toMatchObject({ status: 'completed', admin_notes: 'Autumn 2026' });
    expect(t.mail).toHaveLength(sent + 2);
    const cleared = await setStatus(r.request.id, { status: 'completed', admin_notes: null }, admin.auth);
    expect(cleared.json().request.admin_notes).toBeNull();
  });

  it('does not e-mail requesters who turned e-mail notifications off', async () => {
    const admin = await createAdmin(t);
    const r = await request();
    await t.database.db.update(users).set({ email_notifications: false }).where(eq(users.id, r.user.id));
    const sent = t.mail.length;
    const res = await setStatus(r.request.id, { status: 'declined' }, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().request.status).toBe('declined');
    expect(t.mail).toHaveLength(sent);
  });

  it('validates the status change', async () => {
    const admin = await createAdmin(t);
    const r = await request();
    for (const body of [{}, { status: 'approved' }, { status: 'planned', admin_notes: 'x'.repeat(2001) }]) {
      const res = await setStatus(r.request.id, body, admin.auth);
      expect(res.statusCode).toBe(400);
    }
    expect((await setStatus(r.request.id, { status: 'nope' }, admin.auth)).json().error).toBe(
      'Status must be one of pending, under_review, planned, completed, declined',
    );
    expect(
      (await setStatus(r.request.id, { status: 'planned', admin_notes: 'x'.repeat(2001) }, admin.auth)).json()
        .error,
    ).toBe('Admin notes must be at most 2000 characters');
    const missing = await setStatus(randomUUID(), { status: 'planned' }, admin.auth);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'Course request not found' });
    const [row] = await t.database.db
      .select()
      .from(courseRequests)
      .where(eq(courseRequests.id, r.request.id));
    expect(row!.status).toBe('pending');
  });

  it('refuses students (403) and callers without a token (401)', async () => {
    const s = await request();
    const attempts = [
      () => get('/api/admin/course-requests', s.auth),
      () => setStatus(s.request.id, { status: 'planned' }, s.auth),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'ADMIN_ONLY' });
    }
    expect((await get('/api/admin/course-requests')).statusCode).toBe(401);
    expect((await setStatus(s.request.id, { status: 'planned' })).statusCode).toBe(401);
  });
});
