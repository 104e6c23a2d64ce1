import type { FastifyInstance } from 'fastify';
import { DEFAULT_BLOG_AUTHOR } from '../../../common/blog';
import type { BlogService } from './blog.service';

/** The public pages every sitemap lists, besides the posts. */
export const STATIC_PAGES = ['/', '/about', '/classes', '/workshops', '/blog'] as const;

/** Feeds change when a post does; readers and crawlers may keep them a few minutes. */
const CACHE_CONTROL = 'public, max-age=300';

/** Characters XML 1.0 cannot carry at all, even escaped. */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

export const escapeXml = (text: string) =>
  text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** HTML inside CDATA, which ends only at `]]>`: split there. */
const cdata = (html: string) =>
  `<![CDATA[${html.replace(NOT_XML, '').replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

/** Our own media addresses in a post made absolute, since a feed reader has no base of ours. */
const absoluteMedia = (html: string, base: string) =>
  html.replace(/(\s(?:src|href)=")\/media\//g, `$1${base}/media/`);

export interface FeedOptions {
  /** The site's own address, without a trailing slash (PUBLIC_URL). */
  baseUrl: string;
  /** The school's name, as its settings give it; the blog's author otherwise. */
  siteName?: () => Promise<string>;
}

export async function rss(blog: BlogService, { baseUrl, siteName }: FeedOptions): Promise<string> {
  const [posts, name] = await Promise.all([blog.feed(), siteName?.() ?? DEFAULT_BLOG_AUTHOR]);
  const items = posts.map((post) => {
    const link = `${baseUrl}/blog/${encodeURIComponent(post.slug)}`;
    return [
      '<item>',
      `<title>${escapeXml(post.title)}</title>`,
      `<link>${escapeXml(link)}</link>`,
      `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `<pubDate>${new Date(post.published_at ?? post.created_at).toUTCString()}</pubDate>`,
      `<dc:creator>${escapeXml(post.author)}</dc:creator>`,
      ...post.tags.map((tag) => `<category>${escapeXml(tag)}</category>`),
      `<description>${escapeXml(post.excerpt)}</description>`,
      `<content:encoded>${cdata(absoluteMedia(post.content, baseUrl))}</content:encoded>`,
      '</item>',
    ].join('');
  });
  const newest = posts[0]?.updated_at;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    `<title>${escapeXml(`${name} — Blog`)}</title>`,
    `<link>${escapeXml(`${baseUrl}/blog`)}</link>`,
    `<description>${escapeXml(`Articles and teachings from ${name}`)}</description>`,
    '<language>en-us</language>',
    `<atom:link href="${escapeXml(`${baseUrl}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [`<lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>`] : []),
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

export async function sitemap(blog: BlogService, { baseUrl }: FeedOptions): Promise<string> {
  const posts = await blog.sitemapEntries();
  const newest = posts.reduce<Date | null>(
    (latest, post) => (!latest || post.updated_at > latest ? post.updated_at : latest),
    null,
  );
  const url = (path: string, lastmod?: Date | null) =>
    `<url><loc>${escapeXml(`${baseUrl}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...STATIC_PAGES.map((path) => url(path, path === '/blog' ? newest : null)),
    ...posts.map((post) => url(`/blog/${encodeURIComponent(post.slug)}`, post.updated_at)),
    '</urlset>',
    '',
  ].join('\n');
}

export const robots = ({ baseUrl }: FeedOptions) =>
  [
    'User-agent: *',
    'Allow: /',
    'Disallow: /app',
    'Disallow: /api',
    '',
    `Sitemap: ${baseUrl}/sitemap.xml`,
    '',
  ].join('\n');

/**
 * The feeds crawlers and readers fetch from the site's root, outside /api: the blog's RSS, the
 * sitemap and robots.txt. Public, with no session lookup; absolute links use PUBLIC_URL.
 */
export function registerBlogFeeds(app: FastifyInstance, blog: BlogService, options: FeedOptions): void {
  const schema = { hide: true };
  app.get('/blog/rss.xml', { schema }, async (_request, reply) =>
    reply
      .type('application/rss+xml; charset=utf-8')
      .header('cache-control', CACHE_CONTROL)
      .send(await rss(blog, options)),
  );
  app.get('/sitemap.xml', { schema }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CACHE_CONTROL)
      .send(await sitemap(blog, options)),
  );
  app.get('/robots.txt', { schema }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CACHE_CONTROL).send(robots(options)),
  );
}
