import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testimonials } from '../../db/schema';
import type { Call, Headers, Method, TestApp } from '../../test/app';
import { itConcurrently } from '../../test/concurrency';
import { createTestAppWithMembers } from '../../test/factories';
import { createTestimonial, TESTIMONIAL_TEXT } from './test/factories';

let t: TestApp, student: Headers, asAdmin: Call;
beforeAll(async () => ({ t, student, call: asAdmin } = await createTestAppWithMembers()));
afterAll(async () => t?.close());

const call: Call = (method, url, payload, headers) =>
  asAdmin(method, `/api/admin/testimonials${url}`, payload, headers);

const rowOf = async (id: string) =>
  (await t.database.db.select().from(testimonials).where(eq(testimonials.id, id)))[0];

const fields = {
  student_name: 'Grace Whitfield',
  instructor_context: 'Taijiquan with Sifu Lin Wei, three years',
  testimonial_text: TESTIMONIAL_TEXT,
  student_email: 'grace@example.org',
  student_location: 'Sebastopol, CA',
  photo_url: null,
  video_url: 'https://www.youtube.com/watch?v=abc123',
};

describe('POST /api/admin/testimonials', () => {
  it('adds an approved testimonial and names it in Location', async () => {
    const res = await call('POST', '', { ...fields, is_featured: true });
    expect(res.statusCode).toBe(201);
    const { testimonial } = res.json();
    expect(res.headers.location).toBe(`/api/admin/testimonials/${testimonial.id}`);
    expect(testimonial).toMatchObject({
      ...fields,
      status: 'approved',
      is_approved: true,
      is_featured: true,
      submitted_at: t.clock.now().toISOString(),
      approved_at: t.clock.now().toISOString(),
    });
    expect((await call('GET', `/${testimonial.id}`)).json()).toEqual({ testimonial });
  });

  it('refuses the form’s mistakes with the shared messages', async () => {
    const res = await call('POST', '', { ...fields, testimonial_text: 'Too short', photo_url: 'not a url' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { path: 'testimonial_text', message: 'Testimonial must be at least 100 characters' },
      { path: 'photo_url', message: 'Photo URL must be a valid http or https URL' },
    ]);
  });
});

describe('GET /api/admin/testimonials', () => {
  it('lists by status, with e-mails, newest first', async () => {
    const marker = `Status ${randomUUID().slice(0, 6)}`;
    const made = {
      pending: await createTestimonial(t, { status: 'pending', student_name: `${marker} P` }),
      approved: await createTestimonial(t, { status: 'approved', student_name: `${marker} A` }),
      rejected: await createTestimonial(t, { status: 'rejected', student_name: `${marker} R` }),
    };
    for (const status of ['pending', 'approved', 'rejected'] as const) {
      const res = await call('GET', `?status=${status}&limit=100`);
      expect(res.statusCode).toBe(200);
      const rows = res.json().testimonials as { id: string; status: string; student_email: string }[];
      expect(rows.every((row) => row.status === status)).toBe(true);
      expect(rows.map((row) => row.id)).toContain(made[status].id);
      expect(rows.find((row) => row.id === made[status].id)?.student_email).toBe('student@example.org');
    }
    const all = (await call('GET', '?limit=100')).json();
    expect(all.testimonials.map((row: { id: string }) => row.id)).toEqual(
      expect.arrayContaining(Object.values(made).map((row) => row.id)),
    );
  });

  it('refuses an unknown status', async () => {
    const res = await call('GET', '?status=hidden');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Status must be one of all, pending, approved, rejected');
  });
});

describe('GET /api/admin/testimonials/stats', () => {
  it('counts every testimonial by status and the featured ones', async () => {
    const rows = await t.database.db.select().from(testimonials);
    const count = (keep: (row: (typeof rows)[number]) => boolean) => rows.filter(keep).length;
    const res = await call('GET', '/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: rows.length,
      approved: count((row) => row.status === 'approved'),
      pending: count((row) => row.status === 'pending'),
      rejected: count((row) => row.status === 'rejected'),
      featured: count((row) => row.is_featured),
    });
  });
});

describe('PUT /api/admin/testimonials/{id}/approve', () => {
  it('approves once: approving again keeps the first approval time', async () => {
    const row = await createTestimonial(t, { status: 'pending' });
    const first = await call('PUT', `/${row.id}/approve`);
    expect(first.statusCode).toBe(200);
    expect(first.json().testimonial).toMatchObject({
      status: 'approved',
      is_approved: true,
      approved_at: t.clock.now().toISOString(),
    });
    const approvedAt = first.json().testimonial.approved_at;
    t.clock.advance(60_000);
    const again = await call('PUT', `/${row.id}/approve`);
    expect(again.json().testimonial.approved_at).toBe(approvedAt);
  });

  it('approves a rejected testimonial again', async () => {
    const row = await createTestimonial(t, { status: 'rejected' });
    expect((await call('PUT', `/${row.id}/approve`)).json().testimonial.status).toBe('approved');
  });
});

describe('PUT /api/admin/testimonials/{id}/reject', () => {
  it('hides the testimonial, keeps the row and takes it out of the featured ones', async () => {
    const row = await createTestimonial(t, { status: 'approved', is_featured: true });
    const res = await call('PUT', `/${row.id}/reject`);
    expect(res.statusCode).toBe(200);
    expect(res.json().testimonial).toMatchObject({
      status: 'rejected',
      is_approved: false,
      is_featured: false,
      approved_at: null,
    });
    expect(await rowOf(row.id)).toMatchObject({ status: 'rejected', testimonial_text: TESTIMONIAL_TEXT });
    const pub = await t.call('GET', '/api/testimonials?limit=50');
    expect(pub.json().testimonials.map((r: { id: string }) => r.id)).not.toContain(row.id);
  });
});

describe('PUT /api/admin/testimonials/{id}/featured', () => {
  it('toggles the flag, whatever the approval', async () => {
    const row = await createTestimonial(t, { status: 'pending' });
    expect((await call('PUT', `/${row.id}/featured`)).json().testimonial.is_featured).toBe(true);
    expect((await call('PUT', `/${row.id}/featured`)).json().testimonial.is_featured).toBe(false);
    expect((await rowOf(row.id))?.is_featured).toBe(false);
  });

  it('refuses to feature a rejected testimonial', async () => {
    const row = await createTestimonial(t, { status: 'rejected' });
    const res = await call('PUT', `/${row.id}/featured`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'A rejected testimonial cannot be featured',
      code: 'TESTIMONIAL_REJECTED',
    });
    expect((await rowOf(row.id))?.is_featured).toBe(false);
  });

  itConcurrently(
    'gives concurrent toggles one consistent result: each flips what the one before left',
    async () => {
      const row = await createTestimonial(t, { status: 'approved' });
      const answers = await Promise.all(Array.from({ length: 6 }, () => call('PUT', `/${row.id}/featured`)));
      expect(answers.map((res) => res.statusCode)).toEqual(Array(6).fill(200));
      const flags = answers.map((res) => res.json().testimonial.is_featured as boolean);
      // Six flips: three saw it off and turned it on, three the reverse, and it ends as it began.
      expect(flags.filter(Boolean)).toHaveLength(3);
      expect((await rowOf(row.id))?.is_featured).toBe(false);
    },
  );
});

describe('PUT /api/admin/testimonials/{id}', () => {
  it('replaces the fields and keeps status and featured flag', async () => {
    const row = await createTestimonial(t, { status: 'approved', is_featured: true });
    const res = await call('PUT', `/${row.id}`, { ...fields, student_email: '', student_location: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().testimonial).toMatchObject({
      ...fields,
      student_email: null,
      student_location: null,
      status: 'approved',
      is_featured: true,
    });
  });

  it('refuses a bad edit and changes nothing', async () => {
    const row = await createTestimonial(t);
    const res = await call('PUT', `/${row.id}`, { ...fields, student_name: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Student name is required');
    expect(await rowOf(row.id)).toEqual(row);
  });
});

describe('DELETE /api/admin/testimonials/{id}', () => {
  it('deletes the testimonial for good', async () => {
    const row = await createTestimonial(t);
    expect((await call('DELETE', `/${row.id}`)).json()).toEqual({ success: true });
    expect(await rowOf(row.id)).toBeUndefined();
    expect((await call('DELETE', `/${row.id}`)).statusCode).toBe(404);
  });
});

describe('every admin call', () => {
  const id = randomUUID();
  const calls: [Method, string, object?][] = [
    ['GET', `/${id}`],
    ['PUT', `/${id}`, fields],
    ['PUT', `/${id}/approve`],
    ['PUT', `/${id}/reject`],
    ['PUT', `/${id}/featured`],
    ['DELETE', `/${id}`],
  ];

  it.each(calls)('%s %s answers 404 for a testimonial that does not exist', async (method, url, body) => {
    const res = await call(method, url, body);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Testimonial not found', code: 'TESTIMONIAL_NOT_FOUND' });
  });

  it.each(calls)('%s %s answers 400 for a malformed id', async (method, url, body) => {
    const res = await call(method, url.replace(id, 'not-an-id'), body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Invalid id');
  });

  it('answers 401 without a token and 403 to a student', async () => {
    for (const [headers, status] of [
      [{}, 401],
      [student, 403],
    ] as const) {
      expect((await call('GET', '', undefined, headers)).statusCode).toBe(status);
      expect((await call('GET', '/stats', undefined, headers)).statusCode).toBe(status);
      expect((await call('POST', '', fields, headers)).statusCode).toBe(status);
    }
  });
});
