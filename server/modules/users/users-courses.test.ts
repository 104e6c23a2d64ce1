import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser, DEFAULT_PASSWORD } from '../../test/factories';
import { createCourse, enrollUser } from '../courses/test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 10_000 });
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
const get = (url: string, headers?: Headers) => t.call('GET', url, undefined, headers);
const post = (url: string, headers?: Headers, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, payload });

/** A student in two current courses (20% and 60%, the second started later) and one completed. */
async function studentWithCourses(privacy?: Parameters<typeof createUser>[1]) {
  const student = await createUser(t, privacy);
  const first = await createCourse(t, { title: 'Xingyi foundations' });
  const second = await createCourse(t, { title: 'Bagua circle' });
  const done = await createCourse(t, { title: 'Taiji basics' });
  await enrollUser(t, student.user.id, done.id, { progress: 100, completed_date: t.clock.now() });
  await enrollUser(t, student.user.id, first.id, { progress: 20 });
  t.clock.advance(60_000);
  await enrollUser(t, student.user.id, second.id, { progress: 60 });
  return { ...student, first, second, done };
}

describe('course fields of a user', () => {
  it('fills current and completed courses and the average progress on the own profile', async () => {
    const { user, auth, first, second, done } = await studentWithCourses();
    const res = await get(`/api/user/${user.id}/profile`, auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      current_courses: [second.id, first.id],
      current_course: second.id,
      completed_courses: [done.id],
      progress: 40,
    });
  });

  it('lists the enrolled courses at GET /user/:id/courses', async () => {
    const { user, auth, first, second, done } = await studentWithCourses();
    const res = await get(`/api/user/${user.id}/courses`, auth);
    expect(res.statusCode).toBe(200);
    const courses = res.json().courses;
    expect(courses.map((c: { courseId: string }) => c.courseId).sort()).toEqual(
      [first.id, second.id, done.id].sort(),
    );
    expect(courses[0]).toEqual({
      courseId: second.id,
      courseName: 'Bagua circle',
      progress: 60,
      startDate: t.clock.now().toISOString(),
    });
    const other = await createUser(t);
    expect((await get(`/api/user/${user.id}/courses`, other.auth)).statusCode).toBe(403);
  });

  it('shows courses and progress to others only when the user made them public', async () => {
    const open = await studentWithCourses();
    const viewer = await createUser(t);
    const shown = await get(`/api/user/${open.user.id}/profile`, viewer.auth);
    expect(shown.json()).toMatchObject({ current_courses: [open.second.id, open.first.id], progress: 40 });
    expect(shown.json()).not.toHaveProperty('completed_courses');

    const closed = await studentWithCourses({
      privacy: { profile: 'public', progress: 'private', courses: 'private' },
    });
    const hidden = await get(`/api/user/${closed.user.id}/profile`, viewer.auth);
    expect(hidden.json()).not.toHaveProperty('current_courses');
    expect(hidden.json()).not.toHaveProperty('progress');
  });

  it('fills the same fields at sign-in, token check and the admin user list', async () => {
    const { user, auth, second, done } = await studentWithCourses();
    const login = await post(
      '/api/user/authenticate',
      {},
      { username: user.username, password: DEFAULT_PASSWORD },
    );
    expect(login.json().user).toMatchObject({
      current_course: second.id,
      completed_courses: [done.id],
      progress: 40,
    });
    const verify = await post(`/api/verify/user/${user.id}`, auth);
    expect(verify.json().user).toMatchObject({ current_course: second.id, progress: 40 });
    const admin = await createAdmin(t);
    const listed = (await post('/api/verify/users', admin.auth)).json().users;
    expect(listed.find((u: { id: string }) => u.id === user.id)).toMatchObject({ progress: 40 });
    expect(listed.find((u: { id: string }) => u.id === admin.user.id)).toMatchObject({
      current_courses: [],
      current_course: null,
      progress: 0,
    });
  });
});
