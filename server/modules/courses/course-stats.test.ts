import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons, reviews } from '../../db/schema';
import type { Headers, TestApp } from '../../test/app';
import { createCourse } from './test/factories';
import { createUser, createTestAppWithMembers } from '../../test/factories';
import { itConcurrently } from '../../test/concurrency';

/*
 * The card's counts come from course_stats, kept by triggers. After every kind of change that
 * moves one of them, each course's row must equal a fresh count.
 */

let t: TestApp, admin: Headers;
beforeAll(async () => ({ t, admin } = await createTestAppWithMembers()));
afterAll(async () => t?.close());

/** course_stats beside the same figures counted afresh, for every course; they must be equal. */
async function drift() {
  const result = await t.database.db.execute(sql`
    select c.id,
      s.module_count, (select count(*)::int from modules m where m.course_id = c.id) as fresh_modules,
      s.lesson_count, (select count(*)::int from lessons l join modules m on m.id = l.module_id where m.course_id = c.id) as fresh_lessons,
      s.total_duration_minutes, (select coalesce(sum(l.duration_minutes), 0)::int from lessons l join modules m on m.id = l.module_id where m.course_id = c.id) as fresh_minutes,
      s.enrolled_students, (select count(*)::int from enrollments e where e.course_id = c.id) as fresh_students,
      s.progress_sum, (select coalesce(sum(e.progress), 0)::int from enrollments e where e.course_id = c.id) as fresh_progress,
      s.review_count, (select count(*)::int from reviews r where r.course_id = c.id and r.is_published) as fresh_reviews,
      s.rating_sum, (select coalesce(sum(r.rating), 0)::int from reviews r where r.course_id = c.id and r.is_published) as fresh_rating
    from courses c left join course_stats s on s.course_id = c.id`);
  const rows = (result as { rows: Record<string, number | string | null>[] }).rows;
  return rows.filter(
    (r) =>
      r.module_count !== r.fresh_modules ||
      r.lesson_count !== r.fresh_lessons ||
      r.total_duration_minutes !== r.fresh_minutes ||
      r.enrolled_students !== r.fresh_students ||
      r.progress_sum !== r.fresh_progress ||
      r.review_count !== r.fresh_reviews ||
      r.rating_sum !== r.fresh_rating,
  );
}

const send = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const card = async (courseId: string, auth: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: `/api/courses/${courseId}`, headers: auth })).json<{
    course: {
      lesson_count: number;
      enrolled_students: number;
      average_rating: number;
      total_reviews: number;
    };
  }>().course;

describe('course_stats', () => {
  it('stays equal to a fresh count through enrolling, leaving, content edits, reviews and deletions', async () => {
    const course = await createCourse(t, { modules: 3, lessonsPerModule: 4 });
    const other = await createCourse(t, { modules: 1, lessonsPerModule: 2 });
    expect(await drift()).toEqual([]);

    const mei = await createUser(t);
    const lin = await createUser(t);
    for (const student of [mei, lin]) {
      expect(
        (await send('POST', `/api/user/${student.user.id}/enroll/${course.id}`, student.auth, {})).statusCode,
      ).toBe(201);
    }
    expect(
      (
        await send('POST', `/api/lessons/${course.allLessonIds[0]}/complete`, mei.auth, {
          userId: mei.user.id,
        })
      ).statusCode,
    ).toBe(200);
    expect(await drift()).toEqual([]);

    expect((await send('DELETE', `/api/user/${lin.user.id}/enroll/${course.id}`, lin.auth)).statusCode).toBe(
      200,
    );
    expect(await drift()).toEqual([]);

    expect((await send('POST', `/api/modules/${course.moduleIds[0]}/lessons`, admin, {})).statusCode).toBe(
      200,
    );
    await t.database.db
      .update(lessons)
      .set({ duration_minutes: 25 })
      .where(eq(lessons.id, course.allLessonIds[1]!));
    await t.database.db
      .update(lessons)
      .set({ module_id: other.moduleIds[0]! })
      .where(eq(lessons.id, course.allLessonIds[2]!));
    expect(await drift()).toEqual([]);

    expect((await send('DELETE', `/api/modules/${course.moduleIds[1]}`, admin)).statusCode).toBe(200);
    expect(await drift()).toEqual([]);

    const posted = await send('POST', '/api/reviews', mei.auth, {
      course_id: course.id,
      rating: 4,
      review_text: 'Rooted.',
    });
    expect(posted.statusCode).toBe(201);
    const reviewId = posted.json<{ review: { id: string } }>().review.id;
    expect(await drift()).toEqual([]);
    await t.database.db.update(reviews).set({ is_published: false }).where(eq(reviews.id, reviewId));
    expect(await drift()).toEqual([]);
    await t.database.db
      .update(reviews)
      .set({ is_published: true, rating: 5 })
      .where(eq(reviews.id, reviewId));
    expect(await drift()).toEqual([]);

    const shown = await card(course.id, mei.auth);
    expect(shown).toMatchObject({ enrolled_students: 1, average_rating: 5, total_reviews: 1 });

    // A student's account goes, in two steps, and their enrolment and review with it.
    const requested = await send('PUT', `/api/admin/user/${mei.user.id}/deletion-request`, admin, {
      requested: true,
    });
    expect(requested.statusCode).toBe(200);
    expect((await send('DELETE', `/api/user/${mei.user.id}`, admin)).statusCode).toBe(200);
    expect(await drift()).toEqual([]);

    expect((await send('DELETE', `/api/courses/${other.id}`, admin)).statusCode).toBe(200);
    expect(await drift()).toEqual([]);
  });

  itConcurrently('counts every one of many enrolments made at once', async () => {
    const course = await createCourse(t, { modules: 1, lessonsPerModule: 1 });
    const students = await Promise.all(Array.from({ length: 20 }, () => createUser(t)));
    const answers = await Promise.all(
      students.map((s) => send('POST', `/api/user/${s.user.id}/enroll/${course.id}`, s.auth, {})),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(students.map(() => 201));
    expect(await drift()).toEqual([]);
    expect((await card(course.id, admin)).enrolled_students).toBe(20);
  });
});
