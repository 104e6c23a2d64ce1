import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SearchResponse } from '../../../common/search';
import { courses, lessons, news } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';
import { createCourse, enrollUser } from '../courses/test/factories';
import { createNews } from '../news/test/factories';

/*
 * What every member finds for a query is kept for CATALOGUE_CACHE_SECONDS, as the course cards
 * are, and forgotten on every write through the API; a student's own courses are searched afresh
 * on every request.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CATALOGUE_CACHE_SECONDS: 5, SEARCH_RATE_LIMIT_PER_MINUTE: 1000 });
});
afterAll(async () => t?.close());
// Each test starts when what the one before had cached is too old to serve.
beforeEach(() => t.clock.advance(5_000));

/** A made-up word no other test uses. */
const unique = () => `zq${randomUUID().replace(/[-\d]/g, '').slice(0, 8)}`;

async function idsFound(q: string, headers: Record<string, string>, limit = 10) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/search',
    query: { q, limit: String(limit) },
    headers,
  });
  expect(res.statusCode).toBe(200);
  return SearchResponse.parse(res.json()).results.map((result) => result.id);
}

describe("the members' search results", () => {
  it('are served again until CATALOGUE_CACHE_SECONDS old, then read again', async () => {
    const { auth } = await createUser(t);
    const word = unique();
    const item = await createNews(t, { title: `Open day ${word}` });
    expect(await idsFound(word, auth)).toContain(item.id);
    // Unpublished behind the API's back: the kept results still show it …
    await t.database.db.update(news).set({ status: 'draft' }).where(eq(news.id, item.id));
    expect(await idsFound(word, auth)).toContain(item.id);
    // … until they are too old to serve.
    t.clock.advance(5_000);
    expect(await idsFound(word, auth)).not.toContain(item.id);
  });

  it("forget an admin's change at once", async () => {
    const [{ auth }, admin] = [await createUser(t), await createAdmin(t)];
    const word = unique();
    const item = await createNews(t, { title: `Summer camp ${word}` });
    // One result asked for and found: nothing else is looked for, only the kept results answer.
    expect(await idsFound(word, auth, 1)).toEqual([item.id]);
    const res = await t.call('PUT', `/api/admin/news/${item.id}/status`, { status: 'draft' }, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(await idsFound(word, auth, 1)).toEqual([]);
  });
});

describe("a student's own courses", () => {
  it('are searched afresh: a lesson text matches as soon as the enrolment exists', async () => {
    const { user, auth } = await createUser(t);
    const word = unique();
    const course = await createCourse(t, { modules: 1, lessonsPerModule: 1 });
    const lessonId = course.allLessonIds[0]!;
    await t.database.db
      .update(lessons)
      .set({ content_text: `Sink into the ${word} stance.` })
      .where(eq(lessons.id, lessonId));
    // Outside the course its text is not searched; the members' results are now kept.
    expect(await idsFound(word, auth)).toEqual([]);
    // Enrolled behind the API's back, so nothing was forgotten: the own part still finds it.
    await enrollUser(t, user.id, course.id);
    expect(await idsFound(word, auth)).toEqual([lessonId]);
  });

  it('include an archived course they are enrolled in, which others no longer find', async () => {
    const [mine, other] = [await createUser(t), await createUser(t)];
    const word = unique();
    const course = await createCourse(t, { title: `Old forms ${word}`, modules: 1, lessonsPerModule: 1 });
    await enrollUser(t, mine.user.id, course.id);
    await t.database.db.update(courses).set({ archived_at: t.clock.now() }).where(eq(courses.id, course.id));
    expect(await idsFound(word, mine.auth)).toContain(course.id);
    expect(await idsFound(word, other.auth)).not.toContain(course.id);
  });
});
