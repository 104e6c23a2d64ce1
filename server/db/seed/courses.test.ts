import { asc, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQuizInput } from '../../../common/quiz';
import { localStorage } from '../../platform/storage';
import { createTestApp, type TestApp } from '../../test/app';
import {
  courseFeatures,
  courseRequests,
  courses,
  enrollments,
  lessonProgress,
  lessons,
  modules,
  quizAttempts,
  quizResponses,
  reviewHelpfulVotes,
  reviews,
  users,
} from '../schema';
import { seedDemo } from '.';

let t: TestApp;
let lines: string[];
beforeAll(async () => {
  t = await createTestApp();
  lines = [];
  expect(
    await seedDemo(t.database.db, localStorage(t.mediaDir), { info: (m) => lines.push(m) }, t.clock.now()),
  ).toBe(true);
});
afterAll(async () => t.close());

const db = () => t.database.db;

async function userId(username: string) {
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

async function courseByTitle(title: string) {
  const [row] = await db().select().from(courses).where(eq(courses.title, title));
  return row!;
}

/** The course's lessons, module by module, in order. */
async function courseLessons(courseId: string) {
  return db()
    .select({ lesson: lessons, module_order: modules.order_sequence })
    .from(lessons)
    .innerJoin(modules, eq(modules.id, lessons.module_id))
    .where(eq(modules.course_id, courseId))
    .orderBy(asc(modules.order_sequence), asc(lessons.order_sequence));
}

describe('demo courses', () => {
  it('creates a free course, a paid course, a paid series and one unpublished course', async () => {
    const rows = await db().select().from(courses).orderBy(asc(courses.created_at));
    expect(
      rows.map((c) => [c.title, c.price_cents, c.is_published, c.is_series, c.skill_level, c.category]),
    ).toEqual([
      ['Foundations of Zhan Zhuang: Standing Meditation', 0, true, false, 'beginner', 'Qigong & Foundations'],
      ['Xingyiquan Five Elements: Pi Quan to Heng Quan', 8900, true, false, 'intermediate', 'Xingyiquan'],
      ['Baguazhang Circle Walking Series', 14900, true, true, 'intermediate', 'Baguazhang'],
      ['Taijiquan Push Hands Fundamentals', 6900, false, false, 'intermediate', 'Taijiquan'],
    ]);
    const [admin] = await db().select().from(users).where(eq(users.username, 'admin'));
    for (const c of rows) {
      expect(c).toMatchObject({
        language: 'English',
        currency: 'USD',
        thumbnail_url: null,
        created_by: admin!.id,
      });
      expect(c.instructor_name).toMatch(/^Sifu /);
      expect(c.estimated_hours).toBeGreaterThan(0);
      expect(c.description.length).toBeGreaterThan(100);
      for (const list of [c.prerequisites, c.learning_objectives]) {
        const items = list.split('\n');
        expect(items.length).toBeGreaterThanOrEqual(3);
        expect(items.every((item) => item.trim() === item && item.length > 0)).toBe(true);
      }
      const features = await db().select().from(courseFeatures).where(eq(courseFeatures.course_id, c.id));
      expect(features.length).toBeGreaterThan(0);
      expect(features.every((f) => f.feature_id >= 1 && f.feature_id <= 8)).toBe(true);
    }
    expect(lines.some((line) => line.includes('Demo courses: 3 published and 1 in preparation'))).toBe(true);
  });

  it('gives every course ordered modules and lessons, and each published one all three lesson types', async () => {
    for (const c of await db().select().from(courses)) {
      const mods = await db()
        .select()
        .from(modules)
        .where(eq(modules.course_id, c.id))
        .orderBy(asc(modules.order_sequence));
      expect(mods.map((m) => m.order_sequence)).toEqual(mods.map((_, i) => i + 1));
      expect(mods.length).toBeGreaterThanOrEqual(c.is_published ? 2 : 1);
      const all = await courseLessons(c.id);
      for (const m of mods) {
        const own = all
          .filter((r) => r.module_order === m.order_sequence)
          .map((r) => r.lesson.order_sequence);
        expect(own).toEqual(own.map((_, i) => i + 1));
        expect(own.length).toBeGreaterThanOrEqual(2);
      }
      for (const { lesson } of all) {
        expect(lesson.duration_minutes).toBeGreaterThan(0);
        if (lesson.lesson_type === 'video') {
          expect(lesson.content_url).toMatch(/^\/media\/lesson-videos\/demo-[a-z0-9-]+\.mp4$/);
        } else {
          expect(lesson.content_url).toBeNull();
        }
        if (lesson.lesson_type === 'article')
          expect(lesson.content_text.split('\n\n').length).toBeGreaterThan(2);
      }
      const types = new Set(all.map((r) => r.lesson.lesson_type));
      if (c.is_published) expect([...types].sort()).toEqual(['article', 'quiz', 'video']);
    }
  });

  it('stores every quiz as a list of well-formed questions', async () => {
    const quizzes = await db().select().from(lessons).where(eq(lessons.lesson_type, 'quiz'));
    expect(quizzes.length).toBe(5);
    for (const quiz of quizzes) {
      // The rules an instructor's edit must pass hold for the demo content too.
      expect(parseQuizInput(quiz.content_text)).toMatchObject({ ok: true });
      const questions: unknown = JSON.parse(quiz.content_text);
      expect(Array.isArray(questions)).toBe(true);
      const list = questions as Record<string, unknown>[];
      expect(list.length).toBeGreaterThanOrEqual(3);
      expect(new Set(list.map((q) => q.id)).size).toBe(list.length);
      for (const q of list) {
        expect(q).toEqual({
          id: expect.any(String),
          text: expect.any(String),
          options: expect.any(Array),
          correctAnswer: expect.any(Number),
          explanation: expect.any(String),
        });
        const options = q.options as unknown[];
        expect(options.length).toBeGreaterThanOrEqual(2);
        expect(options.every((o) => typeof o === 'string' && o.length > 0)).toBe(true);
        expect(Number.isInteger(q.correctAnswer)).toBe(true);
        expect(q.correctAnswer).toBeGreaterThanOrEqual(0);
        expect(q.correctAnswer).toBeLessThan(options.length);
      }
    }
  });

  it('keeps enrolment progress consistent with the lessons completed', async () => {
    const rows = await db().select().from(enrollments);
    expect(rows).toHaveLength(3);
    for (const e of rows) {
      const all = await courseLessons(e.course_id);
      const done = await db().select().from(lessonProgress).where(eq(lessonProgress.user_id, e.user_id));
      const inCourse = done.filter((p) => p.course_id === e.course_id);
      const ids = new Set(all.map((r) => r.lesson.id));
      expect(inCourse.every((p) => ids.has(p.lesson_id))).toBe(true);
      expect(e.progress).toBe(Math.round((inCourse.length / all.length) * 100));
      if (e.progress === 100) {
        const last = Math.max(...inCourse.map((p) => p.completed_at.getTime()));
        expect(e.completed_date?.getTime()).toBe(last);
      } else {
        expect(e.completed_date).toBeNull();
      }
      for (const p of inCourse) {
        expect(p.completed_at.getTime()).toBeGreaterThanOrEqual(e.start_date.getTime());
        expect(p.completed_at.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
      }
    }
    // Every progress row belongs to an enrolment.
    const [orphans] = await db().select({ n: count() }).from(lessonProgress);
    expect(orphans!.n).toBe(5 + 1 + 9);

    const mei = await userId('mei');
    const daniel = await userId('daniel');
    const free = await courseByTitle('Foundations of Zhan Zhuang: Standing Meditation');
    const paid = await courseByTitle('Xingyiquan Five Elements: Pi Quan to Heng Quan');
    const find = (u: string, c: string) => rows.find((e) => e.user_id === u && e.course_id === c);
    expect(find(mei, free.id)).toMatchObject({ source: 'free', progress: 56, completed_date: null });
    expect(find(mei, paid.id)).toMatchObject({ source: 'payment', progress: 9, completed_date: null });
    expect(find(daniel, free.id)).toMatchObject({ source: 'free', progress: 100 });
  });

  it("records Daniel's quiz attempt consistently with his score", async () => {
    const daniel = await userId('daniel');
    const attempts = await db().select().from(quizAttempts);
    expect(attempts).toHaveLength(1);
    const attempt = attempts[0]!;
    expect(attempt).toMatchObject({ user_id: daniel, attempt_number: 1, score: 80 });

    const [quiz] = await db().select().from(lessons).where(eq(lessons.id, attempt.lesson_id));
    const questions = JSON.parse(quiz!.content_text) as { id: string; text: string; correctAnswer: number }[];
    const responses = await db().select().from(quizResponses).where(eq(quizResponses.attempt_id, attempt.id));
    expect(responses).toHaveLength(questions.length);
    for (const r of responses) {
      const q = questions.find((x) => x.id === r.question_id)!;
      expect(r.question_text).toBe(q.text);
      expect(r.correct_answer).toBe(q.correctAnswer);
      expect(r.is_correct).toBe(r.user_answer === q.correctAnswer);
    }
    const correct = responses.filter((r) => r.is_correct).length;
    expect(attempt.score).toBe(Math.round((correct / questions.length) * 100));

    const [progress] = await db()
      .select()
      .from(lessonProgress)
      .where(eq(lessonProgress.lesson_id, attempt.lesson_id));
    expect(progress).toMatchObject({ user_id: daniel, quiz_score: attempt.score });
    expect(progress!.completed_at).toEqual(attempt.submitted_at);
    const others = await db().select().from(lessonProgress);
    expect(others.filter((p) => p.quiz_score !== null)).toHaveLength(1);
  });

  it('gives one demo quiz a pass mark that the completed attempt reaches', async () => {
    const marked = await db().select().from(lessons).where(isNotNull(lessons.pass_mark));
    expect(marked.map((l) => [l.title, l.pass_mark])).toEqual([['Foundations Check', 70]]);
    const [attempt] = await db().select().from(quizAttempts).where(eq(quizAttempts.lesson_id, marked[0]!.id));
    // Daniel completed this quiz, so his score must pass it.
    expect(attempt!.score).toBeGreaterThanOrEqual(70);
  });

  it('adds reviews whose helpful counts match the votes, and two course requests', async () => {
    const mei = await userId('mei');
    const daniel = await userId('daniel');
    const rows = await db().select().from(reviews);
    const votes = await db().select().from(reviewHelpfulVotes);
    expect(votes).toEqual([expect.objectContaining({ user_id: mei })]);
    for (const r of rows) {
      expect(r.helpful_count).toBe(votes.filter((v) => v.review_id === r.id).length);
      const [enrolment] = await db()
        .select()
        .from(enrollments)
        .where(eq(enrollments.user_id, r.user_id))
        .then((es) => es.filter((e) => e.course_id === r.course_id));
      expect(r.is_verified).toBe(enrolment!.source === 'payment');
    }
    const free = await courseByTitle('Foundations of Zhan Zhuang: Standing Meditation');
    const paid = await courseByTitle('Xingyiquan Five Elements: Pi Quan to Heng Quan');
    expect(
      rows.map((r) => [r.user_id, r.course_id, r.rating, r.is_verified, r.helpful_count]).sort(),
    ).toEqual(
      [
        [daniel, free.id, 5, false, 1],
        [mei, paid.id, 4, true, 0],
      ].sort(),
    );
    expect(votes[0]!.review_id).toBe(rows.find((r) => r.user_id === daniel)!.id);

    const requests = await db().select().from(courseRequests).orderBy(asc(courseRequests.created_at));
    expect(requests.map((r) => [r.user_id, r.subject, r.status, r.admin_notes === null])).toEqual([
      [daniel, 'Baguazhang Weapons: Deer Horn Knives', 'under_review', false],
      [mei, 'Chen-style Taijiquan Laojia Yilu', 'pending', true],
    ]);
  });

  it('creates nothing on a second run', async () => {
    const tables = [
      users,
      courses,
      courseFeatures,
      modules,
      lessons,
      enrollments,
      lessonProgress,
      quizAttempts,
      quizResponses,
      reviews,
      reviewHelpfulVotes,
      courseRequests,
    ];
    const counts = async () =>
      Promise.all(tables.map(async (table) => (await db().select({ n: count() }).from(table))[0]!.n));
    const before = await counts();
    expect(before.every((n) => n > 0)).toBe(true);
    const again: string[] = [];
    expect(
      await seedDemo(db(), localStorage(t.mediaDir), { info: (m) => again.push(m) }, t.clock.now()),
    ).toBe(false);
    expect(again).toEqual([]);
    expect(await counts()).toEqual(before);
  });
});
