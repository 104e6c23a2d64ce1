import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_TERM_MESSAGE, type BlogPost, type BlogPostSummary, type BlogTag } from '../../../common/blog';
import { createTestApp, type TestApp } from '../../test/app';
import { createBlogPost } from './test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const get = async <T>(url: string, status = 200) => {
  const res = await t.call('GET', url);
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
};
type Page = { posts: BlogPostSummary[]; total: number };
const titles = (page: { posts: BlogPostSummary[] }) => page.posts.map((p) => p.title);
/** A word no other test's posts contain, so each test reads only its own posts. */
const word = () => `w${randomUUID().replace(/-/g, '').slice(0, 10)}`;
const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

describe('GET /api/blog/posts', () => {
  it('lists published posts only, newest first, without their content', async () => {
    const tag = word();
    await createBlogPost(t, { title: 'Older', tags: [tag], published_at: day(1) });
    await createBlogPost(t, { title: 'Newer', tags: [tag], published_at: day(2) });
    await createBlogPost(t, { title: 'Draft', tags: [tag], status: 'draft' });
    const page = await get<Page>(`/api/blog/posts?tags=${tag}`);
    expect(page).toMatchObject({ total: 2 });
    expect(titles(page)).toEqual(['Newer', 'Older']);
    expect(page.posts[0]).not.toHaveProperty('content');
  });

  it('combines tags (all of them), a search and paging in one call', async () => {
    const [a, b, term] = [word(), word(), word()];
    await createBlogPost(t, { title: `Both ${term}`, tags: [a, b], published_at: day(3) });
    await createBlogPost(t, { title: `Both again ${term}`, tags: [b, a], published_at: day(4) });
    await createBlogPost(t, { title: `Only one ${term}`, tags: [a], published_at: day(5) });
    await createBlogPost(t, { title: 'Both, other words', tags: [a, b], published_at: day(6) });
    const page = await get<Page>(`/api/blog/posts?tags=${a},${b.toUpperCase()}&q=${term}&limit=1&offset=1`);
    expect(page).toMatchObject({ total: 2 });
    expect(titles(page)).toEqual([`Both ${term}`]);
    // A blank search is no search.
    expect((await get<Page>(`/api/blog/posts?tags=${a},${b}&q=%20`)).total).toBe(3);
  });
});

describe('GET /api/blog/post/{slug}', () => {
  it('answers a published post with its content', async () => {
    const row = await createBlogPost(t, {
      content: '<p>Whole</p>',
      media: [{ url: '/media/x.webp', type: 'image', caption: 'c' }],
    });
    const { post } = await get<{ post: BlogPost }>(`/api/blog/post/${row.slug.toUpperCase()}`);
    expect(post).toMatchObject({
      id: row.id,
      content: '<p>Whole</p>',
      media_urls: ['/media/x.webp'],
      media_types: ['image'],
    });
  });

  it('answers 404 Blog post not found for a draft or an unknown slug', async () => {
    const draft = await createBlogPost(t, { status: 'draft' });
    for (const slug of [draft.slug, 'no-such-post']) {
      expect(await get(`/api/blog/post/${slug}`, 404)).toMatchObject({
        error: 'Blog post not found',
        code: 'BLOG_POST_NOT_FOUND',
      });
    }
  });
});

describe('GET /api/blog/tags and /api/blog/tag/{tag}', () => {
  it('counts each tag over published posts only', async () => {
    const [shared, lonely, hidden] = [word(), word(), word()];
    await createBlogPost(t, { tags: [shared, lonely] });
    await createBlogPost(t, { tags: [shared] });
    await createBlogPost(t, { tags: [shared, hidden], status: 'draft' });
    const { tags } = await get<{ tags: BlogTag[] }>('/api/blog/tags');
    const mine = tags.filter((tag) => [shared, lonely, hidden].includes(tag.tag_name));
    expect(mine).toEqual([
      { tag_name: shared, post_count: 2 },
      { tag_name: lonely, post_count: 1 },
    ]);
  });

  it('lists the published posts of one tag, whatever its case', async () => {
    const tag = word();
    await createBlogPost(t, { title: 'Tagged', tags: [tag] });
    await createBlogPost(t, { title: 'Tagged draft', tags: [tag], status: 'draft' });
    const page = await get<Page>(`/api/blog/tag/${tag.toUpperCase()}?limit=5`);
    expect(titles(page)).toEqual(['Tagged']);
    expect(page.total).toBe(1);
  });
});

describe('GET /api/blog/search', () => {
  it('ranks a title match above a match in the content only', async () => {
    const term = word();
    await createBlogPost(t, {
      title: 'Content only',
      content: `<p>About ${term} in passing.</p>`,
      published_at: day(20),
    });
    await createBlogPost(t, { title: `All about ${term}`, published_at: day(1) });
    await createBlogPost(t, { title: `Draft about ${term}`, status: 'draft' });
    const page = await get<Page>(`/api/blog/search?q=${term}&limit=10`);
    expect(titles(page)).toEqual([`All about ${term}`, 'Content only']);
  });

  it('finds words by their stem and ignores the HTML tags of the content', async () => {
    const term = word();
    await createBlogPost(t, { title: `Stepping ${term}`, content: '<strong class="x">rooted</strong>' });
    expect((await get<Page>(`/api/blog/search?q=${term}%20step`)).total).toBe(1);
    expect((await get<Page>(`/api/blog/search?q=${term}%20strong`)).total).toBe(0);
  });

  it('refuses an empty or blank search with a clear message', async () => {
    for (const q of ['', '%20%20']) {
      expect(await get(`/api/blog/search?q=${q}`, 400)).toMatchObject({ error: SEARCH_TERM_MESSAGE });
    }
    expect(await get('/api/blog/search', 400)).toMatchObject({ error: SEARCH_TERM_MESSAGE });
  });
});

describe('GET /api/blog/recent', () => {
  it('answers the newest published posts up to the limit', async () => {
    await createBlogPost(t, { title: 'Newest of all', published_at: new Date('2027-01-01T00:00:00Z') });
    const { posts } = await get<{ posts: BlogPostSummary[] }>('/api/blog/recent?limit=1');
    expect(posts.map((p) => p.title)).toEqual(['Newest of all']);
    expect(await get('/api/blog/recent?limit=21', 400)).toMatchObject({ error: 'Limit must be at most 20' });
  });
});
