import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FEATURED_TESTIMONIALS_DEFAULT_LIMIT,
  TESTIMONIAL_SUBMIT_LIMIT,
  TESTIMONIAL_THANKS_MESSAGE,
  TESTIMONIALS_DEFAULT_LIMIT,
} from '../../../common/testimonials';
import { mailOutbox, testimonials } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin } from '../../test/factories';
import { createTestimonial, TESTIMONIAL_TEXT } from './test/factories';

let t: TestApp;
let admins: string[];

beforeAll(async () => {
  t = await createTestApp();
  admins = [
    (await createAdmin(t, { email: 'sifu-lin@example.org' })).user.email,
    (await createAdmin(t, { email: 'sifu-maria@example.org' })).user.email,
  ];
  await createAdmin(t, { email: 'retired@example.org', is_active: false });
  // More than a page of each kind, some of every status, at distinct moments.
  for (let i = 0; i < 12; i++) {
    await createTestimonial(t, {
      status: (['approved', 'approved', 'pending', 'rejected'] as const)[i % 4],
      is_featured: i % 4 === 0 || i % 4 === 2,
      submitted_at: new Date(Date.UTC(2026, 0, 1 + i)),
    });
  }
});
afterAll(async () => t?.close());

let addressCount = 0;
const nextAddress = () => `198.51.100.${++addressCount}`;

const validTestimonial = () => ({
  student_name: 'Rosa Delgado',
  instructor_context: 'Baguazhang with Sifu Zhao Ming, one year',
  testimonial_text: TESTIMONIAL_TEXT,
  student_email: 'rosa@example.org',
  student_location: 'Petaluma, CA',
  photo_url: 'https://images.example.org/rosa.jpg',
  video_url: '',
  website: '',
});

const submit = (payload: unknown, address = nextAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/testimonials',
    payload: payload as object,
    remoteAddress: address,
  });

const get = (url: string) => t.call('GET', url);

/** The approved testimonials' ids as the public lists order them, read from the table. */
async function approvedIds(options: { featured?: boolean; limit: number }) {
  const rows = await t.database.db
    .select({ id: testimonials.id })
    .from(testimonials)
    .where(
      options.featured
        ? and(eq(testimonials.status, 'approved'), eq(testimonials.is_featured, true))
        : eq(testimonials.status, 'approved'),
    )
    .orderBy(desc(testimonials.submitted_at), desc(testimonials.id))
    .limit(options.limit);
  return rows.map((row) => row.id);
}

const idsOf = (res: { json: () => { testimonials: { id: string }[] } }) =>
  res.json().testimonials.map((r) => r.id);

describe('GET /api/testimonials', () => {
  it(`answers ${TESTIMONIALS_DEFAULT_LIMIT} approved testimonials, newest first, without e-mails`, async () => {
    const res = await get('/api/testimonials');
    expect(res.statusCode).toBe(200);
    expect(idsOf(res)).toEqual(await approvedIds({ limit: TESTIMONIALS_DEFAULT_LIMIT }));
    for (const row of res.json().testimonials) {
      expect(row).not.toHaveProperty('student_email');
      expect(row).toMatchObject({ status: 'approved', is_approved: true, approved_at: expect.any(String) });
    }
  });

  it('takes a limit and keeps the featured ones when asked', async () => {
    expect(idsOf(await get('/api/testimonials?limit=2'))).toEqual(await approvedIds({ limit: 2 }));
    const featured = await get('/api/testimonials?featured=true&limit=8');
    expect(idsOf(featured)).toEqual(await approvedIds({ featured: true, limit: 8 }));
    expect(featured.json().testimonials.every((r: { is_featured: boolean }) => r.is_featured)).toBe(true);
    expect(idsOf(await get('/api/testimonials?featured=false&limit=8'))).toEqual(
      await approvedIds({ limit: 8 }),
    );
  });

  it.each([
    ['limit=0', 'Limit must be at least 1'],
    ['limit=51', 'Limit must be at most 50'],
    ['limit=two', 'Limit must be a whole number'],
    ['featured=maybe', 'featured must be true or false'],
  ])('refuses ?%s with its message', async (query, message) => {
    const res = await get(`/api/testimonials?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
  });
});

describe('GET /api/testimonials/featured', () => {
  it(`answers up to ${FEATURED_TESTIMONIALS_DEFAULT_LIMIT} approved and featured testimonials`, async () => {
    await createTestimonial(t, { is_featured: true, submitted_at: new Date('2026-02-01T00:00:00Z') });
    const res = await get('/api/testimonials/featured');
    expect(res.statusCode).toBe(200);
    expect(idsOf(res)).toEqual(
      await approvedIds({ featured: true, limit: FEATURED_TESTIMONIALS_DEFAULT_LIMIT }),
    );
    expect(idsOf(await get('/api/testimonials/featured?limit=1'))).toEqual(
      await approvedIds({ featured: true, limit: 1 }),
    );
  });
});

describe('POST /api/testimonials', () => {
  it('keeps the testimonial pending and e-mails every active administrator through the outbox', async () => {
    const before = t.mail.length;
    // A name no other test submits: the rows and messages found below are this submission's alone.
    const res = await submit({ ...validTestimonial(), student_name: 'Rosa Delgado-Ortiz' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ success: true, message: TESTIMONIAL_THANKS_MESSAGE });

    const [row] = await t.database.db
      .select()
      .from(testimonials)
      .where(eq(testimonials.student_name, 'Rosa Delgado-Ortiz'));
    expect(row).toMatchObject({
      status: 'pending',
      is_featured: false,
      approved_at: null,
      student_email: 'rosa@example.org',
      student_location: 'Petaluma, CA',
      photo_url: 'https://images.example.org/rosa.jpg',
      video_url: null,
      testimonial_text: TESTIMONIAL_TEXT,
    });
    // Not on the site until approved.
    expect(idsOf(await get('/api/testimonials?limit=50'))).not.toContain(row!.id);

    const sent = t.mail.slice(before);
    expect(sent.map((mail) => mail.to).sort()).toEqual([...admins].sort());
    for (const mail of sent) {
      expect(mail.subject).toBe('[Testimonial] New testimonial from Rosa Delgado-Ortiz');
      expect(mail.text).toContain('Training context: Baguazhang with Sifu Zhao Ming, one year');
      expect(mail.text).toContain('E-mail: rosa@example.org');
      expect(mail.text).toContain(TESTIMONIAL_TEXT);
      expect(mail.text).toContain('/app/admin');
    }
    const outbox = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, '[Testimonial] New testimonial from Rosa Delgado-Ortiz'));
    expect(outbox.map((m) => m.to_address).sort()).toEqual([...admins].sort());
  });

  it('keeps one-line fields on one line in the e-mail', async () => {
    const before = t.mail.length;
    const res = await submit({ ...validTestimonial(), student_name: 'Eve\nBcc: all@example.org' });
    expect(res.statusCode).toBe(202);
    expect(t.mail[before]!.subject).toBe('[Testimonial] New testimonial from Eve Bcc: all@example.org');
  });

  it('answers a filled honeypot exactly like a success, and keeps and sends nothing', async () => {
    const before = t.mail.length;
    const payload = { ...validTestimonial(), student_name: 'Robot Spammer', website: 'https://spam.example' };
    const res = await submit(payload);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual((await submit(validTestimonial())).json());
    expect(
      await t.database.db.select().from(testimonials).where(eq(testimonials.student_name, 'Robot Spammer')),
    ).toEqual([]);
    expect(t.mail.slice(before).some((mail) => mail.subject.includes('Robot Spammer'))).toBe(false);
  });

  it.each([
    ['name missing', { student_name: undefined }, 'student_name', 'Student name is required'],
    ['name blank', { student_name: '  ' }, 'student_name', 'Student name is required'],
    [
      'name too long',
      { student_name: 'n'.repeat(101) },
      'student_name',
      'Student name must be at most 100 characters',
    ],
    [
      'context missing',
      { instructor_context: undefined },
      'instructor_context',
      'Training context is required',
    ],
    ['text missing', { testimonial_text: undefined }, 'testimonial_text', 'Testimonial text is required'],
    ['text blank', { testimonial_text: '   ' }, 'testimonial_text', 'Testimonial text is required'],
    [
      'text too short',
      { testimonial_text: `  ${'a'.repeat(99)}  ` },
      'testimonial_text',
      'Testimonial must be at least 100 characters',
    ],
    [
      'text too long',
      { testimonial_text: 'a'.repeat(2001) },
      'testimonial_text',
      'Testimonial must be at most 2000 characters',
    ],
    ['email malformed', { student_email: 'rosa@' }, 'student_email', 'Please enter a valid email address'],
    [
      'photo not a URL',
      { photo_url: 'rosa.jpg' },
      'photo_url',
      'Photo URL must be a valid http or https URL',
    ],
    [
      'photo a script URL',
      { photo_url: 'javascript:alert(1)' },
      'photo_url',
      'Photo URL must be a valid http or https URL',
    ],
    [
      'video over ftp',
      { video_url: 'ftp://files.example.org/a.mp4' },
      'video_url',
      'Video URL must be a valid http or https URL',
    ],
    [
      'location too long',
      { student_location: 'l'.repeat(101) },
      'student_location',
      'Location must be at most 100 characters',
    ],
  ])('refuses %s with its message and keeps nothing', async (_case, change, path, message) => {
    const before = t.mail.length;
    const res = await submit({ ...validTestimonial(), student_name: 'Refused Student', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, code: 'VALIDATION_ERROR', details: [{ path, message }] });
    expect(t.mail.length).toBe(before);
  });

  it('accepts exactly 100 and 2000 characters, and stores blank optional fields as null', async () => {
    for (const text of ['a'.repeat(100), 'b'.repeat(2000)]) {
      const res = await submit({
        student_name: `Edge ${text.length}`,
        instructor_context: 'Xingyiquan',
        testimonial_text: text,
        student_email: ' ',
        student_location: '',
      });
      expect(res.statusCode).toBe(202);
      const [row] = await t.database.db
        .select()
        .from(testimonials)
        .where(eq(testimonials.student_name, `Edge ${text.length}`));
      expect(row).toMatchObject({ testimonial_text: text, student_email: null, student_location: null });
    }
  });

  it.each(['{bad', 'null', '[]', '"text"'])(
    'answers a 4xx in the error shape for the raw body %j',
    async (raw) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/testimonials',
        payload: raw,
        headers: { 'content-type': 'application/json' },
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toEqual(
        expect.objectContaining({ error: expect.any(String), code: expect.any(String) }),
      );
    },
  );

  it(`answers 429 past ${TESTIMONIAL_SUBMIT_LIMIT.max} submissions from one address, honeypot included`, async () => {
    const address = nextAddress();
    for (let i = 0; i < TESTIMONIAL_SUBMIT_LIMIT.max; i++) {
      const payload = { ...validTestimonial(), website: i === 0 ? 'spam' : '' };
      expect((await submit(payload, address)).statusCode).toBe(202);
    }
    const res = await submit(validTestimonial(), address);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      error: 'Too many attempts. Please try again in 60 minutes.',
      code: 'TOO_MANY_REQUESTS',
    });
    expect(Number(res.headers['retry-after'])).toBe(TESTIMONIAL_SUBMIT_LIMIT.windowMinutes * 60);
    // Another address is not held back, and the window ends.
    expect((await submit(validTestimonial())).statusCode).toBe(202);
    t.clock.advance(TESTIMONIAL_SUBMIT_LIMIT.windowMinutes * 60_000);
    expect((await submit(validTestimonial(), address)).statusCode).toBe(202);
  });
});

describe('the public lists’ cache', () => {
  it('serves a list again for seconds, and forgets it on any write through the API', async () => {
    const cached = await createTestApp({ CATALOGUE_CACHE_SECONDS: 30 });
    try {
      const admin = await createAdmin(cached);
      const read = async () =>
        (await cached.app.inject({ method: 'GET', url: '/api/testimonials?limit=50' })).json().testimonials
          .length;
      expect(await read()).toBe(0);
      // Written behind the API: not seen until the cache's seconds are over.
      const behind = await createTestimonial(cached, { status: 'pending' });
      await cached.database.db
        .update(testimonials)
        .set({ status: 'approved', approved_at: cached.clock.now() })
        .where(eq(testimonials.id, behind.id));
      expect(await read()).toBe(0);
      cached.clock.advance(30_000);
      expect(await read()).toBe(1);
      // Approved through the API: seen at once.
      const pending = await createTestimonial(cached, { status: 'pending' });
      const approve = await cached.app.inject({
        method: 'PUT',
        url: `/api/admin/testimonials/${pending.id}/approve`,
        headers: admin.auth,
      });
      expect(approve.statusCode).toBe(200);
      expect(await read()).toBe(2);
    } finally {
      await cached.close();
    }
  });
});
