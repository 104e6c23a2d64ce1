import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { RouteOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseRequests,
  courses,
  lessonProgress,
  lessons,
  mediaFiles,
  modules,
  orders,
  quizAttempts,
  reviews,
  termsAcceptances,
  users,
} from '../db/schema';
import type { Access } from '../platform/auth';
import { ACTORS, buildWorld, runCase, type MatrixEntry, type World } from '../test/access-matrix';
import { createTestApp, type TestApp } from '../test/app';
import { createAdmin, createUser, DEFAULT_PASSWORD } from '../test/factories';
import { createCourse, enrollmentRows, enrollUser } from '../test/factories-courses';
import { acceptTerms, createCourseRequest, createMediaFile, createReview } from '../test/factories-records';
import { listRoutes, routeKey } from '../test/route-table';
import { multipart } from './uploads/multipart-body';

/*
 * The security matrix: every /api route, called as an anonymous visitor, as student A on A's own
 * objects, as student B with A's ids (the same URL and body, B's token) and as an admin. Each
 * answer is held to what the route's config.access implies — anonymous 401 on user and admin
 * routes; A never refused on user routes and 403 on admin routes; B refused (403/404) on anything
 * of A's, leaving it unchanged; the admin never refused — unless the entry declares otherwise.
 * A route without an entry fails the matrix, so every new route has to state who may call it.
 */

let t: TestApp;
let world: World;
let access = new Map<string, Access>();
let avatarPng: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  const routes: RouteOptions[] = await listRoutes(t);
  access = new Map(routes.map((route) => [routeKey(route), route.config?.access as Access]));
  world = await buildWorld(t);
  avatarPng = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2b6cb0' } })
    .png()
    .toBuffer();
});
afterAll(async () => t?.close());

const rowsWhere = (table: PgTable, column: PgColumn, value: string) =>
  t.database.db.select().from(table).where(eq(column, value));
const userRow = (w: World) => rowsWhere(users, users.id, w.a.user.id);

/** A fresh student A (and its course, where one is needed) for rows that change the account. */
const freshA = async () => ({ a: await createUser(t) });
const freshCourseOfA = async (w: World, input: Parameters<typeof createCourse>[1] = {}) => {
  const course = await createCourse(t, { modules: 1, lessonsPerModule: 2, ...input });
  await enrollUser(t, w.a.user.id, course.id);
  return { course };
};
const freshCourse = async (input: Parameters<typeof createCourse>[1] = {}) => ({
  course: await createCourse(t, { modules: 2, lessonsPerModule: 2, ...input }),
});

const self = (w: World) => ({ params: { id: w.a.user.id } });
const selfInCourse = (w: World) => ({ params: { userId: w.a.user.id, courseId: w.course.id } });
const courseParam = (w: World) => ({ params: { id: w.course.id } });

/** Students may call these for themselves: with A's body, B acts on B's own account, not A's. */
const ownAccountOnly = { studentB: 'allowed' } as const;

const usersEntries: MatrixEntry[] = [
  { route: 'POST /api/verify/users' },
  {
    route: 'GET /api/user/:id/profile',
    call: self,
    expect: { studentB: 'allowed' },
    check: (res, actor) => {
      // Another student gets the public profile: never the e-mail or the account settings.
      const seesAll = actor === 'studentA' || actor === 'admin';
      if (res.statusCode === 200) expect('email' in res.json(), actor).toBe(seesAll);
    },
  },
  {
    route: 'PUT /api/user/:id',
    fresh: freshA,
    call: (w) => ({
      params: { id: w.a.user.id },
      body: {
        name: 'Renamed Student',
        email: w.a.user.email,
        username: w.a.user.username,
        current_password: DEFAULT_PASSWORD,
      },
    }),
    unchanged: (_t, w) => userRow(w),
  },
  { route: 'DELETE /api/user/:id', fresh: freshA, call: self, unchanged: (_t, w) => userRow(w) },
  { route: 'GET /api/user/:id/courses', call: self },
  {
    route: 'POST /api/user/:id/deactivate',
    fresh: freshA,
    call: (w) => ({ ...self(w), body: { isDeletionRequest: false } }),
    unchanged: (_t, w) => userRow(w),
  },
  {
    route: 'POST /api/admin/user/:id/reactivate',
    fresh: freshA,
    call: self,
    unchanged: (_t, w) => userRow(w),
  },
];

const authEntries: MatrixEntry[] = [
  {
    route: 'POST /api/user/authenticate',
    fresh: freshA,
    call: (w) => ({ body: { username: w.a.user.username, password: w.a.password } }),
  },
  {
    route: 'POST /api/create/user',
    status: 201,
    call: () => {
      const suffix = randomUUID().slice(0, 8);
      return {
        body: {
          name: 'New Student',
          city: 'Oakland',
          country: 'United States',
          martial_art: 'Baguazhang',
          email: `new-${suffix}@example.org`,
          username: `new_${suffix}`,
          password: 'Circle-Walking-Palms-8',
        },
      };
    },
  },
  {
    route: 'POST /api/user/auth-temp',
    // A answers the security questions first; the temporary password stands in for A's password.
    fresh: async () => {
      const a = await createUser(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/request-reset',
        payload: { email: a.user.email, securityAnswers: [a.user.username, a.user.city, a.user.country] },
      });
      expect(res.statusCode, res.body).toBe(200);
      return { a: { ...a, password: res.json<{ tempPassword: string }>().tempPassword } };
    },
    call: (w) => ({ body: { username: w.a.user.username, tempPassword: w.a.password } }),
  },
  { route: 'GET /api/user/security-questions/:id', call: self },
  { route: 'POST /api/user/security-questions', call: (w) => ({ body: { email: w.a.user.email } }) },
  {
    route: 'POST /api/user/request-reset',
    fresh: freshA,
    call: (w) => ({
      body: { email: w.a.user.email, securityAnswers: [w.a.user.username, w.a.user.city, w.a.user.country] },
    }),
  },
  { route: 'GET /api/user/password-status', expect: ownAccountOnly },
  {
    route: 'PUT /api/user/set-new-password',
    // Only a session opened with a temporary password may set a password without the current one.
    fresh: async () => ({
      a: await createUser(t, { requiresPasswordChange: true }),
      b: await createUser(t, { requiresPasswordChange: true }),
      admin: await createAdmin(t, { requiresPasswordChange: true }),
    }),
    call: () => ({ body: { newPassword: 'Lotus-Stance-Quiet-River-81' } }),
    expect: ownAccountOnly,
  },
  {
    route: 'POST /api/user/logout',
    fresh: async () => ({ a: await createUser(t), b: await createUser(t), admin: await createAdmin(t) }),
    expect: ownAccountOnly,
  },
  {
    route: 'POST /api/verify/user/:id',
    call: self,
    // A token check vouches only for the token's own user, whoever holds it.
    expect: { admin: { status: 403, code: 'TOKEN_MISMATCH' } },
  },
];

const enrollmentEntries: MatrixEntry[] = [
  { route: 'GET /api/enrollments' },
  {
    route: 'POST /api/user/:userId/enroll/:courseId',
    status: 201,
    fresh: () => freshCourse({ modules: 1, lessonsPerModule: 1 }),
    call: (w) => ({ ...selfInCourse(w), body: {} }),
    unchanged: (_t, w) => enrollmentRows(t, w.a.user.id, w.course.id),
  },
  {
    route: 'DELETE /api/user/:userId/enroll/:courseId',
    fresh: (_t, w) => freshCourseOfA(w),
    call: selfInCourse,
    unchanged: (_t, w) => enrollmentRows(t, w.a.user.id, w.course.id),
  },
  { route: 'GET /api/user/:userId/enrolled/:courseId', call: selfInCourse },
];

const termsOfA = (w: World) => rowsWhere(termsAcceptances, termsAcceptances.user_id, w.a.user.id);
const freshAcceptance = async () => {
  const a = await createUser(t);
  return { a, termsRecordId: (await acceptTerms(t, a.user.id)).id };
};

const termsEntries: MatrixEntry[] = [
  { route: 'GET /api/terms' },
  { route: 'GET /api/user/:id/terms-status', call: self },
  {
    route: 'POST /api/user/:id/accept-terms',
    fresh: freshA,
    call: (w) => ({ ...self(w), body: { version: w.termsVersion } }),
    // Accepting is the user's own act: nobody, not even an admin, accepts on their behalf.
    expect: { admin: { status: 403, code: 'NOT_OWNER' } },
    unchanged: (_t, w) => termsOfA(w),
  },
  { route: 'GET /api/admin/terms-of-service' },
  { route: 'GET /api/admin/users-without-terms' },
  { route: 'GET /api/admin/terms-stats' },
  {
    route: 'POST /api/admin/revoke-terms/:id',
    fresh: freshAcceptance,
    call: (w) => ({ params: { id: w.termsRecordId }, body: { reason: 'Accepted by mistake' } }),
    unchanged: (_t, w) => termsOfA(w),
  },
  {
    route: 'DELETE /api/admin/terms/:id',
    fresh: freshAcceptance,
    call: (w) => ({ params: { id: w.termsRecordId } }),
    unchanged: (_t, w) => termsOfA(w),
  },
];

const uploadEntries: MatrixEntry[] = [
  {
    route: 'POST /api/uploads',
    call: () => ({
      raw: multipart([
        { name: 'folder', value: 'avatars' },
        { name: 'file', filename: 'me.png', type: 'image/png', data: avatarPng },
      ]),
    }),
    expect: ownAccountOnly,
  },
  {
    route: 'DELETE /api/admin/cloudinary/delete',
    fresh: async (_t, w) => ({ mediaPublicId: (await createMediaFile(t, w.a.user.id)).public_id }),
    call: (w) => ({ body: { publicId: w.mediaPublicId } }),
    unchanged: (_t, w) => rowsWhere(mediaFiles, mediaFiles.public_id, w.mediaPublicId),
  },
  { route: 'GET /api/admin/outbox' },
  { route: 'POST /api/contact', status: 202, call: () => ({ body: contactMessage }) },
  { route: 'GET /api/health' },
];
const contactMessage = {
  name: 'Mei Chen',
  email: 'mei@example.org',
  subject: 'Class times',
  message: 'When does the evening class start?',
};

const courseRow = (w: World) => rowsWhere(courses, courses.id, w.course.id);
const modulesOf = (w: World) => rowsWhere(modules, modules.course_id, w.course.id);
const lessonsOf = (w: World) => rowsWhere(lessons, lessons.module_id, w.course.moduleIds[0]!);

const courseEntries: MatrixEntry[] = [
  { route: 'GET /api/courses' },
  { route: 'GET /api/courses/search', call: () => ({ query: { q: 'Course' } }) },
  { route: 'GET /api/courses/categories' },
  { route: 'GET /api/features' },
  {
    route: 'GET /api/courses/:id',
    call: courseParam,
    check: (res, actor) => {
      // Lesson content is for admins and enrolled students; the rest see the outline.
      const content = res.json<{ course: { has_content_access: boolean } }>().course.has_content_access;
      expect(content, actor).toBe(actor === 'studentA' || actor === 'admin');
    },
  },
  { route: 'GET /api/courses/:id/features', call: courseParam },
  { route: 'GET /api/courses/:id/students', call: courseParam },
  { route: 'POST /api/courses', call: () => ({ body: { title: 'Baguazhang Circle Walking' } }) },
  {
    route: 'PUT /api/courses/:id',
    fresh: () => freshCourse(),
    call: (w) => ({ ...courseParam(w), body: { title: 'Renamed course' } }),
    unchanged: (_t, w) => courseRow(w),
  },
  {
    route: 'PUT /api/courses/:id/publish',
    fresh: () => freshCourse(),
    call: (w) => ({ ...courseParam(w), body: { is_published: false } }),
    unchanged: (_t, w) => courseRow(w),
  },
  {
    route: 'DELETE /api/courses/:id',
    fresh: () => freshCourse(),
    call: courseParam,
    unchanged: (_t, w) => courseRow(w),
  },
  {
    route: 'POST /api/courses/:id/modules',
    fresh: () => freshCourse(),
    call: (w) => ({ ...courseParam(w), body: { title: 'Standing practice' } }),
    unchanged: (_t, w) => modulesOf(w),
  },
  {
    route: 'PUT /api/courses/:id/modules/order',
    fresh: () => freshCourse(),
    call: (w) => ({ ...courseParam(w), body: { module_ids: [...w.course.moduleIds].reverse() } }),
    unchanged: (_t, w) => modulesOf(w),
  },
  {
    route: 'PUT /api/modules/:id',
    fresh: () => freshCourse(),
    call: (w) => ({ params: { id: w.course.moduleIds[0]! }, body: { title: 'Renamed module' } }),
    unchanged: (_t, w) => modulesOf(w),
  },
  {
    route: 'DELETE /api/modules/:id',
    fresh: () => freshCourse(),
    call: (w) => ({ params: { id: w.course.moduleIds[0]! } }),
    unchanged: (_t, w) => modulesOf(w),
  },
  {
    route: 'POST /api/modules/:id/lessons',
    fresh: () => freshCourse(),
    call: (w) => ({ params: { id: w.course.moduleIds[0]! }, body: { title: 'Single whip' } }),
    unchanged: (_t, w) => lessonsOf(w),
  },
  {
    route: 'PUT /api/modules/:id/lessons/order',
    fresh: () => freshCourse(),
    call: (w) => ({
      params: { id: w.course.moduleIds[0]! },
      body: { lesson_ids: [...w.course.lessonIds[0]!].reverse() },
    }),
    unchanged: (_t, w) => lessonsOf(w),
  },
  {
    route: 'PUT /api/lessons/:id',
    fresh: () => freshCourse(),
    call: (w) => ({ params: { id: w.course.allLessonIds[0]! }, body: { title: 'Renamed lesson' } }),
    unchanged: (_t, w) => lessonsOf(w),
  },
  {
    route: 'DELETE /api/lessons/:id',
    fresh: () => freshCourse(),
    call: (w) => ({ params: { id: w.course.allLessonIds[0]! } }),
    unchanged: (_t, w) => lessonsOf(w),
  },
];

const progressOfA = (w: World) =>
  t.database.db
    .select()
    .from(lessonProgress)
    .where(and(eq(lessonProgress.user_id, w.a.user.id), eq(lessonProgress.course_id, w.course.id)));
const quiz = (w: World) => ({ params: { id: w.course.quizLessonId! }, query: { userId: w.a.user.id } });

const progressEntries: MatrixEntry[] = [
  { route: 'GET /api/user/:userId/course/:courseId/progress', call: selfInCourse },
  {
    route: 'PUT /api/user/:userId/course/:courseId/progress',
    call: (w) => ({ ...selfInCourse(w), body: { progress: 50 } }),
  },
  { route: 'GET /api/user/:userId/course/:courseId/lessons/progress', call: selfInCourse },
  {
    route: 'POST /api/lessons/:id/complete',
    fresh: (_t, w) => freshCourseOfA(w),
    call: (w) => ({ params: { id: w.course.allLessonIds[0]! }, body: { userId: w.a.user.id } }),
    unchanged: (_t, w) => progressOfA(w),
  },
  {
    route: 'POST /api/lessons/:id/submit-quiz',
    fresh: (_t, w) => freshCourseOfA(w, { quiz: true }),
    call: (w) => ({
      params: { id: w.course.quizLessonId! },
      body: { userId: w.a.user.id, responses: [{ question_id: 'q1', user_answer: 0 }] },
    }),
    unchanged: (_t, w) => rowsWhere(quizAttempts, quizAttempts.lesson_id, w.course.quizLessonId!),
  },
  { route: 'GET /api/lessons/:id/quiz-responses', call: quiz },
  { route: 'GET /api/lessons/:id/quiz-attempts', call: quiz },
];

/** A's review of a course of its own, so the shared review stays as it is. */
const freshReviewOfA = async (_t: TestApp, w: World) => {
  const { course } = await freshCourseOfA(w);
  return { course, reviewId: (await createReview(t, w.a.user.id, course.id)).id };
};
const reviewRow = (w: World) => rowsWhere(reviews, reviews.id, w.reviewId);

const reviewEntries: MatrixEntry[] = [
  { route: 'GET /api/courses/:id/reviews', call: courseParam },
  { route: 'GET /api/courses/:id/rating-summary', call: courseParam },
  { route: 'GET /api/users/:id/reviews', call: self },
  {
    route: 'GET /api/users/:id/courses/:courseId/review',
    call: (w) => ({ params: { id: w.a.user.id, courseId: w.course.id } }),
  },
  {
    route: 'POST /api/reviews',
    status: 201,
    fresh: (_t, w) => freshCourseOfA(w),
    call: (w) => ({ body: { course_id: w.course.id, rating: 5, review_text: 'Patient teaching' } }),
    // Only enrolled students review; admins cannot enrol, so they cannot review either.
    expect: { admin: { status: 403, code: 'NOT_ENROLLED' } },
    unchanged: (_t, w) => rowsWhere(reviews, reviews.course_id, w.course.id),
  },
  {
    route: 'PUT /api/reviews/:id',
    fresh: freshReviewOfA,
    call: (w) => ({ params: { id: w.reviewId }, body: { rating: 2, review_text: 'Changed my mind' } }),
    unchanged: (_t, w) => reviewRow(w),
  },
  {
    route: 'DELETE /api/reviews/:id',
    fresh: freshReviewOfA,
    call: (w) => ({ params: { id: w.reviewId } }),
    unchanged: (_t, w) => reviewRow(w),
  },
  {
    route: 'POST /api/reviews/:id/helpful',
    // Anyone signed in may vote once for someone else's review: here a third student's.
    fresh: async (_t, w) => {
      const author = await createUser(t);
      return { reviewId: (await createReview(t, author.user.id, w.course.id)).id };
    },
    call: (w) => ({ params: { id: w.reviewId } }),
    expect: { studentB: 'allowed' },
  },
  { route: 'GET /api/admin/reviews' },
  { route: 'GET /api/admin/reviews/stats' },
];

const requestRow = (w: World) => rowsWhere(courseRequests, courseRequests.id, w.courseRequestId);
const freshRequestOfA = async (_t: TestApp, w: World) => ({
  courseRequestId: (await createCourseRequest(t, w.a.user.id)).id,
});

const courseRequestEntries: MatrixEntry[] = [
  {
    route: 'POST /api/course-requests',
    status: 201,
    call: () => ({ body: { subject: 'Xingyi spear', experience: 'Some', reason: 'Curious' } }),
    expect: ownAccountOnly,
  },
  { route: 'GET /api/course-requests/popular', expect: { studentB: 'allowed' } },
  { route: 'GET /api/users/:id/course-requests', call: self },
  {
    route: 'DELETE /api/course-requests/:id',
    fresh: freshRequestOfA,
    call: (w) => ({ params: { id: w.courseRequestId } }),
    unchanged: (_t, w) => requestRow(w),
  },
  { route: 'GET /api/admin/course-requests' },
  {
    route: 'PUT /api/admin/course-requests/:id/status',
    fresh: freshRequestOfA,
    call: (w) => ({ params: { id: w.courseRequestId }, body: { status: 'planned' } }),
    unchanged: (_t, w) => requestRow(w),
  },
];

const checkoutOfA = (w: World) => ({ params: { sessionId: w.checkout.session_id } });

const paymentEntries: MatrixEntry[] = [
  {
    route: 'POST /api/stripe/create-checkout',
    fresh: async () => ({
      paidCourse: await createCourse(t, { price: 29, modules: 1, lessonsPerModule: 1 }),
    }),
    call: (w) => ({ body: { course_id: w.paidCourse.id } }),
    expect: ownAccountOnly,
  },
  {
    route: 'POST /api/stripe/verify-payment',
    call: (w) => ({ body: { session_id: w.checkout.session_id, course_id: w.paidCourse.id } }),
    // Verifying is the buyer's own step after paying; nobody else's checkout is found.
    expect: { admin: { status: 404, code: 'CHECKOUT_NOT_FOUND' } },
    unchanged: (_t, w) => rowsWhere(orders, orders.id, w.checkout.order_id),
  },
  { route: 'GET /api/stripe/orders/:userId', call: (w) => ({ params: { userId: w.a.user.id } }) },
  { route: 'GET /api/stripe/subscription/:userId', call: (w) => ({ params: { userId: w.a.user.id } }) },
  // The test checkout stands in for Stripe's hosted page: its unguessable session id is the key.
  { route: 'GET /api/payment/local-checkout/:sessionId', call: checkoutOfA },
  {
    route: 'POST /api/payment/local-checkout/:sessionId',
    call: (w) => ({ ...checkoutOfA(w), body: { outcome: 'cancel' } }),
  },
  {
    route: 'POST /api/stripe/webhook',
    // Unsigned, so refused by the signature check whoever sends it; access is never asked.
    status: 400,
    call: () => ({ raw: { payload: '{}', headers: { 'content-type': 'application/json' } } }),
  },
];

const ENTRIES: MatrixEntry[] = [
  ...usersEntries,
  ...authEntries,
  ...enrollmentEntries,
  ...termsEntries,
  ...uploadEntries,
  ...courseEntries,
  ...progressEntries,
  ...reviewEntries,
  ...courseRequestEntries,
  ...paymentEntries,
];

describe('the access matrix', () => {
  it('has exactly one entry for every /api route', () => {
    const routes = [...access.keys()];
    const entries = ENTRIES.map((entry) => entry.route);
    expect(
      routes.filter((route) => !entries.includes(route)),
      'routes without an entry',
    ).toEqual([]);
    expect(
      entries.filter((route) => !access.has(route)),
      'entries without a route',
    ).toEqual([]);
    expect(
      entries.filter((route, i) => entries.indexOf(route) !== i),
      'entries listed twice',
    ).toEqual([]);
  });
});

for (const entry of ENTRIES) {
  describe(entry.route, () => {
    it.each(ACTORS)('as %s', async (actor) => {
      const level = access.get(entry.route);
      if (!level) throw new Error(`${entry.route} is not in the route table`);
      await runCase(t, world, level, entry, actor);
    });
  });
}
