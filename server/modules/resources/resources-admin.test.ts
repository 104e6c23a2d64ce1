import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RESOURCE_AUDIO_REQUIRED,
  RESOURCE_AUTHOR_REQUIRED,
  RESOURCE_CONTENT_REQUIRED,
  RESOURCE_COURSE_NOT_FOUND,
  RESOURCE_DELETED,
  RESOURCE_NOT_FOUND,
  RESOURCE_TITLE_REQUIRED,
  RESOURCE_TYPE_MESSAGE,
  RESOURCE_VIDEO_REQUIRED,
  type Resource,
  type ResourceListResponse,
  type ResourceStatsResponse,
} from '../../../common/resources';
import type { Call, Headers, Method, TestApp } from '../../test/app';
import { createTestAppWithMembers } from '../../test/factories';
import { createCourse } from '../courses/test/factories';
import { createResource, resourceBody } from './test/factories';

/* The administration of resources: the admin list, the stats, saving and deleting. */

let t: TestApp, student: Headers, call: Call;
beforeAll(async () => ({ t, student, call } = await createTestAppWithMembers()));
afterAll(async () => t?.close());

const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

describe('POST /api/admin/resources', () => {
  it('adds a resource of each type with its defaults, which members then read', async () => {
    const course = await createCourse(t);
    for (const body of [
      resourceBody({ duration: ' 12:30 ', related_courses: [course.id, course.id] }),
      resourceBody({
        type: 'video',
        content: '',
        video_url: '/media/resource-videos/x.mp4',
        duration: '1 h 5 min',
      }),
      resourceBody({ type: 'audio', content: '', audio_url: 'https://audio.example.org/talk.mp3' }),
    ]) {
      const res = await call('POST', '/api/admin/resources', body);
      expect(res.statusCode, res.body).toBe(201);
      const resource = res.json<{ resource: Resource }>().resource;
      expect(resource).toMatchObject({
        type: body.type,
        title: body.title,
        author: 'Sifu Zhao Ming',
        is_published: true,
        view_count: 0,
        created_at: t.clock.now().toISOString(),
      });
      expect(res.headers.location).toBe(`/api/resources/${resource.id}`);
      const read = await call('GET', `/api/resources/${resource.id}`, undefined, student);
      expect(read.json().resource.title).toBe(body.title);
    }
  });

  it('keeps the duration as written, de-duplicates related courses and names them', async () => {
    const course = await createCourse(t, { title: unique('Related') });
    const res = await call(
      'POST',
      '/api/admin/resources',
      resourceBody({
        duration: ' 1 h 5 min ',
        related_courses: [course.id, course.id],
        description: undefined,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().resource).toMatchObject({
      duration: '1 h 5 min',
      description: '',
      related_courses: [course.id],
      courses: [{ id: course.id, title: expect.stringMatching(/^Related/) }],
    });
  });

  it('answers each rule of the form with its message and keeps nothing', async () => {
    const author = unique('Sifu Refused');
    for (const [fields, message] of [
      [{ title: '  ' }, RESOURCE_TITLE_REQUIRED],
      [{ title: undefined }, RESOURCE_TITLE_REQUIRED],
      [{ title: 'x'.repeat(201) }, 'Must be at most 200 characters'],
      [{ title: 42 }, RESOURCE_TITLE_REQUIRED],
      [{ author: ' ' }, RESOURCE_AUTHOR_REQUIRED],
      [{ type: 'podcast' }, RESOURCE_TYPE_MESSAGE],
      [{ type: undefined }, RESOURCE_TYPE_MESSAGE],
      [{ content: '   ' }, RESOURCE_CONTENT_REQUIRED],
      [{ content: 'x'.repeat(50_001) }, 'Content must be at most 50000 characters'],
      [{ content: ['text'] }, 'Content must be text'],
      [{ description: 'x'.repeat(1001) }, 'Description must be at most 1000 characters'],
      [{ duration: 'x'.repeat(21) }, 'Duration must be at most 20 characters'],
      [{ type: 'video', video_url: null }, RESOURCE_VIDEO_REQUIRED],
      [{ type: 'video', video_url: '' }, RESOURCE_VIDEO_REQUIRED],
      [{ type: 'audio', audio_url: null }, RESOURCE_AUDIO_REQUIRED],
      [
        { type: 'video', video_url: 'http://insecure.example.org/v.mp4' },
        'Video must be an uploaded file or an https address',
      ],
      [{ thumbnail: 'javascript:alert(1)' }, 'Thumbnail must be an uploaded file or an https address'],
      [{ audio_url: 7 }, 'Audio must be an address'],
      [
        { thumbnail: `https://x.org/${'a'.repeat(2000)}` },
        'Thumbnail address must be at most 2000 characters',
      ],
      [{ related_courses: ['nope'] }, 'Related courses must be a list of course ids'],
      [{ related_courses: 'abc' }, 'Related courses must be a list of course ids'],
      [{ related_courses: Array.from({ length: 21 }, () => randomUUID()) }, 'At most 20 related courses'],
      [{ is_published: 'yes' }, 'Published must be true or false'],
    ] as [Record<string, unknown>, string][]) {
      const res = await call('POST', '/api/admin/resources', resourceBody({ author, ...fields }));
      expect([res.statusCode, res.json().error], JSON.stringify(fields).slice(0, 80)).toEqual([400, message]);
    }
    const kept = await call('GET', `/api/admin/resources?q=${encodeURIComponent(author)}`);
    expect(kept.json().total).toBe(0);
  });

  it('refuses related courses that do not exist, naming them', async () => {
    const course = await createCourse(t);
    const missing = randomUUID();
    const res = await call(
      'POST',
      '/api/admin/resources',
      resourceBody({ related_courses: [course.id, missing] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: RESOURCE_COURSE_NOT_FOUND,
      code: 'RESOURCE_COURSE_NOT_FOUND',
      details: { courses: [missing] },
    });
  });

  it('answers odd bodies with a 400, never a 500', async () => {
    for (const payload of [
      'null',
      '[]',
      '"text"',
      '42',
      '{"type":',
      '{}',
      JSON.stringify({ ...resourceBody(), title: { a: 1 } }),
    ]) {
      const res = await call('POST', '/api/admin/resources', payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().error, payload).toEqual(expect.any(String));
    }
    const huge = await call('POST', '/api/admin/resources', resourceBody({ content: 'x'.repeat(3_000_000) }));
    expect([400, 413]).toContain(huge.statusCode);
  });
});

describe('PUT /api/admin/resources/{id}', () => {
  it('saves the whole resource; its views and creation stay', async () => {
    const course = await createCourse(t);
    const made = await createResource(t, { view_count: 9, created_at: new Date('2026-01-05T10:00:00Z') });
    t.clock.advance(60_000);
    const body = resourceBody({
      type: 'audio',
      audio_url: 'https://audio.example.org/new.mp3',
      is_published: false,
      related_courses: [course.id],
    });
    const res = await call('PUT', `/api/admin/resources/${made.id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resource).toMatchObject({
      id: made.id,
      type: 'audio',
      title: body.title,
      audio_url: 'https://audio.example.org/new.mp3',
      content: body.content,
      is_published: false,
      related_courses: [course.id],
      view_count: 9,
      created_at: '2026-01-05T10:00:00.000Z',
      updated_at: t.clock.now().toISOString(),
    });
    expect((await call('GET', `/api/resources/${made.id}`, undefined, student)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown resource, 400 for a bad id or body, and changes nothing', async () => {
    const made = await createResource(t);
    const unknown = await call('PUT', `/api/admin/resources/${randomUUID()}`, resourceBody());
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, RESOURCE_NOT_FOUND]);
    const badId = await call('PUT', '/api/admin/resources/123', resourceBody());
    expect([badId.statusCode, badId.json().error]).toEqual([400, 'Invalid id']);
    const missing = await call(
      'PUT',
      `/api/admin/resources/${made.id}`,
      resourceBody({ related_courses: [randomUUID()] }),
    );
    expect([missing.statusCode, missing.json().error]).toEqual([400, RESOURCE_COURSE_NOT_FOUND]);
    const read = await call('GET', `/api/resources/${made.id}`);
    expect(read.json().resource.title).toBe(made.title);
  });
});

describe('DELETE /api/admin/resources/{id}', () => {
  it('deletes a resource once', async () => {
    const made = await createResource(t);
    const res = await call('DELETE', `/api/admin/resources/${made.id}`);
    expect(res.json()).toEqual({ success: true, message: RESOURCE_DELETED });
    const again = await call('DELETE', `/api/admin/resources/${made.id}`);
    expect([again.statusCode, again.json().error]).toEqual([404, RESOURCE_NOT_FOUND]);
    expect((await call('GET', `/api/resources/${made.id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/admin/resources', () => {
  it('lists drafts too, by type, status and words, newest first', async () => {
    const author = unique('Sifu Admin List');
    const draft = await createResource(t, {
      author,
      type: 'video',
      is_published: false,
      created_at: new Date(t.clock.now().getTime() - 1000),
    });
    const live = await createResource(t, { author, type: 'blog' });
    const q = encodeURIComponent(author);
    const all = (await call('GET', `/api/admin/resources?q=${q}`)).json<ResourceListResponse>();
    expect(all.resources.map((r) => r.id)).toEqual([live.id, draft.id]);
    expect(all.total).toBe(2);
    const drafts = (
      await call('GET', `/api/admin/resources?q=${q}&status=draft`)
    ).json<ResourceListResponse>();
    expect(drafts.resources.map((r) => r.id)).toEqual([draft.id]);
    const published = (
      await call('GET', `/api/admin/resources?q=${q}&status=published`)
    ).json<ResourceListResponse>();
    expect(published.resources.map((r) => r.id)).toEqual([live.id]);
    const videos = (
      await call('GET', `/api/admin/resources?q=${q}&type=video&status=all`)
    ).json<ResourceListResponse>();
    expect(videos.resources.map((r) => r.id)).toEqual([draft.id]);
    // Words of the title match, and LIKE's wildcards are only characters.
    const byTitle = (
      await call('GET', `/api/admin/resources?q=${encodeURIComponent(live.title)}`)
    ).json<ResourceListResponse>();
    expect(byTitle.resources.map((r) => r.id)).toContain(live.id);
    expect((await call('GET', `/api/admin/resources?q=${encodeURIComponent('%_\\')}`)).statusCode).toBe(200);
  });

  it('answers its rules with their messages', async () => {
    for (const [query, message] of [
      ['status=archived', 'Status must be all, published or draft'],
      ['type=podcast', RESOURCE_TYPE_MESSAGE],
      ['limit=101', 'Limit must be at most 100'],
      [`q=${'x'.repeat(201)}`, 'Must be at most 200 characters'],
    ]) {
      const res = await call('GET', `/api/admin/resources?${query}`);
      expect([res.statusCode, res.json().error], query).toEqual([400, message]);
    }
  });
});

describe('GET /api/admin/resources/stats', () => {
  it('counts resources by status and type, and their views', async () => {
    const before = (await call('GET', '/api/admin/resources/stats')).json<ResourceStatsResponse>();
    await createResource(t, { type: 'video', view_count: 7 });
    await createResource(t, { type: 'audio', is_published: false, view_count: 3 });
    await createResource(t, { type: 'blog' });
    const after = (await call('GET', '/api/admin/resources/stats')).json<ResourceStatsResponse>();
    expect(after).toEqual({
      total: before.total + 3,
      published: before.published + 2,
      drafts: before.drafts + 1,
      by_type: {
        blog: before.by_type.blog + 1,
        video: before.by_type.video + 1,
        audio: before.by_type.audio + 1,
      },
      total_views: before.total_views + 10,
    });
    expect(after.total).toBe(after.published + after.drafts);
  });
});

describe('the admin routes', () => {
  it('are refused to students with 403, and change nothing', async () => {
    const made = await createResource(t);
    for (const [method, url, body] of [
      ['GET', '/api/admin/resources', undefined],
      ['GET', '/api/admin/resources/stats', undefined],
      ['POST', '/api/admin/resources', resourceBody()],
      ['PUT', `/api/admin/resources/${made.id}`, resourceBody()],
      ['DELETE', `/api/admin/resources/${made.id}`, undefined],
      ['POST', '/api/admin/resources/upload-audio', undefined],
      ['POST', '/api/admin/resources/upload-video', undefined],
      ['POST', '/api/admin/resources/upload-image', undefined],
    ] as [Method, string, object | undefined][]) {
      const res = await call(method, url, body, student);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const read = await call('GET', `/api/resources/${made.id}`, undefined, student);
    expect(read.json().resource.title).toBe(made.title);
  });
});
