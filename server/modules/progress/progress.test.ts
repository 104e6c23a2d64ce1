import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonProgress, lessons } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';
import { createCourse, enrollmentRows, enrollUser } from '../courses/test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
const complete = (lessonId: string, payload: object, headers?: Headers) =>
  t.app.inject({ method: 'POST', url: `/api/lessons/${lessonId}/complete`, headers, payload });
const progressUrl = (userId: string, courseId: string) => `/api/user/${userId}/course/${courseId}/progress`;
const getProgress = (userId: string, courseId: string, headers?: Headers) =>
  t.app.inject({ method: 'GET', url: progressUrl(userId, courseId), headers });
const putProgress = (userId: string, courseId: string, payload: object, headers?: Headers) =>
  t.app.inject({ method: 'PUT', url: progressUrl(userId, courseId), headers, payload });
const lessonList = (userId: string, courseId: string, headers?: Headers) =>
  t.app.inject({ method: 'GET', url: `/api/user/${userId}/course/${courseId}/lessons/progress`, headers });
const completions = (userId: string) =>
  t.database.db.select().from(lessonProgress).where(eq(lessonProgress.user_id, userId));
const storedEnrollment = async (userId: string, courseId: string) =>
  (await enrollmentRows(t, userId, courseId))[0]!;

/** A student enrolled in a fresh course of `lessons` video lessons in one module. */
async function enrolledStudent(lessonCount = 3) {
  const course = await createCourse(t, { modules: 1, lessonsPerModule: lessonCount });
  const student = await createUser(t);
  await enrollUser(t, student.user.id, course.id);
  return { course, ...student };
}

describe('POST /api/lessons/:id/complete', () => {
  it('completes a lesson once and updates course progress', async () => {
    const { course, user, auth } = await enrolledStudent(3);
    const lessonId = course.allLessonIds[0]!;
    const res = await complete(lessonId, { userId: user.id, quizScore: 100 }, auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      saved: true,
      lesson_id: lessonId,
      completed_at: t.clock.now().toISOString(),
      course_progress: 33,
    });

    t.clock.advance(60_000);
    const again = await complete(lessonId, { userId: user.id }, auth);
    expect(again.json()).toMatchObject({
      saved: true,
      completed_at: res.json().completed_at,
      course_progress: 33,
    });
    const rows = await completions(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.quiz_score).toBeNull();
  });

  it('sets completed_date when every lesson is done, and progress stays at 100', async () => {
    const { course, user, auth } = await enrolledStudent(2);
    await complete(course.allLessonIds[0]!, { userId: user.id }, auth);
    const last = await complete(course.allLessonIds[1]!, { userId: user.id }, auth);
    expect(last.json().course_progress).toBe(100);
    const stored = await storedEnrollment(user.id, course.id);
    expect(stored.progress).toBe(100);
    expect(stored.completed_date?.toISOString()).toBe(t.clock.now().toISOString());

    const repeat = await complete(course.allLessonIds[1]!, { userId: user.id }, auth);
    expect(repeat.json().course_progress).toBe(100);
    const res = await getProgress(user.id, course.id, auth);
    expect(res.json()).toEqual({
      progress: 100,
      completed_lessons: 2,
      total_lessons: 2,
      completed_date: t.clock.now().toISOString(),
    });
  });

  it('lets an admin preview: 200 with saved false and nothing stored', async () => {
    const { course, user } = await enrolledStudent(2);
    const admin = await createAdmin(t);
    for (const userId of [admin.user.id, user.id]) {
      const res = await complete(course.allLessonIds[0]!, { userId }, admin.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        saved: false,
        lesson_id: course.allLessonIds[0],
        completed_at: null,
        course_progress: null,
      });
    }
    expect(await completions(admin.user.id)).toHaveLength(0);
    expect(await completions(user.id)).toHaveLength(0);
    expect((await storedEnrollment(user.id, course.id)).progress).toBe(0);
  });

  it('answers 403 when the student is not enrolled, and stores nothing', async () => {
    const course = await createCourse(t, { modules: 1, lessonsPerModule: 1 });
    const { user, auth } = await createUser(t);
    const res = await complete(course.allLessonIds[0]!, { userId: user.id }, auth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'You must be enrolled in this course', code: 'NOT_ENROLLED' });
    expect(await completions(user.id)).toHaveLength(0);
  });

  it('refuses quiz lessons: they are completed by submitting the quiz', async () => {
    const course = await createCourse(t, { quiz: true });
    const { user, auth } = await createUser(t);
    await enrollUser(t, user.id, course.id);
    const res = await complete(course.quizLessonId!, { userId: user.id }, auth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Complete the quiz to mark this lesson as done',
      code: 'QUIZ_LESSON',
    });
    expect(await completions(user.id)).toHaveLength(0);
  });

  it('answers 403 for another student, 404 for unknown or unpublished lessons, 401 without a token', async () => {
    const { course, user } = await enrolledStudent(1);
    const other = await createUser(t);
    const forOther = await complete(course.allLessonIds[0]!, { userId: user.id }, other.auth);
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json().code).toBe('NOT_OWNER');
    expect(await completions(user.id)).toHaveLength(0);

    const unknown = await complete(randomUUID(), { userId: other.user.id }, other.auth);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Lesson not found', code: 'LESSON_NOT_FOUND' });

    const hidden = await createCourse(t, { modules: 1, lessonsPerModule: 1, is_published: false });
    await enrollUser(t, other.user.id, hidden.id);
    expect((await complete(hidden.allLessonIds[0]!, { userId: other.user.id }, other.auth)).statusCode).toBe(
      404,
    );

    expect((await complete(course.allLessonIds[0]!, { userId: user.id })).statusCode).toBe(401);
  });

  it('validates the body', async () => {
    const { course, user, auth } = await enrolledStudent(1);
    const cases: [object, string][] = [
      [{}, 'Invalid user id'],
      [{ userId: 'me' }, 'Invalid user id'],
      [{ userId: user.id, quizScore: 'high' }, 'Quiz score must be a number'],
    ];
    for (const [payload, message] of cases) {
      const res = await complete(course.allLessonIds[0]!, payload, auth);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect((await complete('abc', { userId: user.id }, auth)).json().error).toBe('Invalid id');
    expect(await completions(user.id)).toHaveLength(0);
  });
});

describe('GET and PUT /api/user/:userId/course/:courseId/progress', () => {
  it('reports progress; PUT recomputes it on the server and cannot inflate it', async () => {
    const { course, user, auth } = await enrolledStudent(3);
    const empty = await getProgress(user.id, course.id, auth);
    expect(empty.json()).toEqual({
      progress: 0,
      completed_lessons: 0,
      total_lessons: 3,
      completed_date: null,
    });

    await complete(course.allLessonIds[0]!, { userId: user.id }, auth);
    const put = await putProgress(user.id, course.id, { progress: 100 }, auth);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      progress: 33,
      completed_lessons: 1,
      total_lessons: 3,
      completed_date: null,
    });
    const stored = await storedEnrollment(user.id, course.id);
    expect(stored.progress).toBe(33);
    expect(stored.completed_date).toBeNull();
  });

  it('repairs a stored value and clears completed_date when lessons were added later', async () => {
    const { course, user, auth } = await enrolledStudent(1);
    await complete(course.allLessonIds[0]!, { userId: user.id }, auth);
    expect((await storedEnrollment(user.id, course.id)).completed_date).not.toBeNull();
    await t.database.db
      .insert(lessons)
      .values({ module_id: course.moduleIds[0]!, title: 'Added later', order_sequence: 2 });
    const res = await putProgress(user.id, course.id, {}, auth);
    expect(res.json()).toEqual({
      progress: 50,
      completed_lessons: 1,
      total_lessons: 2,
      completed_date: null,
    });
    expect((await storedEnrollment(user.id, course.id)).completed_date).toBeNull();
  });

  it('validates the progress sent', async () => {
    const { course, user, auth } = await enrolledStudent(1);
    for (const progress of [150, -1, 'lots']) {
      const res = await putProgress(user.id, course.id, { progress }, auth);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Progress must be a number between 0 and 100');
    }
  });

  it('answers 404 when not enrolled, 403 for another student, 200 for an admin, 401 without a token', async () => {
    const { course, user } = await enrolledStudent(1);
    const other = await createUser(t);
    const missing = await getProgress(other.user.id, course.id, other.auth);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'You are not enrolled in this course', code: 'NOT_ENROLLED' });
    expect((await putProgress(other.user.id, course.id, { progress: 10 }, other.auth)).statusCode).toBe(404);

    expect((await getProgress(user.id, course.id, other.auth)).statusCode).toBe(403);
    expect((await putProgress(user.id, course.id, { progress: 100 }, other.auth)).statusCode).toBe(403);
    const admin = await createAdmin(t);
    expect((await getProgress(user.id, course.id, admin.auth)).statusCode).toBe(200);
    expect((await getProgress(user.id, course.id)).statusCode).toBe(401);
    expect((await getProgress(user.id, 'x', admin.auth)).json().error).toBe('Invalid course id');
  });
});

describe('GET /api/user/:userId/course/:courseId/lessons/progress', () => {
  it('lists completed lessons by module then lesson order', async () => {
    const course = await createCourse(t, { modules: 2, lessonsPerModule: 2 });
    const { user, auth } = await createUser(t);
    await enrollUser(t, user.id, course.id);
    const [m1l1, , m2l1, m2l2] = course.allLessonIds;
    for (const id of [m2l2!, m2l1!, m1l1!]) await complete(id, { userId: user.id }, auth);

    const res = await lessonList(user.id, course.id, auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(3);
    expect(res.json().lessons).toEqual([
      {
        lesson_id: m1l1,
        lesson_title: 'Lesson 1.1',
        lesson_type: 'video',
        module_title: 'Module 1',
        completed_at: t.clock.now().toISOString(),
        quiz_score: null,
      },
      expect.objectContaining({ lesson_id: m2l1, lesson_title: 'Lesson 2.1', module_title: 'Module 2' }),
      expect.objectContaining({ lesson_id: m2l2, lesson_title: 'Lesson 2.2' }),
    ]);
    const admin = await createAdmin(t);
    expect((await lessonList(user.id, course.id, admin.auth)).json().lessons).toHaveLength(3);
  });

  it('answers an empty list before any completion, 404 for an unknown course, 403 and 401', async () => {
    const { course, user, auth } = await enrolledStudent(1);
    expect((await lessonList(user.id, course.id, auth)).json()).toEqual({ lessons: [], total: 0 });
    const unknown = await lessonList(user.id, randomUUID(), auth);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Course not found');
    const other = await createUser(t);
    expect((await lessonList(user.id, course.id, other.auth)).statusCode).toBe(403);
    expect((await lessonList(user.id, course.id)).statusCode).toBe(401);
  });
});
