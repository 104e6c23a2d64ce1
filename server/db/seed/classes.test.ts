import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClassInput, type Class } from '../../../common/classes';
import { localStorage } from '../../platform/storage';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin } from '../../test/factories';
import { DEMO_CLASSES } from './classes';
import { users } from '../schema';
import { seedDemo } from '.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db, localStorage(t.mediaDir), { info: () => {} }, t.clock.now());
});
afterAll(async () => t?.close());

async function userId(username: string) {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

describe('the demo classes', () => {
  it('would each pass the form the administrators use', () => {
    for (const { manual: _m, members: _e, waitlist: _w, ...row } of DEMO_CLASSES)
      expect(ClassInput.safeParse(row).error, row.class_name).toBeUndefined();
  });

  it('are five published classes; the advanced one is full with two waiting, one has a video', async () => {
    const res = await t.call('GET', '/api/classes');
    const list = res.json<{ classes: Class[] }>().classes;
    expect(list).toHaveLength(5);
    const full = list.filter((c) => c.is_full);
    expect(full).toHaveLength(1);
    expect(full[0]).toMatchObject({ class_type: 'advanced', waitlist_enabled: true, waitlist_count: 2 });
    expect(list.filter((c) => c.video_embed_url?.includes('youtube'))).toHaveLength(1);
    expect(new Set(list.map((c) => c.class_type))).toEqual(
      new Set(['beginner', 'intermediate', 'advanced', 'open_level']),
    );
    const admin = await createAdmin(t);
    const stats = await t.call('GET', '/api/admin/classes/stats', undefined, admin.auth);
    expect(stats.json()).toMatchObject({
      total_classes: 5,
      published_classes: 5,
      waitlist_total: 2,
      full_classes: 1,
    });
  });

  it('gives the demo student one class with some attendance', async () => {
    const mei = await userId('mei');
    const auth = (await createAdmin(t)).auth;
    const mine = await t.app.inject({ method: 'GET', url: `/api/users/${mei}/classes`, headers: auth });
    expect(mine.json().classes).toHaveLength(1);
    expect(mine.json().classes[0]).toMatchObject({
      status: 'enrolled',
      class: { class_name: 'Taijiquan for Beginners' },
    });
    const record = await t.app.inject({ method: 'GET', url: `/api/users/${mei}/attendance`, headers: auth });
    expect(record.json().total).toBe(5);
    expect(record.json().history).toHaveLength(5);
  });
});
