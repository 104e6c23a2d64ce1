import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin } from '../../test/factories';
import { blogPostBody } from '../blog/test/factories';
import { createTestimonial } from '../testimonials/test/factories';
import { pageEncoding } from './site-compression';

/* The public pages read the school's settings and the featured testimonials from their modules. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createAdmin(t);
  await createTestimonial(t, { student_name: 'Featured Fiona', is_featured: true });
  await createTestimonial(t, { student_name: 'Plain Paul' });
  await createTestimonial(t, { student_name: 'Pending Pat', status: 'pending', is_featured: true });
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/school',
    headers: admin.auth,
    payload: {
      name: 'Lakeside Taiji Society',
      tagline: 'Taijiquan by the lake',
      description: 'A small volunteer-run school of Yang style Taijiquan.',
      address: {
        street: '12 Shore Lane',
        city: 'Lakeport',
        region: 'CA',
        postal_code: '95453',
        country: 'US',
      },
      area_label: 'Lake County',
      email: 'info@lakesidetaiji.org',
      phone: '(707) 555-0199',
      hours: [
        { label: 'Tuesday', days: ['Tuesday'], closed: false, opens: '18:00', closes: '20:30' },
        { label: 'Sunday', days: ['Sunday'], closed: true },
      ],
      social_links: [{ network: 'instagram', url: 'https://www.instagram.com/lakesidetaiji' }],
    },
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(async () => t?.close());

describe('the landing page', () => {
  it("shows the school's saved settings, its hours as people read them and as structured data", async () => {
    const res = await t.call('GET', '/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Lakeside Taiji Society');
    expect(res.body).not.toContain('Redwood Internal Arts Foundation');
    expect(res.body).toContain('6PM-8:30PM');
    expect(res.body).toContain('"opens":"18:00","closes":"20:30"');
    expect(res.body).toContain('>Instagram<');
  });

  it('shows the approved featured testimonials only', async () => {
    const res = await t.call('GET', '/');
    expect(res.body).toContain('Featured Fiona');
    expect(res.body).not.toContain('Plain Paul');
    expect(res.body).not.toContain('Pending Pat');
    expect(res.body).not.toContain('student@example.org');
  });
});

describe("the school's name elsewhere", () => {
  it('is the author of a post that names none, and the title of the RSS feed', async () => {
    const admin = await createAdmin(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blog/post',
      headers: admin.auth,
      payload: blogPostBody({ author: '' }),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json<{ post: { author: string } }>().post.author).toBe('Lakeside Taiji Society');
    const feed = await t.call('GET', '/blog/rss.xml');
    expect(feed.body).toContain('<title>Lakeside Taiji Society — Blog</title>');
  });
});

describe('compression', () => {
  it('sends a page in brotli, else gzip, else as it is, the same page each way', async () => {
    const plain = await t.call('GET', '/about');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    const br = await t.call('GET', '/about', undefined, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await t.app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).not.toBe(gzip.headers.etag);
  });

  it('follows the weights of Accept-Encoding', () => {
    expect(pageEncoding(undefined)).toBeNull();
    expect(pageEncoding('identity')).toBeNull();
    expect(pageEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pageEncoding('*')).toBe('br');
    expect(pageEncoding('*, br;q=0')).toBe('gzip');
    expect(pageEncoding('deflate')).toBeNull();
    expect(pageEncoding('X-GZIP')).toBe('gzip');
  });
});
