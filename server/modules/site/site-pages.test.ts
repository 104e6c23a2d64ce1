import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { blogPostBody, createBlogPost } from '../blog/test/factories';
import { createAdmin } from '../../test/factories';
import { BLOG_PAGE_SIZE } from '../../../common/blog';

/* The server-rendered public pages: content, head, status codes and redirects, through HTTP. */

const BASE = 'https://school.example';
let t: TestApp;
let adminAuth: Record<string, string>;

const get = (url: string) => t.app.inject({ method: 'GET', url });
/** The JSON-LD blocks of a page. */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1];

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: BASE });
  adminAuth = (await createAdmin(t)).auth;
  const day = (n: number) => new Date(Date.UTC(2026, 9, n, 12));
  await createBlogPost(t, {
    title: 'Why every class begins with standing',
    slug: 'why-standing',
    excerpt: 'Zhan zhuang before forms.',
    content: '<h2>Song</h2><p>Relax the shoulders and let the weight sink.</p>',
    tags: ['practice', 'beginners'],
    banner_image: '/media/blog-banners/0f8fad5b-d9cb-469f-a165-70867728950e-1600x900.webp',
    published_at: day(3),
    created_at: day(1),
    updated_at: day(20),
  });
  await createBlogPost(t, {
    title: 'The five elements of Xingyiquan',
    slug: 'five-elements',
    tags: ['xingyiquan', 'practice'],
    published_at: day(5),
    created_at: day(5),
  });
  await createBlogPost(t, {
    title: 'Unfinished notes on Bagua',
    slug: 'bagua-draft',
    status: 'draft',
    tags: ['drafted'],
  });
  for (let i = 0; i < BLOG_PAGE_SIZE; i++)
    await createBlogPost(t, { title: `Training log ${i}`, tags: ['log'], published_at: day(i + 6) });
});
afterAll(async () => t?.close());

describe('the landing page', () => {
  it('is HTML with its title, description, canonical address and social tags', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body.startsWith('<!doctype html><html lang="en">')).toBe(true);
    expect(res.body).toContain(
      '<title>Redwood Internal Arts Foundation — Xingyiquan, Taijiquan and Baguazhang in Sonoma County</title>',
    );
    expect(res.body).toContain(`<link rel="canonical" href="${BASE}/">`);
    expect(meta(res.body, 'og:url')).toBe(`${BASE}/`);
    expect(meta(res.body, 'description')).toMatch(/nonprofit/i);
    expect(res.body).toContain(
      `<link rel="alternate" type="application/rss+xml" title="Redwood Internal Arts Foundation blog" href="${BASE}/blog/rss.xml">`,
    );
  });

  it('describes the school as an Organization and SportsActivityLocation with its hours', async () => {
    const [school] = jsonLd((await get('/')).body);
    expect(school).toMatchObject({
      '@context': 'https://schema.org',
      '@type': ['Organization', 'SportsActivityLocation'],
      name: 'Redwood Internal Arts Foundation',
      telephone: '(707) 555-0142',
      address: { '@type': 'PostalAddress', addressLocality: 'Santa Rosa', postalCode: '95407' },
    });
    expect(school!.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map(
          (d) => `https://schema.org/${d}`,
        ),
        opens: '12:00',
        closes: '20:00',
      },
    ]);
  });

  it('has its sections, links and offer, and the newest published posts', async () => {
    const { body } = await get('/');
    for (const id of ['home', 'about', 'research', 'vision']) expect(body).toContain(`id="${id}"`);
    expect(body).toContain('<footer');
    for (const href of ['/about', '/classes', '/blog', '/app', '/workshops'])
      expect(body).toContain(`href="${href}"`);
    expect(body).toMatch(/>E-Learning</);
    expect(body).toMatch(/>Book Session</);
    expect(body).toContain('The first week is free for in-person courses.');
    expect(body).toContain('Training log 9');
    expect(body).not.toContain('Unfinished notes on Bagua');
    expect(body).toContain('Monday-Friday');
    expect(body).toContain('12PM-8PM');
  });

  it('hydrates only its islands, whose props are in the page', async () => {
    const { body } = await get('/');
    expect(body).toContain('data-island="testimonial-carousel"');
    expect(body).toContain('data-island="testimonial-form"');
    expect(body).toContain('data-island="color-scheme-toggle"');
    expect(body).not.toContain('data-island="share-button"');
  });
});

describe('the about page', () => {
  it('has the story, the method, the team, podcasts cut at 120 characters, press, links, contact and vision', async () => {
    const res = await get('/about');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<link rel="canonical" href="${BASE}/about">`);
    for (const text of [
      'Our story',
      'Questioning',
      'Scaffolding',
      'Standardizing',
      'Leadership team',
      'Podcasts',
      'In the press',
      'Contact',
      'Vision',
    ])
      expect(res.body).toContain(text);
    expect(res.body).toContain('Read more');
    for (const href of ['/classes', '/app', '/blog']) expect(res.body).toContain(`href="${href}"`);
    expect(res.body).toContain('hello@redwoodinternalarts.org');
  });
});

describe('the blog list', () => {
  it('lists published posts, newest first, ten a page, with tag counts', async () => {
    const first = await get('/blog');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Training log 9');
    expect(first.body).not.toContain('Why every class begins with standing');
    expect(first.body).toContain('Page 1 of 2');
    expect(first.body).toMatch(/practice(<!-- -->)? <span class="kw-count">2<\/span>/);
    expect(first.body).not.toContain('drafted');
    const second = await get('/blog?page=2');
    expect(second.body).toContain('Why every class begins with standing');
    expect(second.body).toContain(`<link rel="canonical" href="${BASE}/blog?page=2">`);
  });

  it('narrows by every chosen tag and by a search, each with an address and a way back', async () => {
    const tagged = await get('/blog?tags=practice,beginners');
    expect(tagged.body).toContain('Why every class begins with standing');
    expect(tagged.body).not.toContain('The five elements of Xingyiquan');
    expect(tagged.body).toContain('Clear all filters');
    expect(meta(tagged.body, 'robots')).toBe('noindex');
    const searched = await get('/blog?q=xingyiquan');
    expect(searched.body).toContain('The five elements of Xingyiquan');
    expect(searched.body).not.toContain('Training log');
  });

  it("says 'No blog posts found' when nothing matches, and survives any query", async () => {
    const none = await get('/blog?q=nothing-like-this-at-all');
    expect(none.statusCode).toBe(200);
    expect(none.body).toContain('No blog posts found');
    for (const query of ['?page=-4', '?page=abc', '?tags=,,,', `?q=${'x'.repeat(5000)}`, '?tags[]=a&q[]=b'])
      expect((await get(`/blog${query}`)).statusCode).toBe(200);
  });
});

describe('a blog post', () => {
  it('shows the post with its head: description, article tags, banner as the preview image, BlogPosting', async () => {
    const res = await get('/blog/why-standing');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1 class="kw-display">Why every class begins with standing</h1>');
    expect(res.body).toContain('<h2>Song</h2>');
    expect(meta(res.body, 'og:type')).toBe('article');
    expect(meta(res.body, 'og:image')).toBe(
      `${BASE}/media/blog-banners/0f8fad5b-d9cb-469f-a165-70867728950e-1600x900.webp`,
    );
    expect(meta(res.body, 'twitter:card')).toBe('summary_large_image');
    expect(res.body).toMatch(/<img class="kw-article-banner"[^>]* width="1600" height="900"/);
    expect(jsonLd(res.body)[0]).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Why every class begins with standing',
      mainEntityOfPage: `${BASE}/blog/why-standing`,
    });
  });

  it('shows the last-updated date only when it differs from the published one', async () => {
    expect((await get('/blog/why-standing')).body).toContain('Last updated');
    expect((await get('/blog/five-elements')).body).not.toContain('Last updated');
  });

  it("answers 404 'Post Not Found' for a draft or an unknown slug, kept out of search engines", async () => {
    for (const slug of ['bagua-draft', 'no-such-post']) {
      const res = await get(`/blog/${slug}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Post Not Found');
      expect(meta(res.body, 'robots')).toBe('noindex');
    }
  });

  it('moves a renamed slug with a 301, and shows a newly published post at once', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blog/post',
      headers: adminAuth,
      payload: blogPostBody({ title: 'Rooting </script><script>alert(1)</script>' }),
    });
    expect(created.statusCode).toBe(201);
    const post = created.json<{ post: { id: string; slug: string } }>().post;
    const page = await get(`/blog/${post.slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect((await get('/blog?tags=taijiquan')).body).toContain(`href="/blog/${post.slug}"`);

    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/blog/post/${post.id}`,
      headers: adminAuth,
      payload: blogPostBody({ title: 'Rooting', slug: 'rooting' }),
    });
    expect(renamed.statusCode).toBe(200);
    const old = await get(`/blog/${post.slug}`);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/blog/rooting');
  });
});

describe('who asks', () => {
  it('gets the same public page signed in or not, as the pages are kept for everyone alike', async () => {
    for (const url of ['/', '/about', '/blog', '/blog/why-standing']) {
      const anonymous = await get(url);
      const signedIn = await t.app.inject({ method: 'GET', url, headers: adminAuth });
      expect(signedIn.statusCode, url).toBe(anonymous.statusCode);
      expect(signedIn.body, url).toBe(anonymous.body);
    }
  });
});

describe('other paths', () => {
  it('sends an unknown page to / and leaves the API and the app their own answers', async () => {
    const unknown = await get('/no/such/page');
    expect(unknown.statusCode).toBe(302);
    expect(unknown.headers.location).toBe('/');
    expect((await get('/api/no-such-call')).statusCode).toBe(404);
    expect((await get('/app/courses')).statusCode).not.toBe(302);
  });
});
