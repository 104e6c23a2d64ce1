import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NEWS_AUTHOR_REQUIRED,
  NEWS_BODY_REQUIRED,
  NEWS_DELETED,
  NEWS_DESCRIPTION_REQUIRED,
  NEWS_NOT_FOUND,
  NEWS_TITLE_REQUIRED,
  type News,
} from '../../../common/news';
import type { Call, Headers, TestApp } from '../../test/app';
import { createTestAppWithMembers } from '../../test/factories';
import { createNews, newsBody } from './test/factories';

/* The administration of news: the admin list, saving, publishing and deleting. */

let t: TestApp, admin: Headers, student: Headers, call: Call;
beforeAll(async () => ({ t, admin, student, call } = await createTestAppWithMembers()));
afterAll(async () => t?.close());

describe('POST /api/admin/news', () => {
  it('adds an item: tags from comma-separated text, and the defaults', async () => {
    const body = newsBody({ tags: ' Workshop, , baguazhang ,workshop', is_important: true });
    delete (body as Partial<typeof body>).status;
    const res = await call('POST', '/api/admin/news', body);
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json<{ news: News }>().news;
    expect(item).toMatchObject({
      title: body.title,
      author_name: 'Sifu Zhao Ming',
      tags: ['Workshop', 'baguazhang'],
      status: 'published',
      is_important: true,
      thumbnail_url: null,
      view_count: 0,
      notified_at: null,
      created_at: t.clock.now().toISOString(),
    });
    expect(res.headers.location).toBe(`/api/news/${item.id}`);
    const read = await call('GET', `/api/news/${item.id}`, undefined, student);
    expect(read.json().news.title).toBe(body.title);
  });

  it('keeps an uploaded thumbnail or an https address, and an empty one as none', async () => {
    const upload = '/media/news-thumbnails/0f8fad5b-d9cb-469f-a165-70867728950e-1280x720.webp';
    for (const [thumbnail_url, stored] of [
      [upload, upload],
      ['https://images.example.org/park.jpg', 'https://images.example.org/park.jpg'],
      ['  ', null],
    ] as const) {
      const res = await call('POST', '/api/admin/news', newsBody({ thumbnail_url }));
      expect(res.statusCode, thumbnail_url).toBe(201);
      expect(res.json().news.thumbnail_url).toBe(stored);
    }
  });

  it('answers each rule of the form with its message and keeps nothing', async () => {
    const before = (await call('GET', '/api/admin/news?limit=1')).json().total;
    for (const [fields, message] of [
      [{ title: '  ' }, NEWS_TITLE_REQUIRED],
      [{ description: '' }, NEWS_DESCRIPTION_REQUIRED],
      [{ body: undefined }, NEWS_BODY_REQUIRED],
      [{ author_name: ' ' }, NEWS_AUTHOR_REQUIRED],
      [{ title: 'x'.repeat(201) }, 'Must be at most 200 characters'],
      [{ tags: Array.from({ length: 11 }, (_, i) => `tag${i}`) }, 'At most 10 tags'],
      [{ tags: ['x'.repeat(41)] }, 'Tags must be at most 40 characters'],
      [{ tags: 7 }, 'Tags must be a list or comma-separated text'],
      [{ tags: [3] }, 'Tags must be a list or comma-separated text'],
      [{ status: 'archived' }, 'Status must be published or draft'],
      [{ is_important: 'yes' }, 'Important must be true or false'],
      [{ notify_members: 1 }, 'Notify members must be true or false'],
      [
        { thumbnail_url: 'http://example.org/a.jpg' },
        'Thumbnail must be an uploaded image or an https address',
      ],
      [{ thumbnail_url: 'javascript:alert(1)' }, 'Thumbnail must be an uploaded image or an https address'],
    ] as const) {
      const res = await call('POST', '/api/admin/news', newsBody(fields));
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json(), JSON.stringify(fields)).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
    }
    expect((await call('GET', '/api/admin/news?limit=1')).json().total).toBe(before);
  });

  it('is for administrators: 403 for a student, 401 without a token', async () => {
    expect((await call('POST', '/api/admin/news', newsBody(), student)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/news', newsBody(), {})).statusCode).toBe(401);
  });
});

describe('GET /api/admin/news', () => {
  it('lists every item or those of one status, newest first', async () => {
    const at = new Date(t.clock.now().getTime() + 365 * 86_400_000);
    const draft = await createNews(t, { status: 'draft', created_at: at });
    const published = await createNews(t, { created_at: new Date(at.getTime() - 1000) });
    const all = (await call('GET', '/api/admin/news?limit=2')).json<{ news: News[] }>();
    expect(all.news.map((n) => n.id)).toEqual([draft.id, published.id]);
    const drafts = (await call('GET', '/api/admin/news?status=draft')).json<{ news: News[] }>();
    expect(drafts.news.every((n) => n.status === 'draft')).toBe(true);
    expect(drafts.news.map((n) => n.id)).toContain(draft.id);
    const live = (await call('GET', '/api/admin/news?status=published')).json<{ news: News[] }>();
    expect(live.news.map((n) => n.id)).not.toContain(draft.id);
    const counts = await Promise.all(
      ['all', 'published', 'draft'].map(
        async (status) => (await call('GET', `/api/admin/news?status=${status}&limit=1`)).json().total,
      ),
    );
    expect(counts[0]).toBe(counts[1] + counts[2]);
  });

  it('refuses an unknown status', async () => {
    const res = await call('GET', '/api/admin/news?status=archived');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Status must be all, published or draft' });
  });
});

describe('PUT /api/admin/news/{id}', () => {
  it('replaces the whole item and keeps its views and creation time', async () => {
    const item = await createNews(t, { tags: ['old'] });
    await call('GET', `/api/news/${item.id}`, undefined, student);
    t.clock.advance(60_000);
    const body = newsBody({ title: 'Class moves to the park', tags: ['schedule'], status: 'draft' });
    const res = await call('PUT', `/api/admin/news/${item.id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().news).toMatchObject({
      id: item.id,
      title: 'Class moves to the park',
      tags: ['schedule'],
      status: 'draft',
      view_count: 1,
      created_at: item.created_at.toISOString(),
      updated_at: t.clock.now().toISOString(),
    });
  });

  it('answers 404 for an id nothing has, and 400 before that for a bad body', async () => {
    const missing = await call('PUT', `/api/admin/news/${randomUUID()}`, newsBody());
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: NEWS_NOT_FOUND, code: 'NEWS_NOT_FOUND' });
    const bad = await call('PUT', `/api/admin/news/${randomUUID()}`, newsBody({ title: '' }));
    expect([bad.statusCode, bad.json().error]).toEqual([400, NEWS_TITLE_REQUIRED]);
  });
});

describe('PUT /api/admin/news/{id}/status', () => {
  it('takes an item back to draft and publishes it again', async () => {
    const item = await createNews(t);
    const drafted = await call('PUT', `/api/admin/news/${item.id}/status`, { status: 'draft' });
    expect(drafted.json().news).toMatchObject({ id: item.id, status: 'draft', title: item.title });
    expect((await call('GET', `/api/news/${item.id}`, undefined, student)).statusCode).toBe(404);
    const published = await call('PUT', `/api/admin/news/${item.id}/status`, { status: 'published' });
    expect(published.json().news.status).toBe('published');
    expect((await call('GET', `/api/news/${item.id}`, undefined, student)).statusCode).toBe(200);
  });

  it('refuses an unknown status and answers 404 for an unknown item', async () => {
    const item = await createNews(t);
    for (const payload of [{ status: 'hidden' }, {}]) {
      const res = await call('PUT', `/api/admin/news/${item.id}/status`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Status must be published or draft' });
    }
    const missing = await call('PUT', `/api/admin/news/${randomUUID()}/status`, { status: 'draft' });
    expect([missing.statusCode, missing.json().error]).toEqual([404, NEWS_NOT_FOUND]);
  });
});

describe('DELETE /api/admin/news/{id}', () => {
  it('deletes the item with the screen’s message, then answers 404', async () => {
    const item = await createNews(t);
    const res = await call('DELETE', `/api/admin/news/${item.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: NEWS_DELETED });
    expect((await call('GET', `/api/news/${item.id}`, undefined, admin)).statusCode).toBe(404);
    const again = await call('DELETE', `/api/admin/news/${item.id}`);
    expect([again.statusCode, again.json().error]).toEqual([404, NEWS_NOT_FOUND]);
  });
});
