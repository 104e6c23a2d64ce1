import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RESOURCE_AUTHOR_REQUIRED,
  RESOURCE_NOT_FOUND,
  RESOURCE_SEARCH_REQUIRED,
  RESOURCE_TYPE_MESSAGE,
  RESOURCES_PAGE_SIZE,
  type Resource,
  type ResourceListResponse,
} from '../../../common/resources';
import { courses, resources } from '../../db/schema';
import type { Headers, TestApp } from '../../test/app';
import { createTestAppWithMembers } from '../../test/factories';
import { createCourse } from '../courses/test/factories';
import { createResource } from './test/factories';

/* What members read: published resources only, by type, author, course and search, and one by id. */

let t: TestApp, admin: Headers, student: Headers;
beforeAll(async () => ({ t, admin, student } = await createTestAppWithMembers()));
afterAll(async () => t?.close());

const get = (url: string, headers = student) => t.call('GET', url, undefined, headers);
const list = async (url: string, headers = student) => {
  const res = await get(url, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ResourceListResponse>();
};
const titles = (body: ResourceListResponse) => body.resources.map((r) => r.title);
const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;
/** A moment `minutes` before the test clock's now. */
const ago = (minutes: number) => new Date(t.clock.now().getTime() - minutes * 60_000);

describe('GET /api/resources/author/{author} and paging', () => {
  it('lists an author’s published resources newest first, five a page by default', async () => {
    const author = unique('Sifu Paging');
    const made = [];
    for (let i = 0; i < 7; i++)
      made.push(await createResource(t, { author, title: `${author} #${i}`, created_at: ago(100 - i) }));
    await createResource(t, { author, title: `${author} draft`, is_published: false, created_at: ago(1) });
    const first = await list(`/api/resources/author/${encodeURIComponent(author)}`);
    expect(first.total).toBe(7);
    expect(first.resources).toHaveLength(RESOURCES_PAGE_SIZE);
    expect(titles(first)).toEqual([6, 5, 4, 3, 2].map((i) => `${author} #${i}`));
    const second = await list(`/api/resources/author/${encodeURIComponent(author)}?offset=5`);
    expect(titles(second)).toEqual([`${author} #1`, `${author} #0`]);
    const wide = await list(`/api/resources/author/${encodeURIComponent(author)}?limit=50`);
    expect(wide.resources).toHaveLength(7);
  });

  it('answers the list rules with their messages', async () => {
    for (const [url, message] of [
      ['/api/resources?limit=0', 'Limit must be at least 1'],
      ['/api/resources?limit=51', 'Limit must be at most 50'],
      ['/api/resources?limit=abc', 'Limit must be a whole number'],
      ['/api/resources?offset=-1', 'Offset must be 0 or more'],
      ['/api/resources?type=podcast', RESOURCE_TYPE_MESSAGE],
      ['/api/resources/type/podcast', RESOURCE_TYPE_MESSAGE],
      ['/api/resources/author/%20', RESOURCE_AUTHOR_REQUIRED],
      ['/api/resources/search', RESOURCE_SEARCH_REQUIRED],
      ['/api/resources/search?q=%20%20', RESOURCE_SEARCH_REQUIRED],
      [`/api/resources/search?q=${'x'.repeat(201)}`, 'Must be at most 200 characters'],
      ['/api/resources/course/not-a-uuid', 'Invalid course id'],
      ['/api/resources/not-a-uuid', 'Invalid id'],
    ] as const) {
      const res = await get(url);
      expect([res.statusCode, res.json().error], url).toEqual([400, message]);
    }
    // A path segment past the router's 100 characters is refused before validation.
    const long = await get(`/api/resources/author/${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(414);
  });
});

describe('GET /api/resources and /api/resources/type/{type}', () => {
  it('shows only published resources, newest first, of one type when asked', async () => {
    const author = unique('Sifu Types');
    const blog = await createResource(t, { author, type: 'blog', created_at: ago(3) });
    const video = await createResource(t, { author, type: 'video', created_at: ago(2) });
    const audio = await createResource(t, { author, type: 'audio', created_at: ago(1) });
    const draft = await createResource(t, { author, type: 'video', is_published: false });

    const all = await list('/api/resources?limit=50');
    expect(all.resources.every((r) => r.is_published)).toBe(true);
    const ids = all.resources.map((r) => r.id);
    expect(ids).not.toContain(draft.id);
    expect(ids.indexOf(audio.id)).toBeLessThan(ids.indexOf(video.id));
    expect(ids.indexOf(video.id)).toBeLessThan(ids.indexOf(blog.id));
    expect(all.total).toBeGreaterThanOrEqual(3);

    for (const [type, expected] of [
      ['video', video],
      ['audio', audio],
      ['blog', blog],
    ] as const) {
      for (const url of [`/api/resources?type=${type}&limit=50`, `/api/resources/type/${type}?limit=50`]) {
        const body = await list(url);
        expect(
          body.resources.every((r) => r.type === type && r.is_published),
          url,
        ).toBe(true);
        expect(
          body.resources.map((r) => r.id),
          url,
        ).toContain(expected.id);
        expect(
          body.resources.map((r) => r.id),
          url,
        ).not.toContain(draft.id);
      }
    }
  });

  it('shows admins the published resources too: drafts are for the admin list', async () => {
    const author = unique('Sifu Admin Reads');
    await createResource(t, { author, is_published: false });
    const body = await list(`/api/resources/author/${encodeURIComponent(author)}`, admin);
    expect(body).toEqual({ resources: [], total: 0 });
  });

  it('is for signed-in members', async () => {
    expect((await get('/api/resources', {})).statusCode).toBe(401);
  });
});

describe('GET /api/resources/{id}', () => {
  it('counts each reading with one statement and answers the whole resource', async () => {
    const made = await createResource(t, {
      type: 'video',
      view_count: 4,
      thumbnail: 'https://img.example.org/a.jpg',
    });
    const res = await get(`/api/resources/${made.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const resource = res.json<{ resource: Resource }>().resource;
    expect(resource).toMatchObject({
      id: made.id,
      type: 'video',
      title: made.title,
      video_url: made.video_url,
      audio_url: null,
      thumbnail: 'https://img.example.org/a.jpg',
      view_count: 5,
      courses: [],
      related_courses: [],
      created_at: made.created_at.toISOString(),
    });
    expect(resource).not.toHaveProperty('search');
    await get(`/api/resources/${made.id}`, admin);
    const [row] = await t.database.db.select().from(resources).where(eq(resources.id, made.id));
    expect(row!.view_count).toBe(6);
  });

  it('hides a draft from students (and counts nothing) but lets an admin read it', async () => {
    const draft = await createResource(t, { is_published: false });
    const res = await get(`/api/resources/${draft.id}`);
    expect([res.statusCode, res.json()]).toEqual([
      404,
      { error: RESOURCE_NOT_FOUND, code: 'RESOURCE_NOT_FOUND' },
    ]);
    const read = await get(`/api/resources/${draft.id}`, admin);
    expect(read.statusCode).toBe(200);
    expect(read.json().resource).toMatchObject({ id: draft.id, is_published: false, view_count: 1 });
    expect((await get(`/api/resources/${randomUUID()}`, admin)).json().error).toBe(RESOURCE_NOT_FOUND);
  });
});

describe('related courses', () => {
  it('lists existing related courses in order; students see only published ones', async () => {
    const open = await createCourse(t, { title: unique('Open course') });
    const hidden = await createCourse(t, { title: unique('Hidden course'), is_published: false });
    const gone = await createCourse(t, { title: unique('Gone course') });
    const made = await createResource(t, { related_courses: [hidden.id, gone.id, open.id] });
    await t.database.db.delete(courses).where(eq(courses.id, gone.id));

    const asStudent = (await get(`/api/resources/${made.id}`)).json<{ resource: Resource }>().resource;
    expect(asStudent.courses).toEqual([{ id: open.id, title: expect.stringMatching(/^Open course/) }]);
    expect(asStudent.related_courses).toEqual([hidden.id, gone.id, open.id]);
    const asAdmin = (await get(`/api/resources/${made.id}`, admin)).json<{ resource: Resource }>().resource;
    expect(asAdmin.courses.map((c) => c.id)).toEqual([hidden.id, open.id]);

    const listed = await list('/api/resources?limit=50');
    const row = listed.resources.find((r) => r.id === made.id);
    expect(row?.courses.map((c) => c.id)).toEqual([open.id]);
  });

  it('GET /api/resources/course/{courseId} lists the published resources related to a course', async () => {
    const course = await createCourse(t);
    const other = await createCourse(t);
    const older = await createResource(t, { related_courses: [other.id, course.id], created_at: ago(2) });
    const newer = await createResource(t, { related_courses: [course.id], created_at: ago(1) });
    await createResource(t, { related_courses: [course.id], is_published: false });
    await createResource(t, { related_courses: [other.id] });
    const body = await list(`/api/resources/course/${course.id}`);
    expect(body.resources.map((r) => r.id)).toEqual([newer.id, older.id]);
    expect(body.total).toBe(2);
    expect(await list(`/api/resources/course/${randomUUID()}`)).toEqual({ resources: [], total: 0 });
  });
});

describe('GET /api/resources/search', () => {
  it('finds published resources by their words, the title weighing most, then newest', async () => {
    const word = `qz${randomUUID().slice(0, 6).replace(/-/g, '')}`;
    const inText = await createResource(t, {
      content: `A long talk mentioning ${word} once.`,
      created_at: ago(1),
    });
    const inTitle = await createResource(t, { title: `The ${word} drill`, created_at: ago(5) });
    const inAuthor = await createResource(t, { author: `Sifu ${word}`, type: 'audio', created_at: ago(3) });
    await createResource(t, { title: `Hidden ${word}`, is_published: false });
    const body = await list(`/api/resources/search?q=${word}`);
    expect(body.resources.map((r) => r.id)).toEqual([inTitle.id, inAuthor.id, inText.id]);
    expect(body.total).toBe(3);
    const audio = await list(`/api/resources/search?q=${word}&type=audio`);
    expect(audio.resources.map((r) => r.id)).toEqual([inAuthor.id]);
    // Web search syntax: a phrase, and a word left out.
    const phrase = await list(
      `/api/resources/search?q=${encodeURIComponent(`"the ${word} drill" -nothing`)}`,
    );
    expect(phrase.resources.map((r) => r.id)).toEqual([inTitle.id]);
    // Stray operators are words, not errors.
    expect((await get(`/api/resources/search?q=${encodeURIComponent('&|!(:*')}`)).statusCode).toBe(200);
  });
});

describe('GET /api/resources/authors', () => {
  it('counts each author’s published resources, the most first', async () => {
    const prolific = unique('Sifu Many');
    const rare = unique('Sifu Few');
    for (let i = 0; i < 3; i++) await createResource(t, { author: prolific });
    await createResource(t, { author: rare });
    await createResource(t, { author: rare, is_published: false });
    const hidden = unique('Sifu Drafts Only');
    await createResource(t, { author: hidden, is_published: false });
    const res = await get('/api/resources/authors');
    expect(res.statusCode).toBe(200);
    const authors = res.json<{ authors: { author: string; count: number }[] }>().authors;
    expect(authors).toContainEqual({ author: prolific, count: 3 });
    expect(authors).toContainEqual({ author: rare, count: 1 });
    expect(authors.map((a) => a.author)).not.toContain(hidden);
    const counts = authors.map((a) => a.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });
});
