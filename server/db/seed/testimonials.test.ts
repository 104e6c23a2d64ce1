import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestimonialFields } from '../../../common/testimonials';
import { localStorage } from '../../platform/storage';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin } from '../../test/factories';
import { DEMO_TESTIMONIALS } from './testimonials';
import { seedDemo } from '.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db, localStorage(t.mediaDir), { info: () => {} }, t.clock.now());
});
afterAll(async () => t?.close());

describe('the demo testimonials', () => {
  it('would each pass the form the public site uses', () => {
    for (const row of DEMO_TESTIMONIALS)
      expect(TestimonialFields.safeParse(row).error, row.student_name).toBeUndefined();
  });

  it('are eight approved (four featured) and two waiting for approval', async () => {
    const admin = await createAdmin(t);
    const stats = await t.call('GET', '/api/admin/testimonials/stats', undefined, admin.auth);
    expect(stats.json()).toEqual({ total: 10, approved: 8, pending: 2, rejected: 0, featured: 4 });

    const featured = (await t.call('GET', '/api/testimonials/featured')).json();
    expect(featured.testimonials).toHaveLength(4);
    const carousel = (await t.call('GET', '/api/testimonials?limit=8')).json();
    expect(carousel.testimonials.map((row: { student_name: string }) => row.student_name)).toEqual(
      DEMO_TESTIMONIALS.filter((row) => row.status === 'approved')
        .sort((a, b) => a.days_ago - b.days_ago)
        .map((row) => row.student_name),
    );
  });
});
