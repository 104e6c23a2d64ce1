import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CourseReview } from '../../../common/reviews';
import { PublicProfile, type Privacy } from '../../../common/users';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';
import { createCourse, enrollUser } from '../courses/test/factories';
import { createReview } from '../reviews/test/factories';

/*
 * Every answer that shows one person to another non-admin: the profile, the community (see
 * community.test.ts) and a review's author. Each must hold back what that person keeps private.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (url: string, headers?: Record<string, string>) => t.call('GET', url, undefined, headers);

/** A student in two courses (progress 40 and 100) with the given privacy, and a viewer. */
async function personWith(privacy: Privacy) {
  const person = await createUser(t, { name: 'Lan Ying', belt: 'Brown', experience: 6, privacy });
  const first = await createCourse(t, { title: 'Silk Reeling' });
  const second = await createCourse(t, { title: 'Push Hands' });
  await enrollUser(t, person.user.id, first.id, { progress: 40 });
  await enrollUser(t, person.user.id, second.id, { progress: 100, completed_date: t.clock.now() });
  const viewer = await createUser(t);
  const res = await get(`/api/user/${person.user.id}/profile`, viewer.auth);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(PublicProfile.strict().safeParse(body).success, res.body).toBe(true);
  return { person, first, second, body };
}

describe('GET /api/user/{id}/profile as another student', () => {
  it('lists the courses by name with their progress when both are public', async () => {
    const { body, first, second } = await personWith({
      profile: 'public',
      progress: 'public',
      courses: 'public',
    });
    expect(body.courses).toEqual(
      expect.arrayContaining([
        { course_id: first.id, course_name: 'Silk Reeling', progress: 40 },
        { course_id: second.id, course_name: 'Push Hands', progress: 100 },
      ]),
    );
    expect(body).toMatchObject({ is_private: false, belt: 'Brown', experience: 6, progress: 40 });
  });

  it('lists the courses without any progress when progress is private', async () => {
    const { body } = await personWith({ profile: 'public', progress: 'private', courses: 'public' });
    expect(body.courses).toHaveLength(2);
    for (const course of body.courses) expect(course).not.toHaveProperty('progress');
    expect(body).not.toHaveProperty('progress');
  });

  it('shows no course when the courses are private', async () => {
    const { body } = await personWith({ profile: 'public', progress: 'public', courses: 'private' });
    expect(body).not.toHaveProperty('courses');
    expect(body).not.toHaveProperty('current_courses');
  });

  it('shows only name, avatar and role of a private profile, not its username', async () => {
    const { body } = await personWith({ profile: 'private', progress: 'public', courses: 'public' });
    expect(Object.keys(body).sort()).toEqual(
      ['allow_messages', 'avatar', 'id', 'is_private', 'name', 'role'].sort(),
    );
    expect(body.is_private).toBe(true);
  });

  it('shows an admin the full user with every setting', async () => {
    const person = await createUser(t, {
      privacy: { profile: 'private', progress: 'private', courses: 'private' },
    });
    const admin = await createAdmin(t);
    const res = await get(`/api/user/${person.user.id}/profile`, admin.auth);
    expect(res.json()).toMatchObject({ email: person.user.email, privacy: { profile: 'private' } });
  });
});

describe("a review's author", () => {
  it('is shown by id, name and avatar only, even when the profile is private', async () => {
    const course = await createCourse(t);
    const author = await createUser(t, {
      city: 'Secret City',
      privacy: { profile: 'private', progress: 'private', courses: 'private' },
    });
    await enrollUser(t, author.user.id, course.id);
    await createReview(t, author.user.id, course.id);
    const reader = await createUser(t);
    for (const headers of [undefined, reader.auth]) {
      const res = await get(`/api/courses/${course.id}/reviews`, headers);
      expect(res.statusCode).toBe(200);
      const [review] = res.json().reviews;
      expect(CourseReview.strict().safeParse(review).success, res.body).toBe(true);
      expect(res.body).not.toContain(author.user.email);
      expect(res.body).not.toContain('Secret City');
      expect(res.body).not.toContain(author.user.username);
    }
  });
});
