import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewHelpfulVotes, reviews } from '../../db/schema';
import { createTestApp, eachOnAnAppOfItsOwn, type Headers, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';
import { createCourse, enrollUser } from '../courses/test/factories';
import { itConcurrently } from '../../test/concurrency';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const helpful = (id: string, headers?: Headers) =>
  t.call('POST', `/api/reviews/${id}/helpful`, undefined, headers);
const get = (url: string, headers?: Headers) => t.call('GET', url, undefined, headers);

/** A review by a newly enrolled student, written straight into the database. */
async function review(
  courseId: string,
  fields: { rating?: number; is_published?: boolean; is_verified?: boolean } = {},
) {
  const s = await createUser(t);
  await enrollUser(t, s.user.id, courseId);
  const [row] = await t.database.db
    .insert(reviews)
    .values({ course_id: courseId, user_id: s.user.id, rating: 4, created_at: t.clock.now(), ...fields })
    .returning();
  t.clock.advance(1000);
  return { ...s, review: row! };
}

const course = () => createCourse(t, { modules: 1, lessonsPerModule: 1 });

describe('GET /api/admin/reviews/stats', () => {
  // The stats cover every review, so this test gets an empty database of its own.
  eachOnAnAppOfItsOwn({ get: () => t, set: (app) => (t = app) });
  it('counts reviews by state and rating', async () => {
    const admin = await createAdmin(t);
    const empty = await get('/api/admin/reviews/stats', admin.auth);
    expect(empty.json()).toEqual({
      total_reviews: 0,
      published: 0,
      unpublished: 0,
      average_rating: 0,
      verified: 0,
      by_rating: { one_star: 0, two_star: 0, three_star: 0, four_star: 0, five_star: 0 },
    });
    const c = await course();
    await review(c.id, { rating: 5, is_verified: true });
    await review(c.id, { rating: 4 });
    await review(c.id, { rating: 1, is_published: false });
    const res = await get('/api/admin/reviews/stats', admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total_reviews: 3,
      published: 2,
      unpublished: 1,
      average_rating: 3.3,
      verified: 1,
      by_rating: { one_star: 1, two_star: 0, three_star: 0, four_star: 1, five_star: 1 },
    });
  });
});

describe('POST /api/reviews/:id/helpful', () => {
  it('counts one vote per user and refuses the second with 409', async () => {
    const c = await course();
    const { review: r } = await review(c.id);
    const reader = await createUser(t);
    const first = await helpful(r.id, reader.auth);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ helpful_count: 1, voted_helpful: true });
    const second = await helpful(r.id, reader.auth);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: 'You have already marked this review as helpful' });
    const another = await createUser(t);
    const withBody = await t.call('POST', `/api/reviews/${r.id}/helpful`, {}, another.auth);
    expect(withBody.json()).toEqual({ helpful_count: 2, voted_helpful: true });
  });

  itConcurrently('counts 10 parallel votes from one user once', async () => {
    const c = await course();
    const { review: r } = await review(c.id);
    const reader = await createUser(t);
    const results = await Promise.all(Array.from({ length: 10 }, () => helpful(r.id, reader.auth)));
    const codes = results.map((res) => res.statusCode).sort();
    expect(codes).toEqual([200, ...Array(9).fill(409)]);
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, r.id));
    expect(row!.helpful_count).toBe(1);
    const votes = await t.database.db
      .select()
      .from(reviewHelpfulVotes)
      .where(eq(reviewHelpfulVotes.review_id, r.id));
    expect(votes).toHaveLength(1);
  });

  it('refuses a vote on your own review', async () => {
    const c = await course();
    const { review: r, auth } = await review(c.id);
    const res = await helpful(r.id, auth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "You can't mark your own review as helpful" });
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, r.id));
    expect(row!.helpful_count).toBe(0);
  });

  it('answers 404 for unknown and unpublished reviews, 400 for a malformed id, 401 without a token', async () => {
    const c = await course();
    const { review: hidden } = await review(c.id, { is_published: false });
    const reader = await createUser(t);
    for (const id of [randomUUID(), hidden.id]) {
      const res = await helpful(id, reader.auth);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'Review not found' });
    }
    expect((await helpful('nope', reader.auth)).statusCode).toBe(400);
    expect((await helpful(hidden.id)).statusCode).toBe(401);
  });
});

describe('GET /api/admin/reviews', () => {
  it('lists every review with its course title, filtered and paged', async () => {
    const a = await createCourse(t, { title: 'Xingyi Foundations', modules: 1, lessonsPerModule: 1 });
    const b = await course();
    const published = await review(a.id, { rating: 5 });
    const hidden = await review(a.id, { rating: 2, is_published: false });
    const elsewhere = await review(b.id);
    const admin = await createAdmin(t);

    const all = await get('/api/admin/reviews', admin.auth);
    expect(all.statusCode).toBe(200);
    const ids = all.json().reviews.map((r: { id: string }) => r.id);
    expect(ids.slice(0, 3)).toEqual([elsewhere.review.id, hidden.review.id, published.review.id]);

    const ofA = await get(`/api/admin/reviews?course_id=${a.id}`, admin.auth);
    expect(ofA.json().total).toBe(2);
    expect(ofA.json().reviews[0]).toMatchObject({ course_title: 'Xingyi Foundations', is_published: false });

    const hiddenOfA = await get(`/api/admin/reviews?course_id=${a.id}&is_published=false`, admin.auth);
    expect(hiddenOfA.json().reviews.map((r: { id: string }) => r.id)).toEqual([hidden.review.id]);

    const paged = await get(`/api/admin/reviews?course_id=${a.id}&limit=1&offset=1`, admin.auth);
    expect(paged.json()).toMatchObject({ total: 2, reviews: [{ id: published.review.id }] });
  });

  it('rejects bad filters with 400', async () => {
    const admin = await createAdmin(t);
    for (const [query, message] of [
      ['is_published=maybe', 'is_published must be true or false'],
      ['course_id=nope', 'Invalid course id'],
      ['limit=101', 'Limit must be at most 100'],
    ]) {
      const res = await get(`/api/admin/reviews?${query}`, admin.auth);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
    }
  });

  it('refuses students (403) and callers without a token (401)', async () => {
    const s = await createUser(t);
    for (const url of ['/api/admin/reviews', '/api/admin/reviews/stats']) {
      const res = await get(url, s.auth);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'ADMIN_ONLY' });
      expect((await get(url)).statusCode).toBe(401);
    }
  });
});
