import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUIZ_PASS_MARK_MESSAGE } from '../../../common/quiz';
import { enrollments, lessonProgress, lessons } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';
import { createCourse, enrollUser, type FactoryQuizQuestion } from '../courses/test/factories';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(async () => t.close());

type Headers = Record<string, string>;

// Three questions: one right answer scores 33, two 67, all three 100.
const QUIZ: FactoryQuizQuestion[] = [
  { id: 'a', text: 'Five elements?', options: ['Xingyi', 'Bagua'], correctAnswer: 0 },
  { id: 'b', text: 'Circle walking?', options: ['Xingyi', 'Bagua'], correctAnswer: 1 },
  { id: 'c', text: 'Push hands?', options: ['Taiji', 'Bagua'], correctAnswer: 0 },
];
const answers = (right: number) =>
  QUIZ.map((q, i) => ({ question_id: q.id, user_answer: i < right ? q.correctAnswer : 1 - q.correctAnswer }));

const putLesson = (lessonId: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/lessons/${lessonId}`, headers: admin.auth, payload });
const submit = (lessonId: string, userId: string, right: number, headers: Headers) =>
  t.app.inject({
    method: 'POST',
    url: `/api/lessons/${lessonId}/submit-quiz`,
    headers,
    payload: { userId, responses: answers(right) },
  });
const results = (lessonId: string, query = '', headers: Headers = admin.auth) =>
  t.app.inject({ method: 'GET', url: `/api/admin/quizzes/${lessonId}/results${query}`, headers });

/** A course of one video lesson and the quiz, whose pass mark is set as given. */
async function quizCourse(passMark: number | null) {
  const course = await createCourse(t, { modules: 1, lessonsPerModule: 1, quiz: QUIZ });
  const lessonId = course.quizLessonId!;
  await t.database.db.update(lessons).set({ pass_mark: passMark }).where(eq(lessons.id, lessonId));
  return { course, lessonId };
}

async function enrolledStudent(courseId: string, name?: string) {
  const student = await createUser(t, name ? { name } : {});
  await enrollUser(t, student.user.id, courseId);
  return student;
}

const completionOf = async (userId: string, lessonId: string) =>
  (
    await t.database.db
      .select()
      .from(lessonProgress)
      .where(and(eq(lessonProgress.user_id, userId), eq(lessonProgress.lesson_id, lessonId)))
  )[0];
const enrolmentProgress = async (userId: string, courseId: string) =>
  (
    await t.database.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.user_id, userId), eq(enrollments.course_id, courseId)))
  )[0]!.progress;

describe('PUT /api/lessons/:id with a pass mark', () => {
  it('stores a whole percentage from 1 to 100 on a quiz, and null removes it', async () => {
    const { lessonId } = await quizCourse(null);
    const set = await putLesson(lessonId, { pass_mark: 70 });
    expect(set.statusCode).toBe(200);
    expect(set.json().lesson).toMatchObject({ id: lessonId, pass_mark: 70 });
    // Other edits keep it.
    expect((await putLesson(lessonId, { title: 'Check' })).json().lesson.pass_mark).toBe(70);
    expect((await putLesson(lessonId, { pass_mark: 100 })).json().lesson.pass_mark).toBe(100);
    expect((await putLesson(lessonId, { pass_mark: 1 })).json().lesson.pass_mark).toBe(1);
    const cleared = await putLesson(lessonId, { pass_mark: null });
    expect(cleared.json().lesson.pass_mark).toBeNull();
  });

  it.each([0, 101, 2.5, 'x', -5, '70'])('refuses %j with a clear message', async (passMark) => {
    const { lessonId } = await quizCourse(50);
    const res = await putLesson(lessonId, { pass_mark: passMark });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: QUIZ_PASS_MARK_MESSAGE, code: 'VALIDATION_ERROR' });
    const [row] = await t.database.db.select().from(lessons).where(eq(lessons.id, lessonId));
    expect(row!.pass_mark).toBe(50);
  });

  it('refuses a pass mark on a lesson that is not a quiz, and drops it when a quiz becomes one', async () => {
    const { course, lessonId } = await quizCourse(60);
    const video = course.lessonIds[0]![0]!;
    const refused = await putLesson(video, { pass_mark: 50 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'Only a quiz can have a pass mark', code: 'NOT_A_QUIZ' });
    expect((await putLesson(video, { pass_mark: null })).statusCode).toBe(200);

    const article = await putLesson(lessonId, { lesson_type: 'article', content_text: 'Notes' });
    expect(article.json().lesson).toMatchObject({ lesson_type: 'article', pass_mark: null });
  });

  it('sets the pass mark of a new quiz lesson', async () => {
    const { course } = await quizCourse(null);
    const res = await t.call(
      'POST',
      `/api/modules/${course.moduleIds[0]}/lessons`,
      { lesson_type: 'quiz', pass_mark: 80 },
      admin.auth,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().lesson).toMatchObject({ lesson_type: 'quiz', pass_mark: 80 });
  });

  it('shows enrolled students the pass mark with the quiz', async () => {
    const { course, lessonId } = await quizCourse(70);
    const student = await enrolledStudent(course.id);
    const res = await t.call('GET', `/api/courses/${course.id}`, undefined, student.auth);
    const quiz = res.json().course.modules[0].lessons.find((l: { id: string }) => l.id === lessonId);
    expect(quiz).toMatchObject({ pass_mark: 70 });
  });
});

describe('POST /api/lessons/:id/submit-quiz with a pass mark', () => {
  it('keeps a failed attempt but leaves the lesson incomplete; a passing one completes it', async () => {
    const { course, lessonId } = await quizCourse(70);
    const { user, auth } = await enrolledStudent(course.id);

    const failed = await submit(lessonId, user.id, 2, auth);
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({
      saved: true,
      attempt_number: 1,
      score: 67,
      pass_mark: 70,
      passed: false,
      course_progress: 0,
    });
    expect(await completionOf(user.id, lessonId)).toBeUndefined();
    expect(await enrolmentProgress(user.id, course.id)).toBe(0);

    const passed = await submit(lessonId, user.id, 3, auth);
    expect(passed.json()).toMatchObject({ attempt_number: 2, score: 100, passed: true, course_progress: 50 });
    expect(await completionOf(user.id, lessonId)).toMatchObject({ quiz_score: 100 });
  });

  it('counts a score equal to the pass mark as a pass', async () => {
    const { course, lessonId } = await quizCourse(67);
    const { user, auth } = await enrolledStudent(course.id);
    expect((await submit(lessonId, user.id, 2, auth)).json()).toMatchObject({ score: 67, passed: true });
    expect(await completionOf(user.id, lessonId)).toMatchObject({ quiz_score: 67 });
  });

  it('keeps the lesson complete, with the passing score, after a later failed attempt', async () => {
    const { course, lessonId } = await quizCourse(70);
    const { user, auth } = await enrolledStudent(course.id);
    await submit(lessonId, user.id, 3, auth);
    const done = await completionOf(user.id, lessonId);
    t.clock.advance(60_000);
    const retake = await submit(lessonId, user.id, 0, auth);
    expect(retake.json()).toMatchObject({ attempt_number: 2, score: 0, passed: false, course_progress: 50 });
    expect(await completionOf(user.id, lessonId)).toEqual(done);
  });

  it('cannot be bypassed: the complete button refuses the quiz and recomputed progress stays put', async () => {
    const { course, lessonId } = await quizCourse(70);
    const { user, auth } = await enrolledStudent(course.id);
    await submit(lessonId, user.id, 1, auth);

    const complete = await t.call(
      'POST',
      `/api/lessons/${lessonId}/complete`,
      { userId: user.id, quizScore: 100 },
      auth,
    );
    expect(complete.statusCode).toBe(400);
    expect(complete.json()).toMatchObject({ code: 'QUIZ_LESSON' });
    const put = await t.call(
      'PUT',
      `/api/user/${user.id}/course/${course.id}/progress`,
      { progress: 100 },
      auth,
    );
    expect(put.json()).toMatchObject({ progress: 0, completed_lessons: 0 });
    expect(await completionOf(user.id, lessonId)).toBeUndefined();
  });

  it('without a pass mark, any attempt completes the lesson, whatever its score', async () => {
    const { course, lessonId } = await quizCourse(null);
    const { user, auth } = await enrolledStudent(course.id);
    const res = await submit(lessonId, user.id, 0, auth);
    expect(res.json()).toMatchObject({ score: 0, pass_mark: null, passed: true, course_progress: 50 });
    expect(await completionOf(user.id, lessonId)).toMatchObject({ quiz_score: 0 });
  });

  it("tells an admin's preview whether it passed, and stores nothing", async () => {
    const { lessonId } = await quizCourse(70);
    const res = await submit(lessonId, admin.user.id, 1, admin.auth);
    expect(res.json()).toMatchObject({ saved: false, score: 33, pass_mark: 70, passed: false });
    expect(await completionOf(admin.user.id, lessonId)).toBeUndefined();
  });
});

describe('GET /api/admin/quizzes/:id/results', () => {
  it('lists each student who attempted the quiz by name: attempts, best score, passed, last attempt', async () => {
    const { course, lessonId } = await quizCourse(70);
    const bo = await enrolledStudent(course.id, 'Bo Wen');
    const ann = await enrolledStudent(course.id, 'ann Li');
    const cai = await enrolledStudent(course.id, 'Cai Hong');
    await enrolledStudent(course.id, 'Never Tried');

    await submit(lessonId, bo.user.id, 1, bo.auth);
    t.clock.advance(60_000);
    await submit(lessonId, bo.user.id, 3, bo.auth);
    t.clock.advance(60_000);
    await submit(lessonId, bo.user.id, 2, bo.auth);
    const boLast = t.clock.now().toISOString();
    t.clock.advance(60_000);
    await submit(lessonId, ann.user.id, 2, ann.auth);
    const annLast = t.clock.now().toISOString();
    await submit(lessonId, cai.user.id, 3, cai.auth);

    const res = await results(lessonId);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ lesson_id: lessonId, title: 'Quiz', pass_mark: 70, total: 3 });
    expect(body.results).toEqual([
      {
        user_id: ann.user.id,
        user_name: 'ann Li',
        attempts: 1,
        best_score: 67,
        passed: false,
        last_attempt_at: annLast,
      },
      {
        user_id: bo.user.id,
        user_name: 'Bo Wen',
        attempts: 3,
        best_score: 100,
        passed: true,
        last_attempt_at: boLast,
      },
      expect.objectContaining({ user_name: 'Cai Hong', attempts: 1, best_score: 100, passed: true }),
    ]);
  });

  it('pages through the students without repeating or skipping one', async () => {
    const { course, lessonId } = await quizCourse(null);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      // Same names: the id breaks the tie.
      const s = await enrolledStudent(course.id, 'Same Name');
      await submit(lessonId, s.user.id, 0, s.auth);
      ids.push(s.user.id);
    }
    const seen: string[] = [];
    for (let offset = 0; offset < 5; offset += 2) {
      const page = (await results(lessonId, `?limit=2&offset=${offset}`)).json();
      expect(page.total).toBe(5);
      seen.push(...page.results.map((r: { user_id: string }) => r.user_id));
      // Without a pass mark, every attempt passes.
      expect(page.results.every((r: { passed: boolean }) => r.passed)).toBe(true);
    }
    expect(seen).toEqual([...ids].sort());
    expect((await results(lessonId, '?limit=2&offset=10')).json()).toMatchObject({ results: [], total: 5 });
    expect((await results(lessonId, '?limit=0')).statusCode).toBe(400);
    expect((await results(lessonId, '?limit=101')).statusCode).toBe(400);
  });

  it('answers an empty list for a quiz nobody has tried, 400 for another lesson and 404 for none', async () => {
    const { course, lessonId } = await quizCourse(70);
    expect((await results(lessonId)).json()).toMatchObject({ results: [], total: 0, pass_mark: 70 });
    const video = await results(course.lessonIds[0]![0]!);
    expect(video.statusCode).toBe(400);
    expect(video.json()).toMatchObject({ code: 'NOT_A_QUIZ' });
    expect((await results('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    const { course, lessonId } = await quizCourse(70);
    const student = await enrolledStudent(course.id);
    expect((await results(lessonId, '', student.auth)).statusCode).toBe(403);
    expect((await results(lessonId, '', {})).statusCode).toBe(401);
  });
});
