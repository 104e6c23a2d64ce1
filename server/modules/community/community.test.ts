import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNITY_MESSAGES, COMMUNITY_PAGE_SIZE, CommunityResponse } from '../../../common/community';
import { PublicProfile } from '../../../common/users';
import { enrollments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';
import { createCourse, enrollUser } from '../courses/test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
const get = (url: string, headers?: Headers) => t.call('GET', url, undefined, headers);
const ids = (people: { id: string }[]) => people.map((person) => person.id);

/** Every person a community answer shows must parse as the strict public profile: nothing more leaks. */
function expectOnlyPublicProfiles(body: CommunityResponse) {
  for (const person of [...body.instructors, ...body.courses.flatMap((course) => course.students)]) {
    expect(PublicProfile.strict().safeParse(person).success, JSON.stringify(person)).toBe(true);
    expect(person).not.toHaveProperty('email');
    expect(person).not.toHaveProperty('privacy');
  }
}

describe('GET /api/community', () => {
  it('shows the instructors, then per course only active fellow students with a public profile', async () => {
    const course = await createCourse(t, {
      title: 'Zhan Zhuang Foundations',
      modules: 1,
      lessonsPerModule: 1,
    });
    const other = await createCourse(t, { title: 'Bagua Circle Walking' });
    const me = await createUser(t, { name: 'Mei Chen' });
    const fellow = await createUser(t, { name: 'Aaron Fellow', belt: 'Green', city: 'Taipei' });
    const secret = await createUser(t, {
      name: 'Private Pat',
      privacy: { profile: 'private', progress: 'public', courses: 'public' },
    });
    const away = await createUser(t, { name: 'Inactive Ivy', is_active: false });
    const hidden = await createUser(t, { name: 'Hidden Hank' });
    const elsewhere = await createUser(t, { name: 'Elsewhere Eli' });
    const admin = await createAdmin(t, { name: 'Sifu Public' });
    const privateAdmin = await createAdmin(t, {
      name: 'Sifu Private',
      privacy: { profile: 'private', progress: 'private', courses: 'private' },
    });
    for (const person of [me, fellow, secret, away, hidden, admin])
      await enrollUser(t, person.user.id, course.id);
    await enrollUser(t, elsewhere.user.id, other.id);
    await t.database.db
      .update(enrollments)
      .set({ hidden_at: t.clock.now() })
      .where(eq(enrollments.user_id, hidden.user.id));

    const res = await get('/api/community', me.auth);
    expect(res.statusCode).toBe(200);
    const body = CommunityResponse.parse(res.json());
    expectOnlyPublicProfiles(body);

    expect(ids(body.instructors)).toEqual(expect.arrayContaining([admin.user.id, privateAdmin.user.id]));
    const shown = body.instructors.find((person) => person.id === privateAdmin.user.id)!;
    expect(shown).toMatchObject({ is_private: true, name: 'Sifu Private' });
    expect(shown).not.toHaveProperty('city');
    expect(body.instructors.find((person) => person.id === admin.user.id)).toMatchObject({
      is_private: false,
      role: 'admin',
    });

    expect(body.courses).toEqual([
      {
        course_id: course.id,
        course_name: 'Zhan Zhuang Foundations',
        total: 1,
        students: [expect.objectContaining({ id: fellow.user.id, belt: 'Green', city: 'Taipei' })],
      },
    ]);
  });

  it('has no course sections for a member in no course', async () => {
    const loner = await createUser(t);
    const res = await get('/api/community', loner.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().courses).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    expect((await get('/api/community')).statusCode).toBe(401);
  });
});

describe('GET /api/community/courses/{id}/students', () => {
  it('pages through the fellow students by name, after the overview gives the first page', async () => {
    const course = await createCourse(t);
    const me = await createUser(t);
    await enrollUser(t, me.user.id, course.id);
    const names = Array.from(
      { length: COMMUNITY_PAGE_SIZE + 2 },
      (_, i) => `Fellow ${String(i).padStart(2, '0')}`,
    );
    for (const name of names) await enrollUser(t, (await createUser(t, { name })).user.id, course.id);

    const overview = CommunityResponse.parse((await get('/api/community', me.auth)).json());
    const section = overview.courses.find((c) => c.course_id === course.id)!;
    expect(section.total).toBe(names.length);
    expect(section.students.map((s) => s.name)).toEqual(names.slice(0, COMMUNITY_PAGE_SIZE));

    const more = await get(
      `/api/community/courses/${course.id}/students?offset=${COMMUNITY_PAGE_SIZE}`,
      me.auth,
    );
    expect(more.statusCode).toBe(200);
    expect(more.json().total).toBe(names.length);
    expect(more.json().students.map((s: { name: string }) => s.name)).toEqual(
      names.slice(COMMUNITY_PAGE_SIZE),
    );
  });

  it('answers 404 to anyone not enrolled in the course, admins included', async () => {
    const course = await createCourse(t);
    const outsider = await createUser(t);
    const admin = await createAdmin(t);
    for (const who of [outsider, admin]) {
      const res = await get(`/api/community/courses/${course.id}/students`, who.auth);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: COMMUNITY_MESSAGES.courseNotFound, code: 'COURSE_NOT_FOUND' });
    }
  });

  it('refuses a malformed id or page with the field message', async () => {
    const me = await createUser(t);
    const badId = await get('/api/community/courses/not-a-uuid/students', me.auth);
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ error: 'Invalid id' });
    const course = await createCourse(t);
    await enrollUser(t, me.user.id, course.id);
    for (const [query, message] of [
      ['limit=0', 'Limit must be at least 1'],
      ['limit=1000', 'Limit must be at most 48'],
      ['offset=-1', 'Offset must be 0 or more'],
      ['limit=abc', 'Limit must be a whole number'],
    ]) {
      const res = await get(`/api/community/courses/${course.id}/students?${query}`, me.auth);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ error: message });
    }
  });
});
