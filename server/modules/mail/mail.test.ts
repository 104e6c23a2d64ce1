import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const base = t.clock.now().getTime();
  await t.database.db.insert(mailOutbox).values([
    {
      to_address: 'mei@example.org',
      subject: 'Welcome to Kwoon',
      text_body: 'Hello Mei',
      status: 'logged',
      created_at: new Date(base),
      sent_at: new Date(base),
    },
    {
      to_address: 'daniel@example.org',
      subject: 'Your booking',
      text_body: 'Booked',
      attachments: [{ filename: 'booking.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' }],
      status: 'failed',
      error: 'connect ECONNREFUSED',
      created_at: new Date(base + 1000),
    },
    {
      to_address: 'lin@example.org',
      subject: 'Workshop reminder',
      text_body: 'Tomorrow',
      status: 'sent',
      created_at: new Date(base + 2000),
      sent_at: new Date(base + 2500),
    },
  ]);
});
afterAll(async () => t.close());

const list = (query: string, headers?: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/admin/outbox${query}`, headers });

describe('GET /api/admin/outbox', () => {
  it('lists messages newest first, without their bodies', async () => {
    const admin = await createAdmin(t);
    const res = await list('', admin.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 3, limit: 50, offset: 0 });
    expect(body.messages.map((m: { subject: string }) => m.subject)).toEqual([
      'Workshop reminder',
      'Your booking',
      'Welcome to Kwoon',
    ]);
    expect(body.messages[1]).toEqual({
      id: expect.any(String),
      to_address: 'daniel@example.org',
      subject: 'Your booking',
      status: 'failed',
      error: 'connect ECONNREFUSED',
      created_at: new Date(t.clock.now().getTime() + 1000).toISOString(),
      sent_at: null,
    });
    expect(body.messages[0]).not.toHaveProperty('text_body');
  });

  it('pages with limit and offset', async () => {
    const admin = await createAdmin(t);
    const body = (await list('?limit=1&offset=1', admin.auth)).json();
    expect(body).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(body.messages.map((m: { subject: string }) => m.subject)).toEqual(['Your booking']);
  });

  it.each([
    ['?limit=0', 'Limit must be at least 1'],
    ['?limit=201', 'Limit must be at most 200'],
    ['?limit=abc', 'Limit must be a whole number'],
    ['?limit=1.5', 'Limit must be a whole number'],
    ['?offset=-1', 'Offset must be 0 or more'],
  ])('validates %s', async (query, message) => {
    const admin = await createAdmin(t);
    const res = await list(query, admin.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
  });

  it('answers 401 without a token and 403 for a student', async () => {
    const student = await createUser(t);
    expect((await list('')).statusCode).toBe(401);
    expect((await list('', student.auth)).statusCode).toBe(403);
  });
});

describe('GET /api/admin/outbox/{id}', () => {
  it("shows a message's attached files with their text", async () => {
    const admin = await createAdmin(t);
    const messages = (await list('', admin.auth)).json().messages as { id: string; subject: string }[];
    const booked = messages.find((m) => m.subject === 'Your booking')!;
    const res = await t.call('GET', `/api/admin/outbox/${booked.id}`, undefined, admin.auth);
    expect(res.json()).toMatchObject({
      attachments: [{ filename: 'booking.ics', content_type: 'text/calendar', content: 'BEGIN:VCALENDAR' }],
    });
  });

  it('shows one message with its text to admins only', async () => {
    const admin = await createAdmin(t);
    const student = await createUser(t);
    const [first] = (await list('', admin.auth)).json().messages as { id: string }[];
    const read = (id: string, headers?: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/api/admin/outbox/${id}`, headers });
    const res = await read(first!.id, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: first!.id,
      subject: 'Workshop reminder',
      text: 'Tomorrow',
      attachments: [],
    });
    expect((await read(first!.id, student.auth)).statusCode).toBe(403);
    expect((await read(first!.id)).statusCode).toBe(401);
    expect((await read('00000000-0000-4000-8000-000000000000', admin.auth)).statusCode).toBe(404);
    expect((await read('not-an-id', admin.auth)).statusCode).toBe(400);
  });
});
