import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../../db/schema';
import { createTestApp, type Headers, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';
import { createCourse, enrollUser } from '../courses/test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (payload: unknown, headers?: Headers) => t.call('POST', '/api/reviews', payload, headers);
const put = (id: string, payload: unknown, headers?: Headers) =>
  t.call('PUT', `/api/reviews/${id}`, payload, headers);
const del = (id: string, headers?: Headers) => t.call('DELETE', `/api/reviews/${id}`, undefined, headers);
const get = (url: string, headers?: Headers) => t.call('GET', url, undefined, headers);

const courseWithLessons = () => createCourse(t, { modules: 1, lessonsPerModule: 2 });

/** A student enrolled in the course (free unless told otherwise). */
async function student(courseId: string, source: 'free' | 'admin' | 'payment' = 'free') {
  const s = await createUser(t);
  await enrollUser(t, s.user.id, courseId, { source });
  return s;
}

/** A student's published review of the course, through the API. */
async function review(courseId: string, rating = 4, text = 'Clear teaching') {
  const s = await student(courseId);
  const res = await post({ course_id: courseId, rating, review_text: text }, s.auth);
  expect(res.statusCode).toBe(201);
  return { ...s, review: res.json().review };
}

describe('POST /api/reviews', () => {
  it('creates a published review by an enrolled student', async () => {
    const course = await courseWithLessons();
    const s = await student(course.id);
    const res = await post({ course_id: course.id, rating: 5, review_text: '  Deep and clear.  ' }, s.auth);
    expect(res.statusCode).toBe(201);
    expect(res.json().review).toMatchObject({
      course_id: course.id,
      user_id: s.user.id,
      user_name: s.user.name,
      user_avatar: null,
      rating: 5,
      review_text: 'Deep and clear.',
      is_published: true,
      is_verified: false,
      helpful_count: 0,
      created_at: t.clock.now().toISOString(),
    });
  });

  it('marks a review from a paid enrolment as verified; text is optional', async () => {
    const course = await courseWithLessons();
    const s = await student(course.id, 'payment');
    const res = await post({ course_id: course.id, rating: 3 }, s.auth);
    expect(res.statusCode).toBe(201);
    expect(res.json().review).toMatchObject({ is_verified: true, review_text: '' });
  });

  it('refuses students who are not enrolled (403) and admins, who cannot enrol', async () => {
    const course = await courseWithLessons();
    for (const caller of [await createUser(t), await createAdmin(t)]) {
      const res = await post({ course_id: course.id, rating: 4 }, caller.auth);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'Only enrolled students can review this course' });
    }
  });

  it('refuses a course without lessons, even when it has an empty module', async () => {
    for (const shape of [{}, { modules: 1 }]) {
      const course = await createCourse(t, shape);
      const s = await student(course.id);
      const res = await post({ course_id: course.id, rating: 4 }, s.auth);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'This course has no lessons to review yet' });
    }
  });

  it('asks for a rating when it is missing, not a whole number or outside 1-5', async () => {
    const course = await courseWithLessons();
    const s = await student(course.id);
    for (const rating of [undefined, 0, 6, 3.5, '4', null]) {
      const res = await post({ course_id: course.id, rating }, s.auth);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Please select a rating', code: 'VALIDATION_ERROR' });
    }
    const rows = await t.database.db.select().from(reviews).where(eq(reviews.course_id, course.id));
    expect(rows).toHaveLength(0);
  });

  it('accepts 2000 characters of text and refuses 2001', async () => {
    const course = await courseWithLessons();
    const s = await student(course.id);
    const tooLong = await post({ course_id: course.id, rating: 4, review_text: 'x'.repeat(2001) }, s.auth);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ error: 'Review must be at most 2000 characters' });
    const exact = await post({ course_id: course.id, rating: 4, review_text: 'x'.repeat(2000) }, s.auth);
    expect(exact.statusCode).toBe(201);
  });

  it('allows one review per student and course (409)', async () => {
    const course = await courseWithLessons();
    const { auth } = await review(course.id);
    const again = await post({ course_id: course.id, rating: 1 }, auth);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'You have already reviewed this course' });
  });

  it('lets only admins create an unpublished review', async () => {
    const course = await courseWithLessons();
    const s = await student(course.id);
    const res = await post({ course_id: course.id, rating: 4, is_published: false }, s.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'Only admins can publish or unpublish reviews' });
    const ok = await post({ course_id: course.id, rating: 4, is_published: true }, s.auth);
    expect(ok.statusCode).toBe(201);
  });

  it('answers 400, never 500, to bodies of the wrong shape', async () => {
    const s = await createUser(t);
    for (const payload of ['just text', [1, 2], { course_id: ['x'], rating: { a: 1 } }, { rating: 1e308 }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/reviews',
        headers: { ...s.auth, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('answers 404 for an unknown course, 400 for a malformed id, 401 without a token', async () => {
    const s = await createUser(t);
    const unknown = await post({ course_id: randomUUID(), rating: 4 }, s.auth);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'Course not found' });
    expect((await post({ course_id: 'nope', rating: 4 }, s.auth)).json()).toMatchObject({
      error: 'Invalid course id',
    });
    expect((await post({ course_id: randomUUID(), rating: 4 })).statusCode).toBe(401);
  });
});

describe('GET /api/courses/:id/reviews and rating-summary', () => {
  it('lists published reviews newest first, to anyone, with pagination', async () => {
    const course = await courseWithLessons();
    const first = await review(course.id, 5, 'first');
    t.clock.advance(60_000);
    const second = await review(course.id, 3, 'second');
    t.clock.advance(60_000);
    const hidden = await review(course.id, 1, 'hidden');
    await t.database.db.update(reviews).set({ is_published: false }).where(eq(reviews.id, hidden.review.id));

    const res = await get(`/api/courses/${course.id}/reviews`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.reviews.map((r: { id: string }) => r.id)).toEqual([second.review.id, first.review.id]);
    expect(body.reviews[0]).toMatchObject({ user_name: second.user.name, voted_helpful: false });

    const page = await get(`/api/courses/${course.id}/reviews?limit=1&offset=1`);
    expect(page.json().reviews.map((r: { id: string }) => r.id)).toEqual([first.review.id]);
  });

  it('shows voted_helpful for a signed-in caller', async () => {
    const course = await courseWithLessons();
    const { review: r } = await review(course.id);
    const reader = await createUser(t);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/reviews/${r.id}/helpful`, headers: reader.auth }))
        .statusCode,
    ).toBe(200);
    const res = await get(`/api/courses/${course.id}/reviews`, reader.auth);
    expect(res.json().reviews[0]).toMatchObject({ voted_helpful: true, helpful_count: 1 });
    expect((await get(`/api/courses/${course.id}/reviews`)).json().reviews[0].voted_helpful).toBe(false);
  });

  it('validates limit and offset, and answers 404 for an unknown course', async () => {
    const course = await courseWithLessons();
    for (const [query, message] of [
      ['limit=0', 'Limit must be at least 1'],
      ['limit=101', 'Limit must be at most 100'],
      ['limit=abc', 'Limit must be a whole number'],
      ['offset=-1', 'Offset must be 0 or more'],
    ]) {
      const res = await get(`/api/courses/${course.id}/reviews?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
    }
    const unknown = await get(`/api/courses/${randomUUID()}/reviews`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'Course not found' });
    expect((await get('/api/courses/nope/rating-summary')).statusCode).toBe(400);
  });

  it('summarises published ratings with star counts and a 1-decimal average', async () => {
    const course = await courseWithLessons();
    const empty = await get(`/api/courses/${course.id}/rating-summary`);
    expect(empty.json()).toEqual({
      average_rating: 0,
      total_reviews: 0,
      one_star: 0,
      two_star: 0,
      three_star: 0,
      four_star: 0,
      five_star: 0,
    });
    for (const rating of [5, 5, 4]) await review(course.id, rating);
    const hidden = await review(course.id, 1);
    await t.database.db.update(reviews).set({ is_published: false }).where(eq(reviews.id, hidden.review.id));
    const other = await courseWithLessons();
    await review(other.id, 1);

    const res = await get(`/api/courses/${course.id}/rating-summary`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      average_rating: 4.7,
      total_reviews: 3,
      one_star: 0,
      two_star: 0,
      three_star: 0,
      four_star: 1,
      five_star: 2,
    });
    expect((await get(`/api/courses/${randomUUID()}/rating-summary`)).statusCode).toBe(404);
  });
});

describe('GET /api/users/:id/reviews and /api/users/:id/courses/:courseId/review', () => {
  it('lists the user’s own reviews, unpublished ones too, with the course title', async () => {
    const course = await courseWithLessons();
    const s = await review(course.id);
    await t.database.db.update(reviews).set({ is_published: false }).where(eq(reviews.id, s.review.id));
    const res = await get(`/api/users/${s.user.id}/reviews`, s.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 1, reviews: [{ id: s.review.id, is_published: false }] });
    expect(res.json().reviews[0].course_title).toMatch(/^Course /);
  });

  it('finds the user’s review of a course, or 404 Review not found', async () => {
    const course = await courseWithLessons();
    const s = await review(course.id);
    const res = await get(`/api/users/${s.user.id}/courses/${course.id}/review`, s.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().review.id).toBe(s.review.id);
    const other = await courseWithLessons();
    const none = await get(`/api/users/${s.user.id}/courses/${other.id}/review`, s.auth);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ error: 'Review not found' });
  });

  it('answers for an admin, refuses another student (403) and callers without a token (401)', async () => {
    const course = await courseWithLessons();
    const s = await review(course.id);
    const admin = await createAdmin(t);
    const other = await createUser(t);
    expect((await get(`/api/users/${s.user.id}/reviews`, admin.auth)).json().total).toBe(1);
    expect((await get(`/api/users/${s.user.id}/courses/${course.id}/review`, admin.auth)).statusCode).toBe(
      200,
    );
    for (const url of [
      `/api/users/${s.user.id}/reviews`,
      `/api/users/${s.user.id}/courses/${course.id}/review`,
    ]) {
      const res = await get(url, other.auth);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'You can only access your own account' });
      expect((await get(url)).statusCode).toBe(401);
    }
  });
});

describe('PUT and DELETE /api/reviews/:id', () => {
  it('lets the owner edit rating and text', async () => {
    const course = await courseWithLessons();
    const s = await review(course.id, 2, 'meh');
    t.clock.advance(3_600_000);
    const res = await put(
      s.review.id,
      { rating: 4, review_text: 'Better on a second watch', is_published: true },
      s.auth,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().review).toMatchObject({ rating: 4, review_text: 'Better on a second watch' });
    expect(res.json().review.updated_at).not.toBe(s.review.updated_at);
  });

  it('validates the edit like a new review', async () => {
    const course = await courseWithLessons();
    const s = await review(course.id);
    expect((await put(s.review.id, { rating: 9 }, s.auth)).json().error).toBe('Please select a rating');
    expect((await put(s.review.id, { review_text: 'x'.repeat(2001) }, s.auth)).json().error).toBe(
      'Review must be at most 2000 characters',
    );
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, s.review.id));
    expect(row).toMatchObject({ rating: 4, review_text: 'Clear teaching' });
  });

  it('keeps is_published for admins: a student may only echo its value', async () => {
    const course = await courseWithLessons();
    const s = await review(course.id);
    const refused = await put(s.review.id, { is_published: false }, s.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'Only admins can publish or unpublish reviews' });
    const admin = await createAdmin(t);
    const hidden = await put(s.review.id, { is_published: false }, admin.auth);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().review.is_published).toBe(false);
    expect((await put(s.review.id, { rating: 5, is_published: false }, s.auth)).statusCode).toBe(200);
    expect((await put(s.review.id, { is_published: true }, s.auth)).statusCode).toBe(403);
  });

  it('refuses another student’s review (403) and unknown reviews (404)', async () => {
    const course = await courseWithLessons();
    const s = await review(course.id);
    const other = await student(course.id);
    const edit = await put(s.review.id, { rating: 1 }, other.auth);
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toMatchObject({ error: 'You can only change your own reviews' });
    expect((await del(s.review.id, other.auth)).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, s.review.id));
    expect(row).toMatchObject({ rating: 4 });
    const missing = await put(randomUUID(), { rating: 1 }, s.auth);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'Review not found' });
    expect((await del(randomUUID(), s.auth)).statusCode).toBe(404);
    expect((await put(s.review.id, { rating: 1 })).statusCode).toBe(401);
    expect((await del(s.review.id)).statusCode).toBe(401);
  });

  it('lets the owner and an admin delete a review', async () => {
    const course = await courseWithLessons();
    const mine = await review(course.id);
    const res = await del(mine.review.id, mine.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const theirs = await review(course.id);
    const admin = await createAdmin(t);
    expect((await del(theirs.review.id, admin.auth)).statusCode).toBe(200);
    const rows = await t.database.db.select().from(reviews).where(eq(reviews.course_id, course.id));
    expect(rows).toHaveLength(0);
    // Deleting frees the slot: the student may review again.
    expect((await post({ course_id: course.id, rating: 3 }, mine.auth)).statusCode).toBe(201);
  });
});
