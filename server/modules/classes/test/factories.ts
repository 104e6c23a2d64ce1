import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Class, ClassInput } from '../../../../common/classes';
import { classEnrollments } from '../../../db/schema';
import type { TestApp } from '../../../test/app';
import { createAdmin } from '../../../test/factories';

/** A valid class form: a published beginners' class on Monday and Wednesday evenings. */
export const classBody = (overrides: Partial<ClassInput> = {}): ClassInput => ({
  class_name: `Taijiquan ${randomUUID().slice(0, 8)}`,
  description: 'Yang-style Taijiquan from the first posture.',
  instructor_name: 'Sifu Lin Wei',
  location: 'Main hall, 1120 Sebastopol Road',
  class_type: 'beginner',
  skill_focus: 'Forms and standing',
  class_duration: 60,
  max_capacity: 12,
  price: 80,
  age_restrictions: 'All ages',
  requires_membership: false,
  waitlist_enabled: true,
  is_published: true,
  video_embed_url: '',
  sessions: [
    { day_of_week: 'monday', start_time: '18:00', end_time: '19:00' },
    { day_of_week: 'wednesday', start_time: '18:00', end_time: '19:00' },
  ],
  ...overrides,
});

/** One administrator per app makes the classes (a test that moves the clock far passes its own). */
const admins = new WeakMap<TestApp, Promise<{ authorization: string }>>();
function adminAuth(t: TestApp) {
  let auth = admins.get(t);
  if (!auth) {
    auth = createAdmin(t).then((a) => a.auth);
    admins.set(t, auth);
  }
  return auth;
}

/** Creates a class through the admin API. */
export async function createClass(
  t: TestApp,
  overrides: Partial<ClassInput> = {},
  auth?: { authorization: string },
): Promise<Class> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/classes',
    headers: auth ?? (await adminAuth(t)),
    payload: classBody(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ class: Class }>().class;
}

/** Enrols a member directly, as a seed would (no request, so no rate limit counts it). */
export async function enrollInClass(t: TestApp, classId: string, userId: string): Promise<string> {
  const [row] = await t.database.db
    .insert(classEnrollments)
    .values({ class_id: classId, user_id: userId, enrolled_at: t.clock.now() })
    .returning({ id: classEnrollments.id });
  return row!.id;
}
