import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';
import { createCourse, enrollUser } from '../courses/test/factories';
import { createPaidOrder } from '../payments/test/factories';
import { createCourseAccess, joinedEnrollmentOpens, type CourseAccess } from './course-access.service';

/* Who may open a course, and who is taking it: the rule every other domain asks here. */
let t: TestApp;
let access: CourseAccess;
beforeAll(async () => {
  t = await createTestApp();
  access = createCourseAccess({ db: t.database.db });
});
afterAll(async () => t.close());

/** Everything the policy says about one user and one course, each form asked. */
async function verdict(userId: string, courseId: string) {
  const [row] = await t.database.db
    .select({ opens: access.opens(userId, courses.id) })
    .from(courses)
    .where(eq(courses.id, courseId));
  const takers = await t.database.db.select().from(access.takers(courseId).as('takers'));
  return {
    canOpen: await access.canOpen(userId, courseId),
    opensInStatement: row?.opens,
    opening: (await access.openingEnrollment(userId, courseId))?.source,
    openCourses: (await access.openCourses(userId)).map((course) => course.id),
    isTaking: await access.isTaking(userId, courseId),
    takenCourses: (await access.takenCourses(userId)).map((course) => course.id),
    isAmongTakers: takers.some((taker) => taker.user_id === userId),
  };
}

describe('course access', () => {
  it('opens a course to its enrolled student, who is taking it', async () => {
    const { user } = await createUser(t);
    const course = await createCourse(t);
    await enrollUser(t, user.id, course.id);
    expect(await verdict(user.id, course.id)).toEqual({
      canOpen: true,
      opensInStatement: true,
      opening: 'free',
      openCourses: [course.id],
      isTaking: true,
      takenCourses: [course.id],
      isAmongTakers: true,
    });
  });

  it('keeps a paid course open to its buyer who took it off their list, who is no longer taking it', async () => {
    const me = await createUser(t);
    const course = await createCourse(t, { price: 49 });
    await createPaidOrder(t, me.user.id, course);
    await enrollUser(t, me.user.id, course.id, { source: 'payment' });
    const left = await t.call('DELETE', `/api/user/${me.user.id}/enroll/${course.id}`, undefined, me.auth);
    expect(left.statusCode).toBe(200);
    expect(await verdict(me.user.id, course.id)).toEqual({
      canOpen: true,
      opensInStatement: true,
      opening: 'payment',
      openCourses: [course.id],
      isTaking: false,
      takenCourses: [],
      isAmongTakers: false,
    });
  });

  it('keeps a course closed to someone not enrolled, also with a paid order until enrolling grants it again', async () => {
    const { user } = await createUser(t);
    const free = await createCourse(t);
    const paid = await createCourse(t, { price: 49 });
    await createPaidOrder(t, user.id, paid);
    const closed = {
      canOpen: false,
      opensInStatement: false,
      opening: undefined,
      openCourses: [],
      isTaking: false,
      takenCourses: [],
      isAmongTakers: false,
    };
    expect(await verdict(user.id, free.id)).toEqual(closed);
    expect(await verdict(user.id, paid.id)).toEqual(closed);
  });

  it('makes no exception for administrators: each domain decides what an admin may do without an enrolment', async () => {
    const { user } = await createAdmin(t);
    const course = await createCourse(t);
    expect(await access.canOpen(user.id, course.id)).toBe(false);
  });

  it('reads the enrolment a course page joins the same way: any enrolment opens the course', () => {
    expect(joinedEnrollmentOpens({ enrollment_start: new Date() })).toBe(true);
    expect(joinedEnrollmentOpens({ enrollment_start: null })).toBe(false);
  });
});
