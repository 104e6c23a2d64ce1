import xml from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPostSummary } from '../../../common/blog';
import { createTestApp, type TestApp } from '../../test/app';
import { blogPostBody, createBlogPost } from './test/factories';
import { createAdmin } from '../../test/factories';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
const BASE = 'https://school.example';

beforeAll(async () => {
  // The public reads are cached here as in production, to show that writes clear them.
  t = await createTestApp({ PUBLIC_URL: BASE, CATALOGUE_CACHE_SECONDS: 60 });
  admin = await createAdmin(t);
  await createBlogPost(t, {
    title: 'Tea & <Tui Shou>',
    slug: 'tea-and-tui-shou',
    excerpt: 'Push hands "between friends" ]]>',
    content: '<p>Sticking <img src="/media/blog-content/a.webp"> ]]> and following</p>',
    tags: ['taijiquan'],
    published_at: new Date('2026-02-01T10:00:00Z'),
    updated_at: new Date('2026-02-03T10:00:00Z'),
  });
  await createBlogPost(t, { title: 'Unfinished', slug: 'unfinished-draft', status: 'draft' });
});
afterAll(async () => t?.close());

const fetch = (url: string) => t.call('GET', url);
const parse = (body: string) => {
  expect(xml.validate(body)).toBe(true);
  return xml.parse(body, { ignoreAttributes: false }) as unknown;
};
const asList = <T>(value: T | T[]) => (Array.isArray(value) ? value : [value]);

describe('GET /blog/rss.xml', () => {
  it('is a well-formed RSS 2.0 feed of the published posts, with absolute links', async () => {
    const res = await fetch('/blog/rss.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const doc = parse(res.body) as { rss: { '@_version': string; channel: { link: string; item: unknown } } };
    expect(doc.rss['@_version']).toBe('2.0');
    expect(doc.rss.channel.link).toBe(`${BASE}/blog`);
    const items = asList(doc.rss.channel.item) as { title: string; link: string; description: string }[];
    const tea = items.find((item) => item.link === `${BASE}/blog/tea-and-tui-shou`);
    expect(tea?.title).toBe('Tea &amp; &lt;Tui Shou&gt;');
    expect(res.body).toContain(`<img src="${BASE}/media/blog-content/a.webp">`);
    expect(res.body).not.toContain('unfinished-draft');
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the static pages and the published posts with their last change', async () => {
    const res = await fetch('/sitemap.xml');
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const doc = parse(res.body) as { urlset: { url: { loc: string; lastmod?: string }[] } };
    const urls = asList(doc.urlset.url);
    expect(urls.slice(0, 5).map((u) => u.loc)).toEqual(
      ['/', '/about', '/classes', '/workshops', '/blog'].map((path) => `${BASE}${path}`),
    );
    expect(urls.find((u) => u.loc === `${BASE}/blog/tea-and-tui-shou`)?.lastmod).toBe(
      '2026-02-03T10:00:00.000Z',
    );
    expect(res.body).not.toContain('unfinished-draft');
  });
});

describe('GET /robots.txt', () => {
  it('allows all but the app and the API, and names the sitemap', async () => {
    const res = await fetch('/robots.txt');
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body.split('\n')).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /app',
        'Disallow: /api',
        `Sitemap: ${BASE}/sitemap.xml`,
      ]),
    );
  });
});

describe('the cached public reads', () => {
  it('are forgotten by any blog write, so a new post shows at once', async () => {
    const before = (await fetch('/api/blog/posts')).json<{ posts: BlogPostSummary[] }>();
    expect((await fetch('/api/blog/tags')).json()).toEqual({
      tags: [{ tag_name: 'taijiquan', post_count: 1 }],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blog/post',
      headers: admin.auth,
      payload: blogPostBody({ title: 'Fresh news', tags: ['taijiquan', 'beginners'] }),
    });
    expect(res.statusCode).toBe(201);
    const after = (await fetch('/api/blog/posts')).json<{ posts: BlogPostSummary[] }>();
    expect(after.posts.length).toBe(before.posts.length + 1);
    expect((await fetch('/api/blog/tags')).json()).toEqual({
      tags: [
        { tag_name: 'taijiquan', post_count: 2 },
        { tag_name: 'beginners', post_count: 1 },
      ],
    });
    expect((await fetch('/api/blog/post/fresh-news')).statusCode).toBe(200);
    expect((await fetch('/blog/rss.xml')).body).toContain('fresh-news');
  });
});
