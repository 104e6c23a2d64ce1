import {
  DEFAULT_BLOG_AUTHOR,
  BLOG_FEED_SIZE,
  BLOG_POST_NOT_FOUND,
  CONTENT_REQUIRED,
  firstFreeSlug,
  SLUG_TAKEN_MESSAGE,
  slugify,
  type BlogPost,
  type BlogPostsResponse,
  type BlogPostSummary,
  type BlogStats,
  type BlogTag,
  type ParsedBlogPostInput,
} from '../../../common/blog';
import { badRequest, conflict, notFound, registerConstraintAnswers } from '../../platform/errors';
import type { Platform } from '../../platform';
import type { MediaRegistry } from '../uploads/uploads.service';
import { createReadCache } from '../../platform/read-cache';
import { createBlogRepo, type BlogPostRow, type BlogSummaryRow, type PostFilter } from './blog.repo';
import { hasVisibleContent, sanitizeContent } from './blog.sanitize';

/** Where the instances tell each other that the blog changed, so each forgets its cached reads. */
const BLOG_CHANNEL = 'blog_changed';

/** Attempts at a free slug when concurrent creations keep taking the one found. */
const SLUG_ATTEMPTS = 20;

/** The sitemap protocol's limit of addresses in one file. */
const SITEMAP_MAX_POSTS = 49_000;

// An explicit slug that another post holds, even when two saves race for it.
registerConstraintAnswers({
  blog_posts_slug_key: { message: SLUG_TAKEN_MESSAGE, code: 'SLUG_TAKEN', field: 'slug' },
});

const postNotFound = () => notFound(BLOG_POST_NOT_FOUND, 'BLOG_POST_NOT_FOUND');

/** An upload to the blog's folders, wherever it is named: a URL, an img src, a media item. */
const BLOG_FILE =
  /blog-(?:banners|content)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:-\d+x\d+)?(?:-\d+w)?\.[a-z0-9]+/g;

/** The uploaded files a post refers to, by the public id of their main file (not a variant). */
export function uploadedFilesOf(post: Pick<BlogPostRow, 'banner_image' | 'content' | 'media'>): Set<string> {
  const text = [post.banner_image ?? '', post.content, ...post.media.map((item) => item.url)].join('\n');
  return new Set([...text.matchAll(BLOG_FILE)].map(([id]) => id.replace(/-\d+w\.webp$/, '.webp')));
}

function toSummary(row: BlogSummaryRow): BlogPostSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    author: row.author,
    banner_image: row.banner_image,
    meta_description: row.meta_description,
    status: row.status,
    tags: row.tags,
    media: row.media,
    media_urls: row.media.map((item) => item.url),
    media_types: row.media.map((item) => item.type),
    published_at: row.published_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const toPost = (row: BlogPostRow): BlogPost => ({ ...toSummary(row), content: row.content });

export type PublishedPost = { post: BlogPost } | { redirectTo: string };

export interface PublishedQuery {
  limit: number;
  offset: number;
  tags?: string[];
  q?: string;
}

export interface BlogDeps {
  /** Uploads: a banner, image or video goes once no post shows it. */
  files?: MediaRegistry;
  /** Who a post is by when the editor names nobody: the school (its settings' name). */
  schoolName?: () => Promise<string>;
}

export function createBlogService(platform: Platform, deps: BlogDeps = {}) {
  const repo = createBlogRepo(platform.db);
  const files = deps.files?.register({
    folders: ['blog-banners', 'blog-content'],
    uses: (publicId) => repo.fileUses(publicId),
  });
  const cacheOptions = { clock: platform.clock, ttlMs: platform.config.CATALOGUE_CACHE_SECONDS * 1000 };
  const lists = createReadCache<BlogPostsResponse>(cacheOptions);
  const posts = createReadCache<PublishedPost | null>(cacheOptions);
  const tags = createReadCache<BlogTag[]>(cacheOptions);
  const feed = createReadCache<BlogPost[]>(cacheOptions);

  function forget() {
    lists.clear();
    posts.clear();
    tags.clear();
    feed.clear();
  }

  /** After a write: this instance forgets at once, the others when the event reaches them. */
  async function changed() {
    forget();
    await platform.events
      .publish(BLOG_CHANNEL, null)
      .catch((error: unknown) => platform.log.warn({ err: error }, 'could not tell the other instances'));
  }

  async function load(id: string): Promise<BlogPostRow> {
    const row = await repo.find(id);
    if (!row) throw postNotFound();
    return row;
  }

  /** The content as stored; what sanitising empties (a lone script) counts as no content. */
  function cleanContent(html: string): string {
    const content = sanitizeContent(html);
    if (!hasVisibleContent(content))
      throw badRequest(CONTENT_REQUIRED, 'VALIDATION_ERROR', [
        { path: 'content', message: CONTENT_REQUIRED },
      ]);
    return content;
  }

  /** Drops the uploads `before` named that `after` no longer does, unless another post shows them. */
  async function discardDropped(before: Set<string>, after: Set<string>) {
    if (!files) return;
    for (const publicId of before) {
      if (!after.has(publicId)) await files.release(publicId);
    }
  }

  const freeSlug = async (title: string, excludeId: string | null) => {
    const base = slugify(title);
    return firstFreeSlug(base, await repo.takenSlugs(base, excludeId));
  };

  async function fieldsOf(input: ParsedBlogPostInput, content: string) {
    return {
      title: input.title,
      excerpt: input.excerpt,
      content,
      author: input.author || (await deps.schoolName?.()) || DEFAULT_BLOG_AUTHOR,
      meta_description: input.meta_description,
      banner_image: input.banner_image,
      status: input.status,
      tags: input.tags,
      media: input.media,
    };
  }

  async function listPublished(query: PublishedQuery): Promise<BlogPostsResponse> {
    const filter: PostFilter = { status: 'published', tags: query.tags, q: query.q };
    const page = { limit: query.limit, offset: query.offset };
    return lists.get(JSON.stringify(['list', filter, page]), async () => {
      const { rows, total } = await repo.list(filter, page);
      return { posts: rows.map(toSummary), total };
    });
  }

  return {
    /** Hears the other instances' writes; resolves to the unsubscribe function. */
    listen: () => platform.events.subscribe(BLOG_CHANNEL, forget),

    // ------------------------------------------------------------ public reads (cached)

    /** Published posts, newest first (best match first with `q`), having every tag of `tags`. */
    listPublished,

    /** Each tag of the published posts with how many of them carry it. */
    tagCounts: (): Promise<BlogTag[]> => tags.get('tags', () => repo.tagCounts()),

    /**
     * A published post by its slug; an old slug of a published post gives the slug to redirect
     * to; anything else (a draft, nothing) is null.
     */
    findPublishedBySlug: (slug: string): Promise<PublishedPost | null> =>
      posts.get(slug, async () => {
        const row = await repo.findPublishedBySlug(slug);
        if (row) return { post: toPost(row) };
        const redirectTo = await repo.redirectOf(slug);
        return redirectTo ? { redirectTo } : null;
      }),

    async recent(limit: number): Promise<BlogPostSummary[]> {
      return (await listPublished({ limit, offset: 0 })).posts;
    },

    /** The newest published posts with their content, for the RSS feed. */
    feed: (): Promise<BlogPost[]> =>
      feed.get('feed', async () => (await repo.newestPublished(BLOG_FEED_SIZE)).map(toPost)),

    /** Every published post's slug and last change, for the sitemap. */
    sitemapEntries: () => repo.publishedSlugs(SITEMAP_MAX_POSTS),

    // ------------------------------------------------------------ administration

    async adminList(
      filter: { status?: 'all' | 'draft' | 'published'; tags?: string[]; search?: string },
      page: { limit: number; offset: number },
    ): Promise<BlogPostsResponse> {
      const { rows, total } = await repo.list(
        {
          status: filter.status === 'all' ? undefined : filter.status,
          tags: filter.tags,
          q: filter.search,
          titleContains: true,
        },
        page,
      );
      return { posts: rows.map(toSummary), total };
    },

    async stats(): Promise<BlogStats> {
      const row = await repo.stats();
      return { ...row, drafts: row.total_posts - row.published };
    },

    get: async (id: string): Promise<BlogPost> => toPost(await load(id)),

    /** The slug a post of this title would get now; `excludeId`'s own slugs count as free. */
    checkSlug: (title: string, excludeId: string | null) => freeSlug(title, excludeId),

    /**
     * A new post. Its slug is the one asked for (refused when another post has it) or the first
     * free one of its title's series; when a concurrent creation takes that one first, the next
     * is tried, so racing creations all succeed with distinct slugs.
     */
    async create(input: ParsedBlogPostInput): Promise<BlogPost> {
      const content = cleanContent(input.content);
      const now = platform.clock.now();
      const values = {
        ...(await fieldsOf(input, content)),
        published_at: input.status === 'published' ? now : null,
        created_at: now,
        updated_at: now,
      };
      const row = await platform.tx(async () => {
        if (input.slug) {
          const inserted = await repo.insert({ ...values, slug: input.slug });
          if (!inserted)
            throw conflict(SLUG_TAKEN_MESSAGE, 'SLUG_TAKEN', [{ path: 'slug', message: SLUG_TAKEN_MESSAGE }]);
          await repo.dropRedirect(input.slug);
          return inserted;
        }
        for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
          const slug = await freeSlug(input.title, null);
          const inserted = await repo.insert({ ...values, slug });
          if (inserted) return inserted;
        }
        throw conflict('Could not find a free slug for this title. Please try again.', 'SLUG_BUSY');
      });
      await changed();
      return toPost(row);
    },

    /**
     * Saves the whole post. The slug changes only when the editor names another one, or, for a
     * post never published, when its title changes (its slug was never public). Once published, a
     * slug it leaves keeps redirecting to it. published_at is set the first time it is published.
     */
    async update(id: string, input: ParsedBlogPostInput): Promise<BlogPost> {
      const current = await load(id);
      const content = cleanContent(input.content);
      const now = platform.clock.now();
      let slug = current.slug;
      if (input.slug) slug = input.slug;
      else if (!current.published_at && input.title !== current.title) slug = await freeSlug(input.title, id);
      const fields = await fieldsOf(input, content);
      const row = await platform.tx(async () => {
        const updated = await repo.update(id, {
          ...fields,
          slug,
          published_at: current.published_at ?? (input.status === 'published' ? now : null),
          updated_at: now,
        });
        if (!updated) throw postNotFound();
        if (slug !== current.slug) {
          await repo.dropRedirect(slug);
          if (current.published_at) await repo.addRedirect(current.slug, id, now);
        }
        return updated;
      });
      await changed();
      await discardDropped(uploadedFilesOf(current), uploadedFilesOf(row));
      return toPost(row);
    },

    /** Deletes a post and the uploads only it showed. */
    async remove(id: string): Promise<void> {
      const row = await platform.tx(() => repo.remove(id));
      if (!row) throw postNotFound();
      await changed();
      await discardDropped(uploadedFilesOf(row), new Set());
    },
  };
}
export type BlogService = ReturnType<typeof createBlogService>;
