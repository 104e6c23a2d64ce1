import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost, BlogPostsResponse, BlogTagsResponse } from '../../../common/blog';
import { imageSources } from '../../../common/uploads';
import { localStorage } from '../../platform/storage';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin } from '../../test/factories';
import { DEMO_BLOG_POSTS } from './blog-content';
import { seedDemo } from '.';

let t: TestApp;
let lines: string[];
beforeAll(async () => {
  t = await createTestApp();
  lines = [];
  expect(
    await seedDemo(t.database.db, localStorage(t.mediaDir), { info: (m) => lines.push(m) }, t.clock.now()),
  ).toBe(true);
});
afterAll(async () => t.close());

const get = <T>(url: string, headers: Record<string, string> = {}) =>
  t.call('GET', url, undefined, headers).then((res) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  });

describe('the demo blog', () => {
  it('publishes five posts over recent months, newest first, and keeps one draft', async () => {
    const { posts, total } = await get<BlogPostsResponse>('/api/blog/posts?limit=50');
    expect(total).toBe(5);
    const dates = posts.map((p) => Date.parse(p.published_at!));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(Math.max(...dates) - Math.min(...dates)).toBeGreaterThan(90 * 24 * 3600 * 1000);
    const admin = await createAdmin(t);
    const all = await get<BlogPostsResponse>('/api/admin/blog/posts?status=draft', admin.auth);
    expect(all.posts.map((p) => p.title)).toEqual(['Preparing for the Spring Intensive']);
    expect(lines).toContain('Demo blog: 5 published posts and 1 draft.');
  });

  it('shares tags between posts', async () => {
    const { tags } = await get<BlogTagsResponse>('/api/blog/tags');
    const count = Object.fromEntries(tags.map((tag) => [tag.tag_name, tag.post_count]));
    expect(count).toMatchObject({ practice: 4, history: 2, beginners: 2, xingyiquan: 2, taijiquan: 2 });
  });

  it('gives every post its own banner, stored with its sizes and served from /media', async () => {
    const banners = new Set<string>();
    for (const seeded of DEMO_BLOG_POSTS.filter((p) => p.status === 'published')) {
      const { post } = await get<{ post: BlogPost }>(`/api/blog/post/${seeded.slug}`);
      expect(post.content).toContain('<h2>');
      expect(post.content).toContain('<blockquote>');
      const sources = imageSources(post.banner_image!);
      expect(sources).toMatchObject({ width: 1280, height: 640 });
      for (const variant of sources!.variants) {
        const res = await t.call('GET', variant.url);
        expect(res.statusCode, variant.url).toBe(200);
        expect((await sharp(res.rawPayload).metadata()).width).toBe(variant.width);
      }
      banners.add(post.banner_image!);
    }
    expect(banners.size).toBe(5);
  });

  it('shows a demo video in one post’s gallery', async () => {
    const { post } = await get<{ post: BlogPost }>(
      '/api/blog/post/walking-the-circle-an-introduction-to-baguazhang',
    );
    expect(post.media_types).toEqual(['video']);
    // Its own copy of a lesson's title card: lesson videos are for the course's students only.
    expect(post.media_urls[0]).toMatch(/^\/media\/blog-content\/demo-[a-z0-9-]+-[0-9a-f]{8}\.mp4$/);
    const video = await t.call('GET', post.media_urls[0]!, undefined, { range: 'bytes=0-15' });
    expect(video.statusCode).toBe(206);
  });

  it('writes content the editor’s sanitising keeps as it is', async () => {
    const admin = await createAdmin(t);
    const { posts } = await get<BlogPostsResponse>('/api/blog/posts?limit=1');
    const { post } = await get<{ post: BlogPost }>(`/api/admin/blog/post/${posts[0]!.id}`, admin.auth);
    const res = await t.call(
      'PUT',
      `/api/admin/blog/post/${post.id}`,
      { ...post, slug: undefined },
      admin.auth,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ post: BlogPost }>().post.content).toBe(post.content);
  });
});
