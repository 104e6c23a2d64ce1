import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_QUERY_REQUIRED, SearchResponse, type SearchResult } from '../../../common/search';
import { courses, lessons, resources } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createBlogPost } from '../blog/test/factories';
import { createAdmin, createUser } from '../../test/factories';
import { createCourse, enrollUser } from '../courses/test/factories';
import { createNews } from '../news/test/factories';

/* The header's global search: relevance across spellings, what students may see, urls, limits. */

let t: TestApp;
let student: { user: { id: string }; auth: Record<string, string> };
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ SEARCH_RATE_LIMIT_PER_MINUTE: 1000 });
  student = await createUser(t);
  admin = (await createAdmin(t)).auth;
});
afterAll(async () => t?.close());

/** A made-up word no other test uses: the tables are shared and the order shuffled. */
const unique = () => `zq${randomUUID().replace(/[-\d]/g, '').slice(0, 8)}`;

const search = async (q: string, headers: Record<string, string> = student.auth, limit?: number) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/search',
    query: { q, ...(limit ? { limit: String(limit) } : {}) },
    headers,
  });
  expect(res.statusCode).toBe(200);
  return SearchResponse.parse(res.json());
};
const find = (results: SearchResult[], id: string) => results.find((r) => r.id === id);

async function createResource(title: string, input: { is_published?: boolean; description?: string } = {}) {
  const [row] = await t.database.db
    .insert(resources)
    .values({
      type: 'blog',
      title,
      description: input.description ?? 'A reading for the week.',
      author: 'Sifu Lin',
      is_published: input.is_published ?? true,
    })
    .returning({ id: resources.id });
  return row!.id;
}

/** A published course with one lesson titled `lesson`, whose text is `text`. */
async function courseWithLesson(title: string, lesson: string, text = 'Practice notes.') {
  const course = await createCourse(t, { title, modules: 1, lessonsPerModule: 1 });
  const lessonId = course.allLessonIds[0]!;
  await t.database.db
    .update(lessons)
    .set({ title: lesson, content_text: text })
    .where(eq(lessons.id, lessonId));
  return { courseId: course.id, lessonId };
}

describe('GET /api/search relevance', () => {
  it('finds a title despite a typo', async () => {
    const word = unique();
    const { courseId } = await courseWithLesson(`Baguazhang ${word} circle`, `Opening ${word}`);
    const { results } = await search(`baguazang ${word.slice(0, -1)}x`);
    expect(find(results, courseId)).toMatchObject({ type: 'course' });
  });

  it('finds a partial word, and xingyi finds Xingyiquan', async () => {
    const word = unique();
    const newsId = (await createNews(t, { title: `Xingyiquan ${word}extended gathering` })).id;
    expect(find((await search(word)).results, newsId)).toMatchObject({
      type: 'news',
      url: `/app/news/${newsId}`,
    });
    const widened = await search(`xingyi ${word}`);
    expect(find(widened.results, newsId)).toBeDefined();
    expect(widened.terms).toEqual(expect.arrayContaining(['Xingyiquan', 'Hsing-I', '形意拳']));
  });

  it('widens pinyin, tone marks and older spellings to each other and to Chinese characters', async () => {
    const word = unique();
    const id = await createResource(`${word} notes on 八卦掌 practice`);
    for (const q of [`Pa Kua ${word}`, `bāguàzhǎng ${word}`, `Baguazhang ${word}`, `八卦掌`]) {
      expect(find((await search(q)).results, id), q).toMatchObject({
        type: 'resource',
        url: `/app/resources#${id}`,
      });
    }
    const older = await createBlogPost(t, {
      title: `The Hsing-I ${word} tradition`,
      slug: `hsing-i-${word}`,
    });
    expect(find((await search(`形意拳 ${word}`)).results, older.id)).toMatchObject({
      url: `/blog/hsing-i-${word}`,
    });
    expect((await search("T'ai Chi")).terms).toEqual(
      expect.arrayContaining(['Taijiquan', '太極拳', '太极拳']),
    );
    expect((await search("T'ai Chi")).terms).not.toContain('Qi');
  });

  it('finds Chinese characters inside a longer run of them', async () => {
    const id = (await createNews(t, { title: `学习站桩${unique()}`, description: '每天练习' })).id;
    expect(find((await search('站桩')).results, id)).toBeDefined();
    expect(find((await search('zhan zhuang')).results, id)).toBeDefined();
  });
});

describe('GET /api/search visibility', () => {
  it('never shows a student unpublished courses, their lessons, resources, news or draft posts', async () => {
    const word = unique();
    const hidden = await courseWithLesson(`Hidden ${word}`, `Hidden lesson ${word}`);
    await t.database.db.update(courses).set({ is_published: false }).where(eq(courses.id, hidden.courseId));
    const resourceId = await createResource(`Hidden ${word}`, { is_published: false });
    const newsId = (await createNews(t, { title: `Hidden ${word}`, status: 'draft' })).id;
    const postId = (await createBlogPost(t, { title: `Hidden ${word}`, status: 'draft' })).id;
    const seen = (await search(word)).results.map((r) => r.id);
    for (const id of [hidden.courseId, hidden.lessonId, resourceId, newsId, postId])
      expect(seen).not.toContain(id);
    const adminSees = (await search(word, admin)).results.map((r) => r.id);
    expect(adminSees).toEqual(expect.arrayContaining([hidden.courseId, hidden.lessonId]));
  });

  it('shows admins people, by name, username or part of an e-mail, and students none', async () => {
    const word = unique();
    const person = await createUser(t, { name: `Wang ${word}` });
    const found = (await search(word, admin)).results.find((r) => r.type === 'user');
    expect(found).toMatchObject({ id: person.user.id, title: `Wang ${word}` });
    expect(found?.url).toMatch(/^\/app\/community\?search=/);
    expect((await search(word)).results.filter((r) => r.type === 'user')).toEqual([]);
  });

  it('matches a lesson text only for those who may open the course; titles for everyone', async () => {
    const word = unique();
    const text = unique();
    const { courseId, lessonId } = await courseWithLesson(
      `Course ${unique()}`,
      `Lesson ${word}`,
      `Secret ${text}`,
    );
    const outsider = await createUser(t);
    expect(find((await search(word, outsider.auth)).results, lessonId)).toMatchObject({
      url: `/app/courses?highlight=${courseId}`,
      course_id: courseId,
    });
    expect(find((await search(text, outsider.auth)).results, lessonId)).toBeUndefined();
    await enrollUser(t, outsider.user.id, courseId);
    expect(find((await search(text, outsider.auth)).results, lessonId)).toMatchObject({
      url: `/app/course/${courseId}?lesson=${lessonId}`,
    });
  });

  it('sends the enrolled to the course and the others to its card', async () => {
    const word = unique();
    const { courseId } = await courseWithLesson(`Course ${word}`, `Lesson ${unique()}`);
    const other = await createUser(t);
    expect(find((await search(word, other.auth)).results, courseId)?.url).toBe(
      `/app/courses?highlight=${courseId}`,
    );
    await enrollUser(t, other.user.id, courseId);
    expect(find((await search(word, other.auth)).results, courseId)).toMatchObject({
      url: `/app/course/${courseId}`,
      course_id: courseId,
    });
    expect(find((await search(word, admin)).results, courseId)?.url).toBe(`/app/course/${courseId}`);
  });
});

describe('GET /api/search requests', () => {
  it('answers at most limit results', async () => {
    const word = unique();
    for (let i = 0; i < 4; i++) await createNews(t, { title: `${word} item ${i}` });
    expect((await search(word, student.auth, 3)).results).toHaveLength(3);
    expect((await search(word)).results).toHaveLength(4);
  });

  it('refuses a missing, blank or too long query and a limit out of range', async () => {
    const queries: Record<string, string>[] = [
      {},
      { q: '   ' },
      { q: 'x'.repeat(101) },
      { q: 'tai', limit: '31' },
      { q: 'tai', limit: '0' },
    ];
    for (const query of queries) {
      const res = await t.app.inject({ method: 'GET', url: '/api/search', query, headers: student.auth });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const blank = await t.app.inject({
      method: 'GET',
      url: '/api/search',
      query: { q: ' ' },
      headers: student.auth,
    });
    expect(JSON.stringify(blank.json())).toContain(SEARCH_QUERY_REQUIRED);
  });

  it('answers any query, however odd, without an error', async () => {
    const odd = [
      '"',
      "'",
      '&|!():*',
      'a & (b | !c)',
      '\\',
      '\\\\x',
      'the and of',
      '形意拳站桩',
      '%_%',
      '<->',
      ':*',
      'x:*',
      "o'neil -- drop",
      `${'junk!@#$%^&*()'.repeat(7)}`.slice(0, 100),
      '🙂',
      'qi',
    ];
    for (const q of odd) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/search',
        query: { q },
        headers: student.auth,
      });
      expect(res.statusCode, q).toBe(200);
      const adminRes = await t.app.inject({
        method: 'GET',
        url: '/api/search',
        query: { q },
        headers: admin,
      });
      expect(adminRes.statusCode, q).toBe(200);
    }
  });

  it('is for signed-in members: 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/search', query: { q: 'bagua' } });
    expect(res.statusCode).toBe(401);
  });
});
