import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTENT_REQUIRED,
  DEFAULT_BLOG_AUTHOR,
  EXCERPT_REQUIRED,
  EXCERPT_TOO_LONG,
  SLUG_TAKEN_MESSAGE,
  TITLE_REQUIRED,
  type BlogPost,
  type BlogStats,
} from '../../../common/blog';
import { blogPosts, blogSlugRedirects } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { blogPostBody, createBlogPost } from './test/factories';
import { createAdmin, createUser } from '../../test/factories';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let student: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  student = await createUser(t);
});
afterAll(async () => t?.close());

const create = (body: unknown, headers: Record<string, string> = admin.auth) =>
  t.app.inject({ method: 'POST', url: '/api/admin/blog/post', headers, payload: body as object });
const update = (id: string, body: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/blog/post/${id}`,
    headers: admin.auth,
    payload: body as object,
  });
const created = async (overrides: Record<string, unknown> = {}) => {
  const res = await create(blogPostBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ post: BlogPost }>().post;
};
const publicPost = (slug: string) => t.app.inject({ method: 'GET', url: `/api/blog/post/${slug}` });

describe('POST /api/admin/blog/post', () => {
  it('creates a post with a slug from its title, answering 201 with its Location', async () => {
    const res = await create(
      blogPostBody({ title: 'Rooting in Zhan Zhuang', tags: [' Qigong ', 'qigong', '', 'Practice'] }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { post } = res.json<{ post: BlogPost }>();
    expect(res.headers.location).toBe(`/api/admin/blog/post/${post.id}`);
    expect(post).toMatchObject({
      slug: 'rooting-in-zhan-zhuang',
      status: 'published',
      tags: ['qigong', 'practice'],
      published_at: t.clock.now().toISOString(),
      media_urls: [],
      media_types: [],
    });
  });

  it('gives the school as author when none is named, and leaves a draft unpublished', async () => {
    const post = await created({ author: '  ', status: 'draft', title: 'A quiet draft' });
    expect(post.author).toBe(DEFAULT_BLOG_AUTHOR);
    expect(post.published_at).toBeNull();
    expect((await publicPost(post.slug)).statusCode).toBe(404);
  });

  it('keeps the media as a list and as the parallel lists', async () => {
    const media = [
      { url: '/media/blog-content/photo.webp', type: 'image', caption: 'Circle <b>walking</b>' },
      { url: 'https://youtu.be/dQw4w9WgXcQ', type: 'video' },
    ];
    const post = await created({ title: 'Gallery post', media });
    expect(post.media).toEqual([
      { url: '/media/blog-content/photo.webp', type: 'image', caption: 'Circle walking' },
      { url: 'https://youtu.be/dQw4w9WgXcQ', type: 'video', caption: '' },
    ]);
    expect(post.media_urls).toEqual(media.map((m) => m.url));
    expect(post.media_types).toEqual(['image', 'video']);
  });

  it.each([
    ['title', { title: '   ' }, TITLE_REQUIRED],
    ['content', { content: '' }, CONTENT_REQUIRED],
    ['excerpt', { excerpt: undefined }, EXCERPT_REQUIRED],
    ['excerpt', { excerpt: 'x'.repeat(501) }, EXCERPT_TOO_LONG],
    [
      'banner_image',
      { banner_image: 'javascript:alert(1)' },
      'Please enter a valid URL (https://… or an uploaded file)',
    ],
    ['media', { media: [{ url: '/media/x.webp', type: 'audio' }] }, 'Please select an image or video file'],
    ['status', { status: 'archived' }, 'Status must be draft or published'],
    ['slug', { slug: 'Not a slug!' }, 'Slug may contain only lowercase letters, digits and single hyphens'],
  ])('refuses a bad %s with its message', async (field, overrides, message) => {
    const res = await create(blogPostBody(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
    expect(JSON.stringify(res.json<{ details: unknown }>().details)).toContain(field);
  });

  it('refuses a 60,000-character banner address by its length alone, and stores nothing', async () => {
    const title = 'A banner far too long';
    const banner_image = `https://${'a.'.repeat(30_000)} x`;
    const res = await create(blogPostBody({ title, banner_image }));
    expect(res.statusCode).toBe(400);
    const message = 'URLs must be at most 2000 characters';
    expect(res.json()).toEqual({
      error: message,
      code: 'VALIDATION_ERROR',
      details: [{ path: 'banner_image', message }],
    });
    expect(await t.database.db.select().from(blogPosts).where(eq(blogPosts.title, title))).toHaveLength(0);
  });

  it('refuses content that sanitising leaves empty', async () => {
    const res = await create(blogPostBody({ content: '<script>alert(1)</script>' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: CONTENT_REQUIRED, details: [{ path: 'content' }] });
  });

  it('refuses visitors and students', async () => {
    expect((await create(blogPostBody(), {})).statusCode).toBe(401);
    expect((await create(blogPostBody(), student.auth)).statusCode).toBe(403);
  });

  it('numbers a title already taken, and refuses an explicit slug another post has', async () => {
    const first = await created({ title: 'Pi Quan, the splitting fist' });
    const second = await created({ title: 'Pi Quan: the Splitting Fist!' });
    expect([first.slug, second.slug]).toEqual(['pi-quan-the-splitting-fist', 'pi-quan-the-splitting-fist-2']);
    const res = await create(blogPostBody({ slug: first.slug }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: SLUG_TAKEN_MESSAGE, details: [{ path: 'slug' }] });
  });

  it('gives a title without latin letters a slug', async () => {
    expect((await created({ title: '太極拳' })).slug).toMatch(/^post(-\d+)?$/);
  });
});

describe('sanitising', () => {
  it.each([
    ['a script', '<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
    ['an onclick handler', '<p onclick="steal()">Hi</p>', '<p>Hi</p>'],
    [
      'an onerror handler',
      '<img src="/media/blog-content/a.webp" onerror="steal()">',
      '<img src="/media/blog-content/a.webp" />',
    ],
    ['a javascript: link', '<a href="javascript:steal()">Hi</a>', '<a>Hi</a>'],
    ['a frame from elsewhere', '<p>x</p><iframe src="https://evil.example/embed/1"></iframe>', '<p>x</p>'],
  ])('removes %s', async (_what, content, stored) => {
    expect((await created({ title: 'Sanitised', content })).content).toBe(stored);
  });

  it('keeps a YouTube or Vimeo player, and formatting', async () => {
    const content =
      '<h2>Form</h2><blockquote>Quote</blockquote><iframe src="https://www.youtube.com/embed/abc123XYZ" allowfullscreen></iframe><iframe src="https://player.vimeo.com/video/123456"></iframe>';
    expect((await created({ title: 'Players', content })).content).toBe(content);
  });

  it('adds rel noopener to a link opening a new tab', async () => {
    const post = await created({
      title: 'Links',
      content: '<a href="https://example.org" target="_blank">x</a>',
    });
    expect(post.content).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});

describe('PUT /api/admin/blog/post/{id}: slugs', () => {
  it('keeps a published post’s slug when its title changes', async () => {
    const post = await created({ title: 'Heng Quan' });
    const res = await update(post.id, blogPostBody({ title: 'Heng Quan, the crossing fist' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ post: BlogPost }>().post).toMatchObject({
      slug: 'heng-quan',
      title: 'Heng Quan, the crossing fist',
    });
  });

  it('lets a never-published draft’s slug follow its title, with no redirect', async () => {
    const post = await created({ title: 'Draft one', status: 'draft' });
    const res = await update(post.id, blogPostBody({ title: 'Draft renamed', status: 'draft' }));
    expect(res.json<{ post: BlogPost }>().post.slug).toBe('draft-renamed');
    expect(
      await t.database.db.select().from(blogSlugRedirects).where(eq(blogSlugRedirects.post_id, post.id)),
    ).toEqual([]);
  });

  it('moves to a slug the editor names; the old one answers 301 to it', async () => {
    const post = await created({ title: 'Bagua circle walking' });
    const res = await update(post.id, blogPostBody({ title: post.title, slug: 'walking-the-circle' }));
    expect(res.json<{ post: BlogPost }>().post.slug).toBe('walking-the-circle');
    const old = await publicPost('bagua-circle-walking');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/api/blog/post/walking-the-circle');
    expect((await publicPost('walking-the-circle')).statusCode).toBe(200);
    // Moving back takes the old slug again: it answers as the post, not as a redirect.
    await update(post.id, blogPostBody({ title: post.title, slug: 'bagua-circle-walking' }));
    expect((await publicPost('bagua-circle-walking')).statusCode).toBe(200);
    expect((await publicPost('walking-the-circle')).headers.location).toBe(
      '/api/blog/post/bagua-circle-walking',
    );
  });

  it('sets published_at the first time only', async () => {
    const post = await created({ title: 'Later', status: 'draft' });
    t.clock.advance(60_000);
    const published = (await update(post.id, blogPostBody({ title: 'Later' }))).json<{ post: BlogPost }>()
      .post;
    expect(published.published_at).toBe(t.clock.now().toISOString());
    t.clock.advance(60_000);
    await update(post.id, blogPostBody({ title: 'Later', status: 'draft' }));
    const again = (await update(post.id, blogPostBody({ title: 'Later' }))).json<{ post: BlogPost }>().post;
    expect(again.published_at).toBe(published.published_at);
  });

  it('answers 404 for a post that does not exist', async () => {
    const res = await update('00000000-0000-4000-8000-000000000000', blogPostBody());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'Blog post not found' });
  });
});

describe('the admin list, stats, one post, check-slug and delete', () => {
  it('filters by status, tags and search, and counts', async () => {
    const tag = `t${Date.now()}`;
    await createBlogPost(t, { title: 'Alpha Rooting', tags: [tag, 'x'], status: 'draft' });
    await createBlogPost(t, { title: 'Beta Spiral', tags: [tag], status: 'published' });
    const list = async (query: string) =>
      (
        await t.app.inject({ method: 'GET', url: `/api/admin/blog/posts?${query}`, headers: admin.auth })
      ).json<{ posts: BlogPost[]; total: number }>();
    expect((await list(`tags=${tag}`)).total).toBe(2);
    expect((await list(`tags=${tag},x`)).posts.map((p) => p.title)).toEqual(['Alpha Rooting']);
    expect((await list(`tags=${tag}&status=published`)).posts.map((p) => p.title)).toEqual(['Beta Spiral']);
    expect((await list(`tags=${tag}&search=spir`)).posts.map((p) => p.title)).toEqual(['Beta Spiral']);
    expect((await list(`tags=${tag}&status=all`)).posts[0]).not.toHaveProperty('content');

    const stats = (await t.call('GET', '/api/admin/blog/stats', undefined, admin.auth)).json<BlogStats>();
    expect(stats.total_posts).toBe(stats.published + stats.drafts);
    expect(stats.categories).toBeGreaterThanOrEqual(2);
  });

  it('reads one post, draft or not', async () => {
    const post = await createBlogPost(t, { status: 'draft' });
    const res = await t.call('GET', `/api/admin/blog/post/${post.id}`, undefined, admin.auth);
    expect(res.json<{ post: BlogPost }>().post).toMatchObject({ id: post.id, status: 'draft' });
  });

  it('proposes the next free slug, counting the post being edited as free', async () => {
    const check = (title: string, excludeId?: string) =>
      t.call('POST', '/api/admin/blog/check-slug', { title, excludeId }, admin.auth);
    const first = await createBlogPost(t, { slug: 'tai-chi-basics' });
    expect((await check('Tai Chi Basics')).json()).toEqual({ slug: 'tai-chi-basics-2' });
    expect((await check('Tai Chi Basics', first.id)).json()).toEqual({ slug: 'tai-chi-basics' });
    expect((await check('')).statusCode).toBe(400);
  });

  it('deletes a post; its old slugs stop answering', async () => {
    const post = await created({ title: 'Going away' });
    await update(post.id, blogPostBody({ title: post.title, slug: 'gone-away' }));
    const res = await t.call('DELETE', `/api/admin/blog/post/${post.id}`, undefined, admin.auth);
    expect(res.json()).toEqual({ success: true });
    expect((await publicPost('gone-away')).statusCode).toBe(404);
    expect((await publicPost('going-away')).statusCode).toBe(404);
    const again = await t.call('DELETE', `/api/admin/blog/post/${post.id}`, undefined, admin.auth);
    expect(again.statusCode).toBe(404);
  });
});
