import { BLOG_PAGE_SIZE } from '../../../common/blog';
import { calendarClass, CLASSES_PAGE_TESTIMONIALS, type Class } from '../../../common/classes';
import { schoolDate } from '../../../common/school-time';
import type { SitePost, SitePostSummary } from '../../../web/site/blog/types';
import { renderSiteBody, type SitePage } from '../../../web/site/render';
import type { CarouselTestimonial } from '../../../web/site/testimonials/testimonial-carousel';
import type { SiteSchool } from '../../../web/site/types';
import { publicUrl } from '../../config';
import { createReadCache } from '../../platform/read-cache';
import type { Platform } from '../../platform';
import type { SiteAssets } from './site-assets';
import { renderDocument, type PageHead } from './site-document';
import { classesHead, landingHead, postHead, simpleHead } from './site-head';

/** What the public pages read, from the domains that own it (wired in server/modules/index.ts). */
export interface SiteSources {
  school(): Promise<SiteSchool>;
  featuredTestimonials(limit: number): Promise<CarouselTestimonial[]>;
  /** The newest approved testimonials, featured or not. */
  testimonials(limit: number): Promise<CarouselTestimonial[]>;
  /** The published weekly classes. */
  classes(): Promise<Class[]>;
  posts(query: { limit: number; offset: number; tags: string[]; q: string }): Promise<{
    posts: SitePostSummary[];
    total: number;
  }>;
  tags(): Promise<{ tag_name: string; post_count: number }[]>;
  post(slug: string): Promise<{ post: SitePost } | { redirectTo: string } | null>;
}

export type SiteAnswer = { status: 200 | 404; html: string } | { status: 301; location: string };

/**
 * The landing page's strips: as many featured testimonials as the featured list answers by
 * default, and the newest posts.
 */
export const LANDING_TESTIMONIALS = 5;
export const LANDING_POSTS = 3;
/** Rendered pages are kept this long; any write through the API forgets them sooner. */
export const SITE_PAGE_CACHE_MS = 10_000;
const SEARCH_MAX = 200;
const TAGS_MAX = 10;

/** The blog list's state from its query string, bounded and normalised. */
export function readBlogQuery(query: Record<string, unknown>) {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const q = text(query.q).trim().slice(0, SEARCH_MAX);
  const tags = [
    ...new Set(
      text(query.tags)
        .split(',')
        .map((tag) => tag.trim().toLowerCase())
        .filter(Boolean),
    ),
  ].slice(0, TAGS_MAX);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(text(query.page), 10) || 1));
  return { q, tags, page };
}

export function createSiteService(platform: Platform, sources: SiteSources, assets: SiteAssets) {
  const base = publicUrl(platform.config);
  const timeZone = platform.config.SCHOOL_TIMEZONE;
  const cache = createReadCache<SiteAnswer>({
    clock: platform.clock,
    ttlMs: SITE_PAGE_CACHE_MS,
    maxEntries: 500,
  });

  async function page(
    path: string,
    head: PageHead,
    body: SitePage,
    status: 200 | 404 = 200,
  ): Promise<SiteAnswer> {
    const school = await sources.school();
    const html = renderDocument(head, renderSiteBody(body, school, path), assets, {
      name: school.name,
      rssUrl: `${base}/blog/rss.xml`,
    });
    return { status, html };
  }

  async function landing(): Promise<SiteAnswer> {
    const [school, testimonials, recent] = await Promise.all([
      sources.school(),
      sources.featuredTestimonials(LANDING_TESTIMONIALS).catch((error: unknown) => {
        // The strip says it could not load them; the rest of the page stands.
        platform.log.warn({ err: error }, 'featured testimonials could not be read');
        return null;
      }),
      sources.posts({ limit: LANDING_POSTS, offset: 0, tags: [], q: '' }),
    ]);
    return page('/', landingHead(school, base), {
      kind: 'landing',
      props: { testimonials, posts: recent.posts },
    });
  }

  async function about(): Promise<SiteAnswer> {
    const school = await sources.school();
    return page(
      '/about',
      simpleHead(
        `About — ${school.name}`,
        `The story, teaching method and instructors of ${school.name}, a nonprofit school of Xingyiquan, Taijiquan and Baguazhang.`,
        `${base}/about`,
      ),
      { kind: 'about' },
    );
  }

  async function blogList(query: Record<string, unknown>): Promise<SiteAnswer> {
    const { q, tags: selectedTags, page: pageNumber } = readBlogQuery(query);
    const [school, result, tags] = await Promise.all([
      sources.school(),
      sources.posts({
        limit: BLOG_PAGE_SIZE,
        offset: (pageNumber - 1) * BLOG_PAGE_SIZE,
        tags: selectedTags,
        q,
      }),
      sources.tags(),
    ]);
    const filtered = q !== '' || selectedTags.length > 0;
    return page(
      '/blog',
      simpleHead(
        pageNumber > 1 ? `Blog, page ${pageNumber} — ${school.name}` : `Blog — ${school.name}`,
        `Training notes, history and research from the instructors of ${school.name}.`,
        pageNumber > 1 && !filtered ? `${base}/blog?page=${pageNumber}` : `${base}/blog`,
        filtered,
      ),
      {
        kind: 'blog-list',
        props: { posts: result.posts, total: result.total, page: pageNumber, q, selectedTags, tags },
      },
    );
  }

  async function blogPost(slug: string): Promise<SiteAnswer> {
    const [school, found] = await Promise.all([sources.school(), sources.post(slug)]);
    if (found && 'redirectTo' in found) return { status: 301, location: `/blog/${found.redirectTo}` };
    if (!found)
      return page(
        `/blog/${slug}`,
        simpleHead(`Post Not Found — ${school.name}`, 'Blog post not found.', `${base}/blog`, true),
        { kind: 'post-not-found' },
        404,
      );
    return page(`/blog/${found.post.slug}`, postHead(found.post, school, base), {
      kind: 'blog-post',
      props: { post: found.post, url: `${base}/blog/${found.post.slug}` },
    });
  }

  /** What a page shows when a source fails: a note where it would be, and the rest of the page. */
  const orNull = <T>(what: string, read: Promise<T>): Promise<T | null> =>
    read.catch((error: unknown) => {
      platform.log.warn({ err: error }, `${what} could not be read`);
      return null;
    });

  async function classes(): Promise<SiteAnswer> {
    const [school, list, testimonials] = await Promise.all([
      sources.school(),
      orNull('the published classes', sources.classes()),
      orNull('the testimonials', sources.testimonials(CLASSES_PAGE_TESTIMONIALS)),
    ]);
    return page('/classes', classesHead(school, list ?? [], base), {
      kind: 'classes',
      props: { classes: list, testimonials, timeZone },
    });
  }

  async function workshops(): Promise<SiteAnswer> {
    const [school, list] = await Promise.all([
      sources.school(),
      orNull('the published classes', sources.classes()),
    ]);
    return page(
      '/workshops',
      simpleHead(
        `Book a Session — ${school.name}`,
        `Book a group workshop or a 1-on-1 class at ${school.name}, and see the week's classes on the calendar.`,
        `${base}/workshops`,
      ),
      {
        kind: 'workshops',
        props: {
          today: schoolDate(platform.clock.now(), timeZone),
          timeZone,
          classes: list ? list.map(calendarClass) : null,
        },
      },
    );
  }

  /** A page reached by an e-mailed link: nobody else's, so neither kept nor indexed. */
  async function tokenPage(path: string, title: string, body: SitePage): Promise<SiteAnswer> {
    const school = await sources.school();
    return page(path, simpleHead(`${title} — ${school.name}`, title, `${base}${path}`, true), body);
  }

  return {
    landing: () => cache.get('/', landing),
    classes: () => cache.get('/classes', classes),
    workshops: () => cache.get('/workshops', workshops),
    classOffer: (token: string) =>
      tokenPage('/classes', 'Your seat in class', { kind: 'class-offer', props: { token, timeZone } }),
    manageBooking: (token: string) =>
      tokenPage('/workshops', 'Your booking', {
        kind: 'booking-manage',
        props: { token, today: schoolDate(platform.clock.now(), timeZone), timeZone },
      }),
    about: () => cache.get('/about', about),
    blogList: (query: Record<string, unknown>) => {
      const { q, tags, page: pageNumber } = readBlogQuery(query);
      return cache.get(`/blog?${JSON.stringify([q, tags, pageNumber])}`, () => blogList(query));
    },
    blogPost: (slug: string) => cache.get(`/blog/${slug}`, () => blogPost(slug)),
    /** After a change to anything the pages show. */
    forget: () => cache.clear(),
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
