import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  courseRequests,
  courses,
  lessonProgress,
  lessons,
  modules,
  quizAttempts,
  reviews,
} from '../../../db/schema';
import { SearchResponse } from '../../../../common/search';
import { ownAccountOnly, rowsWhere, type MatrixEntry, type World } from '../../../test/access-matrix';
import type { TestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';
import { createCourse, enrollmentRows, enrollUser } from './factories';
import { createCourseRequest } from '../../course-requests/test/factories';
import { createReview } from '../../reviews/test/factories';

/* Matrix entries for courses and their content, enrolment, progress, reviews and course requests. */

const self = (w: World) => ({ params: { id: w.a.user.id } });
const selfInCourse = (w: World) => ({ params: { userId: w.a.user.id, courseId: w.course.id } });
const courseParam = (w: World) => ({ params: { id: w.course.id } });
const firstModule = (w: World) => ({ params: { id: w.course.moduleIds[0]! } });
const firstLesson = (w: World) => ({ params: { id: w.course.allLessonIds[0]! } });

type CourseInput = Parameters<typeof createCourse>[1];
/** A course of this case alone (two modules of two lessons), for rows that edit or delete it. */
const freshCourse =
  (input: CourseInput = {}) =>
  async (t: TestApp) => ({
    course: await createCourse(t, { modules: 2, lessonsPerModule: 2, ...input }),
  });
/** The same, with A enrolled. */
const freshCourseOfA =
  (input: CourseInput = {}) =>
  async (t: TestApp, w: World) => {
    const course = await createCourse(t, { modules: 1, lessonsPerModule: 2, ...input });
    await enrollUser(t, w.a.user.id, course.id);
    return { course };
  };

const courseRow = (t: TestApp, w: World) => rowsWhere(t, courses, courses.id, w.course.id);
const modulesOf = (t: TestApp, w: World) => rowsWhere(t, modules, modules.course_id, w.course.id);
const lessonsOf = (t: TestApp, w: World) => rowsWhere(t, lessons, lessons.module_id, w.course.moduleIds[0]!);

const catalogue: MatrixEntry[] = [
  { route: 'GET /api/courses' },
  { route: 'GET /api/courses/search', call: () => ({ query: { q: 'Course' } }) },
  {
    // Everyone searches what they may see; people are found by administrators only.
    route: 'GET /api/search',
    call: () => ({ query: { q: 'Wei Zhang' } }),
    expect: { studentB: 'allowed' },
    check: (res, actor) => {
      if (res.statusCode !== 200) return;
      const people = SearchResponse.parse(res.json()).results.filter((r) => r.type === 'user');
      if (actor === 'admin') expect(people.length).toBeGreaterThan(0);
      else expect(people).toEqual([]);
    },
  },
  { route: 'GET /api/courses/categories' },
  { route: 'GET /api/features' },
  {
    route: 'GET /api/courses/:id',
    call: courseParam,
    check: (res, actor) => {
      // Lesson content is for admins and enrolled students; the rest see the outline.
      const { has_content_access } = res.json<{ course: { has_content_access: boolean } }>().course;
      expect(has_content_access, actor).toBe(actor === 'studentA' || actor === 'admin');
    },
  },
  { route: 'GET /api/courses/:id/features', call: courseParam },
  { route: 'GET /api/courses/:id/students', call: courseParam },
  { route: 'POST /api/courses', call: () => ({ body: { title: 'Baguazhang Circle Walking' } }) },
  {
    route: 'PUT /api/courses/:id',
    fresh: freshCourse(),
    call: (w) => ({ ...courseParam(w), body: { title: 'Renamed course' } }),
    unchanged: courseRow,
  },
  {
    route: 'PUT /api/courses/:id/publish',
    fresh: freshCourse(),
    call: (w) => ({ ...courseParam(w), body: { is_published: false } }),
    unchanged: courseRow,
  },
  { route: 'DELETE /api/courses/:id', fresh: freshCourse(), call: courseParam, unchanged: courseRow },
  {
    route: 'POST /api/courses/:id/modules',
    fresh: freshCourse(),
    call: (w) => ({ ...courseParam(w), body: { title: 'Standing practice' } }),
    unchanged: modulesOf,
  },
  {
    route: 'PUT /api/courses/:id/modules/order',
    fresh: freshCourse(),
    call: (w) => ({ ...courseParam(w), body: { module_ids: [...w.course.moduleIds].reverse() } }),
    unchanged: modulesOf,
  },
  {
    route: 'PUT /api/modules/:id',
    fresh: freshCourse(),
    call: (w) => ({ ...firstModule(w), body: { title: 'Renamed module' } }),
    unchanged: modulesOf,
  },
  { route: 'DELETE /api/modules/:id', fresh: freshCourse(), call: firstModule, unchanged: modulesOf },
  {
    route: 'POST /api/modules/:id/lessons',
    fresh: freshCourse(),
    call: (w) => ({ ...firstModule(w), body: { title: 'Single whip' } }),
    unchanged: lessonsOf,
  },
  {
    route: 'PUT /api/modules/:id/lessons/order',
    fresh: freshCourse(),
    call: (w) => ({ ...firstModule(w), body: { lesson_ids: [...w.course.lessonIds[0]!].reverse() } }),
    unchanged: lessonsOf,
  },
  {
    route: 'PUT /api/lessons/:id',
    fresh: freshCourse(),
    call: (w) => ({ ...firstLesson(w), body: { title: 'Renamed lesson' } }),
    unchanged: lessonsOf,
  },
  { route: 'DELETE /api/lessons/:id', fresh: freshCourse(), call: firstLesson, unchanged: lessonsOf },
];

const enrolment: MatrixEntry[] = [
  { route: 'GET /api/enrollments' },
  {
    route: 'POST /api/user/:userId/enroll/:courseId',
    status: 201,
    fresh: freshCourse({ modules: 1, lessonsPerModule: 1 }),
    call: (w) => ({ ...selfInCourse(w), body: {} }),
    unchanged: (t, w) => enrollmentRows(t, w.a.user.id, w.course.id),
  },
  {
    route: 'DELETE /api/user/:userId/enroll/:courseId',
    fresh: freshCourseOfA(),
    call: selfInCourse,
    unchanged: (t, w) => enrollmentRows(t, w.a.user.id, w.course.id),
  },
  { route: 'GET /api/user/:userId/enrolled/:courseId', call: selfInCourse },
];

const progressOfA = (t: TestApp, w: World) =>
  t.database.db
    .select()
    .from(lessonProgress)
    .where(and(eq(lessonProgress.user_id, w.a.user.id), eq(lessonProgress.course_id, w.course.id)));
const quizOfA = (w: World) => ({ params: { id: w.course.quizLessonId! }, query: { userId: w.a.user.id } });

const progress: MatrixEntry[] = [
  { route: 'GET /api/user/:userId/course/:courseId/progress', call: selfInCourse },
  {
    route: 'PUT /api/user/:userId/course/:courseId/progress',
    call: (w) => ({ ...selfInCourse(w), body: { progress: 50 } }),
  },
  { route: 'GET /api/user/:userId/course/:courseId/lessons/progress', call: selfInCourse },
  {
    route: 'POST /api/lessons/:id/complete',
    fresh: freshCourseOfA(),
    call: (w) => ({ ...firstLesson(w), body: { userId: w.a.user.id } }),
    unchanged: progressOfA,
  },
  {
    route: 'POST /api/lessons/:id/submit-quiz',
    fresh: freshCourseOfA({ quiz: true }),
    call: (w) => ({
      params: { id: w.course.quizLessonId! },
      body: { userId: w.a.user.id, responses: [{ question_id: 'q1', user_answer: 0 }] },
    }),
    unchanged: (t, w) => rowsWhere(t, quizAttempts, quizAttempts.lesson_id, w.course.quizLessonId!),
  },
  { route: 'GET /api/lessons/:id/quiz-responses', call: quizOfA },
  { route: 'GET /api/lessons/:id/quiz-attempts', call: quizOfA },
  { route: 'GET /api/admin/quizzes/:id/results', call: (w) => ({ params: { id: w.course.quizLessonId! } }) },
];

/** A's review of a course of its own, so the shared review stays as it is. */
const freshReviewOfA = async (t: TestApp, w: World) => {
  const { course } = await freshCourseOfA()(t, w);
  return { course, reviewId: (await createReview(t, w.a.user.id, course.id)).id };
};
const reviewRow = (t: TestApp, w: World) => rowsWhere(t, reviews, reviews.id, w.reviewId);

const reviewsOfCourses: MatrixEntry[] = [
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
    fresh: freshCourseOfA(),
    call: (w) => ({ body: { course_id: w.course.id, rating: 5, review_text: 'Patient teaching' } }),
    // Only enrolled students review; admins cannot enrol, so they cannot review either.
    expect: { admin: { status: 403, code: 'NOT_ENROLLED' } },
    unchanged: (t, w) => rowsWhere(t, reviews, reviews.course_id, w.course.id),
  },
  {
    route: 'PUT /api/reviews/:id',
    fresh: freshReviewOfA,
    call: (w) => ({ params: { id: w.reviewId }, body: { rating: 2, review_text: 'Changed my mind' } }),
    unchanged: reviewRow,
  },
  {
    route: 'DELETE /api/reviews/:id',
    fresh: freshReviewOfA,
    call: (w) => ({ params: { id: w.reviewId } }),
    unchanged: reviewRow,
  },
  {
    route: 'POST /api/reviews/:id/helpful',
    // Anyone signed in may vote once for someone else's review: here a third student's.
    fresh: async (t, w) => {
      const author = await createUser(t);
      return { reviewId: (await createReview(t, author.user.id, w.course.id)).id };
    },
    call: (w) => ({ params: { id: w.reviewId } }),
    expect: { studentB: 'allowed' },
  },
  { route: 'GET /api/admin/reviews' },
  { route: 'GET /api/admin/reviews/stats' },
];

const requestRow = (t: TestApp, w: World) =>
  rowsWhere(t, courseRequests, courseRequests.id, w.courseRequestId);
const freshRequestOfA = async (t: TestApp, w: World) => ({
  courseRequestId: (await createCourseRequest(t, w.a.user.id)).id,
});

const requests: MatrixEntry[] = [
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
    unchanged: requestRow,
  },
  { route: 'GET /api/admin/course-requests' },
  {
    route: 'PUT /api/admin/course-requests/:id/status',
    fresh: freshRequestOfA,
    call: (w) => ({ params: { id: w.courseRequestId }, body: { status: 'planned' } }),
    unchanged: requestRow,
  },
];

export const LEARNING_ENTRIES: MatrixEntry[] = [
  ...catalogue,
  ...enrolment,
  ...progress,
  ...reviewsOfCourses,
  ...requests,
];
