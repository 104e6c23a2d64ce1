import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CourseDetail } from '../../common/courses';
import type { LessonProgressResponse } from '../../common/progress';
import { lessonProgress, users } from '../db/schema';
import { createSecondInstance, createTestApp, type TestApp } from '../test/app';
import { createAdmin, createUser } from '../test/factories';
import { createCourse } from './courses/test/factories';

/*
 * What a student reads on every visit — their own profile, a course page as they see it, their
 * completed lessons of a course — is kept for CATALOGUE_CACHE_SECONDS. Whatever that student
 * writes through the API forgets their answers before its answer goes out, on every instance; an
 * admin's write, or one made without a session (a webhook, an e-mail link), forgets everyone's.
 * Another student's write leaves them. A change made behind the API's back shows within the
 * seconds.
 */

type Headers = Record<string, string>;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CATALOGUE_CACHE_SECONDS: 5 });
});
afterAll(async () => t?.close());
// What the test before kept is too old to serve.
beforeEach(() => t.clock.advance(5_000));

async function read<T>(app: TestApp, url: string, headers: Headers): Promise<T> {
  const res = await app.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(200);
  return res.json<T>();
}
const nameOf = async (app: TestApp, who: { user: { id: string }; auth: Headers }) =>
  (await read<{ name: string }>(app, `/api/user/${who.user.id}/profile`, who.auth)).name;
const completedOf = async (app: TestApp, who: { user: { id: string }; auth: Headers }, courseId: string) =>
  (
    await read<LessonProgressResponse>(
      app,
      `/api/user/${who.user.id}/course/${courseId}/lessons/progress`,
      who.auth,
    )
  ).total;
const accessOf = async (app: TestApp, courseId: string, headers: Headers) =>
  (await read<{ course: CourseDetail }>(app, `/api/courses/${courseId}`, headers)).course.has_content_access;

async function write(app: TestApp, method: 'POST' | 'PUT', url: string, headers: Headers, payload?: object) {
  const res = await app.app.inject({ method, url, headers, payload });
  expect(res.statusCode).toBeLessThan(300);
}
const enrol = (app: TestApp, who: { user: { id: string }; auth: Headers }, courseId: string) =>
  write(app, 'POST', `/api/user/${who.user.id}/enroll/${courseId}`, who.auth);
const completeLesson = (app: TestApp, who: { user: { id: string }; auth: Headers }, lessonId: string) =>
  write(app, 'POST', `/api/lessons/${lessonId}/complete`, who.auth, { userId: who.user.id });

const rename = (id: string, name: string) =>
  t.database.db.update(users).set({ name }).where(eq(users.id, id));

describe("a student's own answers", () => {
  it('serve again until they are CATALOGUE_CACHE_SECONDS old, and follow at once what the student writes', async () => {
    const course = await createCourse(t, { modules: 1, lessonsPerModule: 2 });
    const mei = await createUser(t, { name: 'Mei Lin' });
    expect(await nameOf(t, mei)).toBe('Mei Lin');
    expect(await accessOf(t, course.id, mei.auth)).toBe(false);

    // Changed behind the API's back: the kept profile still answers …
    await rename(mei.user.id, 'Mei Chen');
    expect(await nameOf(t, mei)).toBe('Mei Lin');
    // … until it is too old to serve.
    t.clock.advance(5_000);
    expect(await nameOf(t, mei)).toBe('Mei Chen');

    // Her own writes show at once: the enrolment opens the course, the lesson counts as done.
    await enrol(t, mei, course.id);
    expect(await accessOf(t, course.id, mei.auth)).toBe(true);
    expect(await completedOf(t, mei, course.id)).toBe(0);
    await completeLesson(t, mei, course.allLessonIds[0]!);
    expect(await completedOf(t, mei, course.id)).toBe(1);
  });

  it("are kept through another student's write, and forgotten by an admin's", async () => {
    const course = await createCourse(t, { modules: 1, lessonsPerModule: 1 });
    const [mei, wei, admin] = [
      await createUser(t, { name: 'Mei Lin' }),
      await createUser(t),
      await createAdmin(t),
    ];
    expect(await nameOf(t, mei)).toBe('Mei Lin');
    await rename(mei.user.id, 'Mei Chen');

    await enrol(t, wei, course.id);
    expect(await nameOf(t, mei)).toBe('Mei Lin');

    await write(t, 'PUT', `/api/courses/${course.id}/publish`, admin.auth, { is_published: true });
    expect(await nameOf(t, mei)).toBe('Mei Chen');
  });

  it('are forgotten by a write made without a session, such as a sign-up', async () => {
    const mei = await createUser(t, { name: 'Mei Lin' });
    expect(await nameOf(t, mei)).toBe('Mei Lin');
    await rename(mei.user.id, 'Mei Chen');
    const suffix = mei.user.id.slice(0, 8);
    await write(
      t,
      'POST',
      '/api/create/user',
      {},
      {
        name: 'Lan Wu',
        city: 'Oakland',
        country: 'United States',
        martial_art: 'Baguazhang',
        email: `lan-${suffix}@example.org`,
        username: `lan_${suffix}`,
        password: 'a-long-Password-4411',
      },
    );
    expect(await nameOf(t, mei)).toBe('Mei Chen');
  });

  it('are not an admin’s or another student’s view of them', async () => {
    const [mei, wei, admin] = [
      await createUser(t, { name: 'Mei Lin' }),
      await createUser(t),
      await createAdmin(t),
    ];
    expect(await nameOf(t, mei)).toBe('Mei Lin');
    await rename(mei.user.id, 'Mei Chen');
    expect((await read<{ name: string }>(t, `/api/user/${mei.user.id}/profile`, admin.auth)).name).toBe(
      'Mei Chen',
    );
    expect((await read<{ name: string }>(t, `/api/user/${mei.user.id}/profile`, wei.auth)).name).toBe(
      'Mei Chen',
    );
  });
});

describe("a student's own answers across instances", () => {
  it('are forgotten on the other instance, within a second, after the student writes on this one', async () => {
    const second = await createSecondInstance(t, { CATALOGUE_CACHE_SECONDS: 5 });
    try {
      const course = await createCourse(t, { modules: 1, lessonsPerModule: 2 });
      const mei = await createUser(t, { name: 'Mei Lin' });
      await enrol(t, mei, course.id);
      const other = await createCourse(t, { modules: 1, lessonsPerModule: 1 });
      expect(await nameOf(second, mei)).toBe('Mei Lin');
      expect(await completedOf(second, mei, course.id)).toBe(0);
      expect(await accessOf(second, other.id, mei.auth)).toBe(false);
      await rename(mei.user.id, 'Mei Chen');

      await completeLesson(t, mei, course.allLessonIds[0]!);
      await enrol(t, mei, other.id);
      await expect.poll(() => completedOf(second, mei, course.id), { timeout: 1000 }).toBe(1);
      await expect.poll(() => accessOf(second, other.id, mei.auth), { timeout: 1000 }).toBe(true);
      await expect.poll(() => nameOf(second, mei), { timeout: 1000 }).toBe('Mei Chen');
    } finally {
      await second.close();
    }
  });

  it("are forgotten everywhere after an admin's write", async () => {
    const second = await createSecondInstance(t, { CATALOGUE_CACHE_SECONDS: 5 });
    try {
      const [mei, admin] = [await createUser(t), await createAdmin(t)];
      const course = await createCourse(t, { title: 'Taiji Ruler', modules: 1, lessonsPerModule: 2 });
      await enrol(t, mei, course.id);
      await completeLesson(t, mei, course.allLessonIds[0]!);
      expect(await completedOf(second, mei, course.id)).toBe(1);
      // Behind the API's back: the lesson is no longer hers.
      await t.database.db.delete(lessonProgress).where(eq(lessonProgress.user_id, mei.user.id));
      expect(await completedOf(second, mei, course.id)).toBe(1);

      await write(t, 'PUT', `/api/courses/${course.id}`, admin.auth, { title: 'Taiji Ball' });
      await expect.poll(() => completedOf(second, mei, course.id), { timeout: 1000 }).toBe(0);
    } finally {
      await second.close();
    }
  });
});
