import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CourseDetail, CourseListResponse } from '../../../common/courses';
import { courses, enrollments, lessons } from '../../db/schema';
import { createSecondInstance, createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';
import { createCourse } from './test/factories';

/*
 * The course cards are kept for CATALOGUE_CACHE_SECONDS. A write through the API forgets them on
 * the instance that made it before the answer goes out; an admin's write, on every instance. A write
 * marked as one that cannot change them (a message, a question to AI Sifu) leaves them.
 * A course page's modules and lessons are kept likewise, per kind of reader, and each reader's page
 * as sent, forgotten also when that reader writes on any instance. The cards of the caller's own
 * enrolments are never taken from the cache.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CATALOGUE_CACHE_SECONDS: 5 });
});
afterAll(async () => t?.close());
/**
 * Waits until every event published so far on the channel that forgets the cards has arrived:
 * events arrive in the order they were sent, so a probe sent now arrives after them.
 */
async function eventsArrived(app: TestApp) {
  let arrived = () => {};
  const probe = new Promise<void>((resolve) => (arrived = resolve));
  const unsubscribe = await app.app.events.subscribe('course_cards_changed', () => arrived());
  await app.app.events.publish('course_cards_changed', null);
  await probe;
  await unsubscribe();
}

// Each test starts when what the one before had cached is too old to serve, and the events it
// published (an admin's write tells every instance) have arrived, so none lands in its middle.
beforeEach(async () => {
  await eventsArrived(t);
  t.clock.advance(5_000);
});

async function cardOf(app: TestApp, courseId: string, headers?: Record<string, string>) {
  const res = await app.app.inject({ method: 'GET', url: '/api/courses?limit=100', headers });
  expect(res.statusCode).toBe(200);
  return res.json<CourseListResponse>().courses.find((course) => course.id === courseId);
}

describe('the catalogue cache', () => {
  it('serves the cards again until they are CATALOGUE_CACHE_SECONDS old, then reads them', async () => {
    const course = await createCourse(t, { title: 'Bagua Circle Walking', modules: 1, lessonsPerModule: 1 });
    expect((await cardOf(t, course.id))?.title).toBe('Bagua Circle Walking');
    // Changed behind the API's back: the cached card still answers …
    await t.database.db.update(courses).set({ title: 'Bagua Mud Stepping' }).where(eq(courses.id, course.id));
    expect((await cardOf(t, course.id))?.title).toBe('Bagua Circle Walking');
    // … until it is too old to serve.
    t.clock.advance(5_000);
    expect((await cardOf(t, course.id))?.title).toBe('Bagua Mud Stepping');
  });

  it('shows a student their own enrolment at once, and only to them, with the new count', async () => {
    const course = await createCourse(t, { modules: 1, lessonsPerModule: 2 });
    const [ana, ben] = [await createUser(t), await createUser(t)];
    expect(await cardOf(t, course.id, ana.auth)).toMatchObject({ enrolled_students: 0, enrollment: null });
    expect(await cardOf(t, course.id, ben.auth)).toMatchObject({ enrolled_students: 0, enrollment: null });

    const enrol = await t.call('POST', `/api/user/${ana.user.id}/enroll/${course.id}`, undefined, ana.auth);
    expect(enrol.statusCode).toBe(201);
    expect(await cardOf(t, course.id, ana.auth)).toMatchObject({
      enrolled_students: 1,
      enrollment: { progress: 0 },
    });
    expect(await cardOf(t, course.id, ben.auth)).toMatchObject({ enrolled_students: 1, enrollment: null });
    expect(await cardOf(t, course.id)).toMatchObject({ enrolled_students: 1, enrollment: null });
  });

  it("tags each caller's page by what it holds: a student's own progress changes only their tag", async () => {
    const course = await createCourse(t, { modules: 1, lessonsPerModule: 2 });
    const [ana, ben] = [await createUser(t), await createUser(t)];
    const enrol = await t.call('POST', `/api/user/${ana.user.id}/enroll/${course.id}`, undefined, ana.auth);
    expect(enrol.statusCode).toBe(201);
    const list = (headers?: Record<string, string>) =>
      t.call('GET', '/api/courses?limit=100', undefined, headers);
    const [anaFirst, benFirst, visitorFirst] = [await list(ana.auth), await list(ben.auth), await list()];
    expect(anaFirst.headers.etag).not.toBe(benFirst.headers.etag);
    expect(benFirst.headers.etag).toBe(visitorFirst.headers.etag);
    expect(benFirst.body).toBe(visitorFirst.body);

    // Ana's progress moves (enrolments are never kept, so no write through the API is needed).
    await t.database.db.update(enrollments).set({ progress: 50 }).where(eq(enrollments.user_id, ana.user.id));
    const anaAgain = await list({ ...ana.auth, 'if-none-match': String(anaFirst.headers.etag) });
    expect(anaAgain.statusCode).toBe(200);
    expect(
      anaAgain.json<CourseListResponse>().courses.find((c) => c.id === course.id)?.enrollment,
    ).toMatchObject({
      progress: 50,
    });
    const benAgain = await list({ ...ben.auth, 'if-none-match': String(benFirst.headers.etag) });
    expect(benAgain.statusCode).toBe(304);
    // Ana's page holds the same cards in the same places as everyone's; only her own card differs.
    expect(anaAgain.json<CourseListResponse>().courses.map((c) => c.id)).toEqual(
      benFirst.json<CourseListResponse>().courses.map((c) => c.id),
    );
  });

  it("shows an admin's edit at once", async () => {
    const admin = await createAdmin(t);
    const course = await createCourse(t, { title: 'Xingyi Five Fists', modules: 1, lessonsPerModule: 1 });
    expect((await cardOf(t, course.id))?.is_published).toBe(true);
    const res = await t.call('PUT', `/api/courses/${course.id}/publish`, { is_published: false }, admin.auth);
    expect(res.statusCode).toBe(200);
    expect((await cardOf(t, course.id))?.is_published).toBe(false);
  });

  it('does not forget the cards for a refused write', async () => {
    const course = await createCourse(t, { title: 'Taiji Ruler', modules: 1, lessonsPerModule: 1 });
    expect((await cardOf(t, course.id))?.title).toBe('Taiji Ruler');
    await t.database.db.update(courses).set({ title: 'Taiji Ball' }).where(eq(courses.id, course.id));
    const refused = await t.app.inject({ method: 'POST', url: `/api/user/nobody/enroll/${course.id}` });
    expect(refused.statusCode).toBe(401);
    expect((await cardOf(t, course.id))?.title).toBe('Taiji Ruler');
  });

  it("serves a course page's lessons again, each kind of reader their own, until a write forgets them", async () => {
    const admin = await createAdmin(t);
    const student = await createUser(t);
    const course = await createCourse(t, { modules: 1, lessonsPerModule: 1 });
    const lessonId = course.allLessonIds[0]!;
    const enrol = await t.call(
      'POST',
      `/api/user/${student.user.id}/enroll/${course.id}`,
      undefined,
      student.auth,
    );
    expect(enrol.statusCode).toBe(201);
    await t.database.db.update(lessons).set({ title: 'Standing Post' }).where(eq(lessons.id, lessonId));
    const lessonOf = async (headers?: Record<string, string>) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/courses/${course.id}`, headers });
      expect(res.statusCode).toBe(200);
      const detail = res.json<{ course: CourseDetail }>().course;
      return { title: detail.modules[0]!.lessons[0]!.title, access: detail.has_content_access };
    };
    expect(await lessonOf(student.auth)).toEqual({ title: 'Standing Post', access: true });
    expect(await lessonOf()).toEqual({ title: 'Standing Post', access: false });

    // Changed behind the API's back: each reader's kept page still answers …
    await t.database.db.update(lessons).set({ title: 'Three Body Posture' }).where(eq(lessons.id, lessonId));
    expect(await lessonOf(student.auth)).toEqual({ title: 'Standing Post', access: true });
    expect(await lessonOf()).toEqual({ title: 'Standing Post', access: false });
    // … and an admin, who reads the full content, reads their own.
    expect(await lessonOf(admin.auth)).toEqual({ title: 'Three Body Posture', access: true });

    // A write forgets them all.
    const publish = await t.call(
      'PUT',
      `/api/courses/${course.id}/publish`,
      { is_published: true },
      admin.auth,
    );
    expect(publish.statusCode).toBe(200);
    expect(await lessonOf(student.auth)).toEqual({ title: 'Three Body Posture', access: true });
    expect(await lessonOf()).toEqual({ title: 'Three Body Posture', access: false });
  });

  it('tags a course page by what the caller sees, and answers 304 while that is unchanged', async () => {
    const course = await createCourse(t, { modules: 2, lessonsPerModule: 2 });
    const [ana, cleo] = [await createUser(t), await createUser(t)];
    const enrol = await t.call('POST', `/api/user/${ana.user.id}/enroll/${course.id}`, undefined, ana.auth);
    expect(enrol.statusCode).toBe(201);
    const page = (headers?: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/api/courses/${course.id}`, headers });
    const [anaFirst, cleoFirst, visitorFirst] = [await page(ana.auth), await page(cleo.auth), await page()];
    // Whoever sees the outline gets the same page; an enrolled student, a page with their enrolment.
    expect(cleoFirst.headers.etag).toBe(visitorFirst.headers.etag);
    expect(cleoFirst.body).toBe(visitorFirst.body);
    expect(anaFirst.headers.etag).not.toBe(visitorFirst.headers.etag);
    const anaCourse = anaFirst.json<{ course: CourseDetail }>().course;
    expect(anaCourse).toMatchObject({ id: course.id, has_content_access: true, enrollment: { progress: 0 } });
    expect(anaCourse.modules.flatMap((m) => m.lessons.map((l) => l.id))).toEqual(course.allLessonIds);
    expect(visitorFirst.json<{ course: CourseDetail }>().course).toMatchObject({
      has_content_access: false,
      enrollment: null,
    });
    const unchanged = await page({ ...ana.auth, 'if-none-match': String(anaFirst.headers.etag) });
    expect(unchanged.statusCode).toBe(304);

    // Ana completes a lesson: her own page follows at once, with a new tag.
    const done = await t.call(
      'POST',
      `/api/lessons/${course.allLessonIds[0]}/complete`,
      { userId: ana.user.id },
      ana.auth,
    );
    expect(done.statusCode).toBe(200);
    const anaAgain = await page({ ...ana.auth, 'if-none-match': String(anaFirst.headers.etag) });
    expect(anaAgain.statusCode).toBe(200);
    expect(anaAgain.json<{ course: CourseDetail }>().course.enrollment).toMatchObject({ progress: 25 });
    expect(anaAgain.json<{ course: CourseDetail }>().course.modules).toEqual(anaCourse.modules);
  });

  it('keeps the cards through a write that cannot change them, such as a message', async () => {
    const course = await createCourse(t, { title: 'Taiji Sword', modules: 1, lessonsPerModule: 1 });
    const [ana, ben] = [await createUser(t), await createUser(t)];
    expect((await cardOf(t, course.id))?.title).toBe('Taiji Sword');
    await t.database.db.update(courses).set({ title: 'Taiji Sabre' }).where(eq(courses.id, course.id));
    const message = await t.call(
      'POST',
      '/api/messages',
      { recipient_id: ben.user.id, text: 'See you at the Saturday class?' },
      ana.auth,
    );
    expect(message.statusCode).toBe(201);
    expect((await cardOf(t, course.id))?.title).toBe('Taiji Sword');
    // A write that may change them still does.
    const enrol = await t.call('POST', `/api/user/${ana.user.id}/enroll/${course.id}`, undefined, ana.auth);
    expect(enrol.statusCode).toBe(201);
    expect((await cardOf(t, course.id))?.title).toBe('Taiji Sabre');
  });
});

describe('the catalogue cache across instances', () => {
  it("forgets the cards on another instance, within a second, after an admin's edit", async () => {
    const second = await createSecondInstance(t, { CATALOGUE_CACHE_SECONDS: 5 });
    try {
      const admin = await createAdmin(t);
      const course = await createCourse(t, {
        title: 'Hsing-I Linking Form',
        modules: 1,
        lessonsPerModule: 1,
      });
      expect((await cardOf(second, course.id))?.title).toBe('Hsing-I Linking Form');
      const res = await t.call(
        'PUT',
        `/api/courses/${course.id}`,
        { title: 'Xingyi Linking Form' },
        admin.auth,
      );
      expect(res.statusCode).toBe(200);
      await expect
        .poll(async () => (await cardOf(second, course.id))?.title, { timeout: 1000 })
        .toBe('Xingyi Linking Form');
    } finally {
      await second.close();
    }
  });
});
