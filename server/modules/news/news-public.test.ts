import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_NOT_FOUND, NEWS_SEARCH_REQUIRED, type News } from '../../../common/news';
import type { Headers, TestApp } from '../../test/app';
import { createTestAppWithMembers } from '../../test/factories';
import { createNews } from './test/factories';

/* What members read: published news, one item (counted), search, tags. */

let t: TestApp, admin: Headers, student: Headers;
beforeAll(async () => ({ t, admin, student } = await createTestAppWithMembers()));
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> | undefined = student) =>
  t.call('GET', url, undefined, headers);
const ids = (body: { news: News[] }) => body.news.map((item) => item.id);
/** A word no other test uses, for titles and tags. */
const unique = () => `w${randomUUID().replace(/-/g, '').slice(0, 10)}`;
let days = 0;
/** Later than anything created before, so the item leads the newest-first lists. */
const later = () => new Date(t.clock.now().getTime() + ++days * 86_400_000);

describe('GET /api/news', () => {
  it('lists published news, newest first, with the total, and leaves drafts out', async () => {
    const before = (await get('/api/news')).json<{ total: number }>().total;
    const older = await createNews(t, { created_at: later() });
    const draft = await createNews(t, { status: 'draft', created_at: later() });
    const newer = await createNews(t, { created_at: later() });
    const res = await get('/api/news?limit=2');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ news: News[]; total: number }>();
    expect(ids(body)).toEqual([newer.id, older.id]);
    expect(body.total).toBe(before + 2);
    expect(ids((await get('/api/news?limit=50')).json())).not.toContain(draft.id);
    expect(body.news[0]).toMatchObject({ status: 'published', notified_at: null, view_count: 0 });
  });

  it('is for signed-in members: 401 without a token', async () => {
    const res = await get('/api/news', {});
    expect(res.statusCode).toBe(401);
  });

  it('refuses a limit out of range with the shared message', async () => {
    const res = await get('/api/news?limit=0');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

describe('GET /api/news/{id}', () => {
  it('answers a published item and counts each reading once', async () => {
    const item = await createNews(t);
    const first = await get(`/api/news/${item.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.json().news).toMatchObject({ id: item.id, title: item.title, view_count: 1 });
    expect((await get(`/api/news/${item.id}`, admin)).json().news.view_count).toBe(2);
    expect((await get(`/api/news/${item.id}`)).json().news.view_count).toBe(3);
  });

  it('hides a draft from members (404) and shows it to an administrator', async () => {
    const draft = await createNews(t, { status: 'draft' });
    const res = await get(`/api/news/${draft.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: NEWS_NOT_FOUND, code: 'NEWS_NOT_FOUND' });
    const seen = await get(`/api/news/${draft.id}`, admin);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().news).toMatchObject({ id: draft.id, status: 'draft' });
  });

  it('answers 404 for an id nothing has and 400 for one that is no id', async () => {
    const missing = await get(`/api/news/${randomUUID()}`);
    expect([missing.statusCode, missing.json().error]).toEqual([404, NEWS_NOT_FOUND]);
    const bad = await get('/api/news/not-an-id');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_ERROR']);
  });
});

describe('GET /api/news/search', () => {
  it('finds published items by their words, the title’s matches first', async () => {
    const word = unique();
    const inBody = await createNews(t, { body: `Practice notes about ${word} forms.`, created_at: later() });
    const inTitle = await createNews(t, { title: `The ${word} seminar` });
    await createNews(t, { title: `Draft ${word}`, status: 'draft' });
    const res = await get(`/api/news/search?q=${word}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 2 });
    expect(ids(res.json())).toEqual([inTitle.id, inBody.id]);
  });

  it('reads web search syntax and answers nothing for words no item has', async () => {
    const word = unique();
    const item = await createNews(t, { title: `${word} standing practice` });
    expect(ids((await get(`/api/news/search?q="${word} standing"`)).json())).toEqual([item.id]);
    expect(ids((await get(`/api/news/search?q=${word} -standing`)).json())).toEqual([]);
    expect((await get('/api/news/search?q=the')).json()).toMatchObject({ news: [], total: 0 });
  });

  it('asks for a search term', async () => {
    for (const q of ['', '%20%20']) {
      const res = await get(`/api/news/search?q=${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({ error: NEWS_SEARCH_REQUIRED, code: 'VALIDATION_ERROR' });
    }
    expect((await get('/api/news/search')).statusCode).toBe(400);
  });
});

describe('GET /api/news/tag/{tag} and /api/news/tags', () => {
  it('lists published items carrying a tag, whatever its case, newest first', async () => {
    const tag = unique();
    const older = await createNews(t, { tags: [tag.toUpperCase()], created_at: later() });
    const newer = await createNews(t, { tags: ['Workshop', tag], created_at: later() });
    await createNews(t, { tags: [tag], status: 'draft' });
    await createNews(t, { tags: [`${tag}x`] });
    const res = await get(`/api/news/tag/${tag}`);
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual([newer.id, older.id]);
    expect(res.json().total).toBe(2);
    expect(ids((await get(`/api/news/tag/${tag.toUpperCase()}?limit=1&offset=1`)).json())).toEqual([
      older.id,
    ]);
  });

  it('counts the tags of published items, one count for tags differing only in case', async () => {
    const tag = unique();
    const other = unique();
    await createNews(t, { tags: [tag] });
    await createNews(t, { tags: [tag.toUpperCase(), other] });
    await createNews(t, { tags: [tag, other], status: 'draft' });
    const res = await get('/api/news/tags');
    expect(res.statusCode).toBe(200);
    const counts = res.json<{ tags: { tag: string; count: number }[] }>().tags;
    const mine = counts.filter((row) => [tag, other].includes(row.tag.toLowerCase()));
    expect(mine).toEqual([
      { tag: tag.toUpperCase(), count: 2 },
      { tag: other, count: 1 },
    ]);
  });

  it('refuses a tag longer than tags may be', async () => {
    const res = await get(`/api/news/tag/${'x'.repeat(41)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Tags must be at most 40 characters' });
  });
});
