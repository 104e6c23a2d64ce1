import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonProgress, quizAttempts, quizResponses } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';
import { createCourse, enrollUser, type FactoryQuizQuestion } from '../courses/test/factories';
import { itConcurrently } from '../../test/concurrency';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
const submit = (lessonId: string, payload: object, headers?: Headers) =>
  t.app.inject({ method: 'POST', url: `/api/lessons/${lessonId}/submit-quiz`, headers, payload });
const responsesOf = (lessonId: string, query: string, headers?: Headers) =>
  t.app.inject({ method: 'GET', url: `/api/lessons/${lessonId}/quiz-responses${query}`, headers });
const attemptsOf = (lessonId: string, query: string, headers?: Headers) =>
  t.app.inject({ method: 'GET', url: `/api/lessons/${lessonId}/quiz-attempts${query}`, headers });

const QUIZ: FactoryQuizQuestion[] = [
  {
    id: 'a',
    text: 'Five elements?',
    options: ['Xingyi', 'Bagua'],
    correctAnswer: 0,
    explanation: 'Wu xing.',
  },
  { id: 'b', text: 'Circle walking?', options: ['Xingyi', 'Bagua', 'Taiji'], correctAnswer: 1 },
  { id: 'c', text: 'Push hands?', options: ['Taiji', 'Bagua'], correctAnswer: 0, explanation: 'Tui shou.' },
];

/** A student enrolled in a course of one video lesson and the three-question quiz. */
async function quizStudent() {
  const course = await createCourse(t, { modules: 1, lessonsPerModule: 1, quiz: QUIZ });
  const student = await createUser(t);
  await enrollUser(t, student.user.id, course.id);
  return { course, lessonId: course.quizLessonId!, ...student };
}

const attemptsStored = (userId: string) =>
  t.database.db.select().from(quizAttempts).where(eq(quizAttempts.user_id, userId));

describe('POST /api/lessons/:id/submit-quiz', () => {
  it('scores on the server: unanswered and unknown questions are wrong, quizScore is ignored', async () => {
    const { course, lessonId, user, auth } = await quizStudent();
    const res = await submit(
      lessonId,
      {
        userId: user.id,
        quizScore: 100,
        responses: [
          { question_id: 'a', user_answer: 0 },
          { question_id: 'b', user_answer: 2 },
          { question_id: 'c', user_answer: null },
          { question_id: 'zzz', user_answer: 0 },
          { question_id: 'b', user_answer: 1 },
        ],
      },
      auth,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      saved: true,
      attempt_number: 1,
      score: 33,
      correct: 1,
      total: 3,
      // No pass mark: any attempt passes and completes the lesson.
      pass_mark: null,
      passed: true,
      responses: [
        {
          question_id: 'a',
          question_text: 'Five elements?',
          user_answer: 0,
          correct_answer: 0,
          is_correct: true,
          attempt_number: 1,
          explanation: 'Wu xing.',
        },
        {
          question_id: 'b',
          question_text: 'Circle walking?',
          user_answer: 2,
          correct_answer: 1,
          is_correct: false,
          attempt_number: 1,
          explanation: null,
        },
        {
          question_id: 'c',
          question_text: 'Push hands?',
          user_answer: null,
          correct_answer: 0,
          is_correct: false,
          attempt_number: 1,
          explanation: 'Tui shou.',
        },
      ],
      // The quiz is one of the course's two lessons.
      course_progress: 50,
    });
    const [attempt] = await attemptsStored(user.id);
    expect(attempt).toMatchObject({ attempt_number: 1, score: 33 });
    const stored = await t.database.db
      .select()
      .from(quizResponses)
      .where(eq(quizResponses.attempt_id, attempt!.id));
    expect(stored).toHaveLength(3);
    const [done] = await t.database.db
      .select()
      .from(lessonProgress)
      .where(and(eq(lessonProgress.user_id, user.id), eq(lessonProgress.lesson_id, lessonId)));
    expect(done).toMatchObject({ quiz_score: 33, course_id: course.id });
  });

  it('numbers attempts upwards and keeps the latest score on the lesson', async () => {
    const { lessonId, user, auth } = await quizStudent();
    const first = await submit(lessonId, { userId: user.id, responses: [] }, auth);
    expect(first.json()).toMatchObject({ attempt_number: 1, score: 0 });
    t.clock.advance(60_000);
    const all = ['a', 'b', 'c'].map((id, i) => ({ question_id: id, user_answer: QUIZ[i]!.correctAnswer }));
    const second = await submit(lessonId, { userId: user.id, responses: all }, auth);
    expect(second.json()).toMatchObject({ attempt_number: 2, score: 100, correct: 3 });
    const [done] = await t.database.db
      .select()
      .from(lessonProgress)
      .where(eq(lessonProgress.user_id, user.id));
    expect(done!.quiz_score).toBe(100);

    const attempts = await attemptsOf(lessonId, `?userId=${user.id}`, auth);
    expect(attempts.statusCode).toBe(200);
    expect(attempts.json()).toEqual({
      attempts: [
        { attempt_number: 2, score: 100, submitted_at: t.clock.now().toISOString() },
        {
          attempt_number: 1,
          score: 0,
          submitted_at: new Date(t.clock.now().getTime() - 60_000).toISOString(),
        },
      ],
      total: 2,
    });
  });

  itConcurrently('gives concurrent submissions distinct attempt numbers', async () => {
    const { lessonId, user, auth } = await quizStudent();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => submit(lessonId, { userId: user.id, responses: [] }, auth)),
    );
    expect(results.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    const numbers = results.map((res) => res.json().attempt_number).sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await attemptsStored(user.id)).toHaveLength(8);
  });

  it('lets an admin preview: the result comes back and nothing is stored', async () => {
    const { lessonId, user } = await quizStudent();
    const admin = await createAdmin(t);
    const res = await submit(
      lessonId,
      { userId: user.id, responses: [{ question_id: 'a', user_answer: 0 }] },
      admin.auth,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      saved: false,
      attempt_number: null,
      score: 33,
      course_progress: null,
    });
    expect(res.json().responses[0]).toMatchObject({ is_correct: true, attempt_number: null });
    expect(await attemptsStored(user.id)).toHaveLength(0);
    expect(await attemptsStored(admin.user.id)).toHaveLength(0);
    expect(
      await t.database.db.select().from(lessonProgress).where(eq(lessonProgress.user_id, user.id)),
    ).toEqual([]);
  });

  it('refuses students who are not enrolled (403) and lessons that are not quizzes (400)', async () => {
    const { course, lessonId } = await quizStudent();
    const stranger = await createUser(t);
    const res = await submit(lessonId, { userId: stranger.user.id, responses: [] }, stranger.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'You must be enrolled in this course', code: 'NOT_ENROLLED' });
    expect(await attemptsStored(stranger.user.id)).toHaveLength(0);

    await enrollUser(t, stranger.user.id, course.id);
    const video = await submit(
      course.allLessonIds[0]!,
      { userId: stranger.user.id, responses: [] },
      stranger.auth,
    );
    expect(video.statusCode).toBe(400);
    expect(video.json()).toEqual({ error: 'This lesson is not a quiz', code: 'NOT_A_QUIZ' });
  });

  it('answers 400 for a quiz without questions', async () => {
    const course = await createCourse(t, { quiz: [] });
    const { user, auth } = await createUser(t);
    await enrollUser(t, user.id, course.id);
    const res = await submit(course.quizLessonId!, { userId: user.id, responses: [] }, auth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'This quiz has no questions', code: 'EMPTY_QUIZ' });
  });

  it('answers 403 for another student, 404 for an unknown lesson, 401 without a token', async () => {
    const { lessonId, user } = await quizStudent();
    const other = await createUser(t);
    const res = await submit(lessonId, { userId: user.id, responses: [] }, other.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('NOT_OWNER');
    expect(
      (await submit(randomUUID(), { userId: other.user.id, responses: [] }, other.auth)).statusCode,
    ).toBe(404);
    expect((await submit(lessonId, { userId: user.id, responses: [] })).statusCode).toBe(401);
    expect(await attemptsStored(user.id)).toHaveLength(0);
  });

  it('validates the body', async () => {
    const { lessonId, user, auth } = await quizStudent();
    const cases: [object, string][] = [
      [{ responses: [] }, 'Invalid user id'],
      [{ userId: user.id }, 'Responses must be a list'],
      [{ userId: user.id, responses: 'a' }, 'Responses must be a list'],
      [{ userId: user.id, responses: [{ user_answer: 1 }] }, 'Each response needs a question_id'],
      [
        { userId: user.id, responses: [{ question_id: 'a', user_answer: -1 }] },
        'An answer must be an option index or null',
      ],
      [
        { userId: user.id, responses: [{ question_id: 'a', user_answer: 1.5 }] },
        'An answer must be an option index or null',
      ],
      [
        { userId: user.id, responses: [{ question_id: 'a', user_answer: 3_000_000_000 }] },
        'An answer must be an option index or null',
      ],
      [{ userId: user.id, responses: [], quizScore: 'x' }, 'Quiz score must be a number'],
    ];
    for (const [payload, message] of cases) {
      const res = await submit(lessonId, payload, auth);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect(await attemptsStored(user.id)).toHaveLength(0);
  });
});

describe('GET /api/lessons/:id/quiz-responses and quiz-attempts', () => {
  it('returns the latest attempt by default, or the one asked for, with explanations', async () => {
    const { lessonId, user, auth } = await quizStudent();
    await submit(lessonId, { userId: user.id, responses: [{ question_id: 'c', user_answer: 0 }] }, auth);
    await submit(lessonId, { userId: user.id, responses: [{ question_id: 'a', user_answer: 0 }] }, auth);

    const latest = await responsesOf(lessonId, `?userId=${user.id}`, auth);
    expect(latest.statusCode).toBe(200);
    expect(latest.json()).toHaveLength(3);
    expect(latest.json().map((r: { question_id: string }) => r.question_id)).toEqual(['a', 'b', 'c']);
    expect(latest.json()[0]).toEqual({
      question_id: 'a',
      question_text: 'Five elements?',
      user_answer: 0,
      correct_answer: 0,
      is_correct: true,
      attempt_number: 2,
      explanation: 'Wu xing.',
    });
    const first = await responsesOf(lessonId, `?userId=${user.id}&attempt=1`, auth);
    expect(first.json()[2]).toMatchObject({ question_id: 'c', is_correct: true, attempt_number: 1 });
    // userId defaults to the caller.
    expect((await responsesOf(lessonId, '', auth)).json()).toHaveLength(3);
    expect((await responsesOf(lessonId, '?attempt=9', auth)).json()).toEqual([]);
  });

  it('answers empty lists before any attempt', async () => {
    const { lessonId, auth } = await quizStudent();
    expect((await responsesOf(lessonId, '', auth)).json()).toEqual([]);
    expect((await attemptsOf(lessonId, '', auth)).json()).toEqual({ attempts: [], total: 0 });
  });

  it('keeps another student’s answers private (403); admins may read them', async () => {
    const { lessonId, user, auth } = await quizStudent();
    await submit(lessonId, { userId: user.id, responses: [] }, auth);
    const other = await createUser(t);
    for (const res of [
      await responsesOf(lessonId, `?userId=${user.id}`, other.auth),
      await attemptsOf(lessonId, `?userId=${user.id}`, other.auth),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'You can only access your own account', code: 'NOT_OWNER' });
    }
    const admin = await createAdmin(t);
    expect((await responsesOf(lessonId, `?userId=${user.id}`, admin.auth)).json()).toHaveLength(3);
    expect((await attemptsOf(lessonId, `?userId=${user.id}`, admin.auth)).json().attempts).toHaveLength(1);
  });

  it('validates the query, answers 404 for an unknown lesson and 401 without a token', async () => {
    const { lessonId, auth } = await quizStudent();
    const badUser = await responsesOf(lessonId, '?userId=me', auth);
    expect(badUser.statusCode).toBe(400);
    expect(badUser.json().error).toBe('Invalid user id');
    for (const attempt of ['0', 'x', '1.5']) {
      const res = await responsesOf(lessonId, `?attempt=${attempt}`, auth);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Attempt must be a whole number of 1 or more');
    }
    expect((await attemptsOf(lessonId, '?userId=me', auth)).statusCode).toBe(400);
    expect((await responsesOf(randomUUID(), '', auth)).statusCode).toBe(404);
    expect((await attemptsOf(randomUUID(), '', auth)).statusCode).toBe(404);
    expect((await responsesOf(lessonId, '')).statusCode).toBe(401);
    expect((await attemptsOf(lessonId, '')).statusCode).toBe(401);
  });
});
