import {
  and,
  arrayContains,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';
import { blogPosts, blogSlugRedirects } from '../../db/schema';

export type BlogPostRow = Omit<typeof blogPosts.$inferSelect, 'search'>;
export type BlogSummaryRow = Omit<BlogPostRow, 'content'>;
export type NewBlogPost = Omit<typeof blogPosts.$inferInsert, 'id' | 'search'>;

const { search: _search, ...postColumns } = getTableColumns(blogPosts);
const { content: _content, ...summaryColumns } = postColumns;

interface Page {
  limit: number;
  offset: number;
}

export interface PostFilter {
  status?: 'draft' | 'published';
  /** Posts having every one of these tags. */
  tags?: string[];
  /** Full-text search (websearch syntax); the best matches come first. */
  q?: string;
  /** Also matches titles containing the text as typed, for the admin's search box. */
  titleContains?: boolean;
}

const published = eq(blogPosts.status, 'published');
const query = (q: string) => sql`websearch_to_tsquery('english', ${q})`;

/** Slugs that start a numbered series: `base` itself, or `base-<anything>`. */
const inSeries = (column: typeof blogPosts.slug | typeof blogSlugRedirects.old_slug, base: string) =>
  or(eq(column, base), sql`${column} like ${`${base}-%`}`);

export function createBlogRepo(db: Db) {
  function whereOf(filter: PostFilter): SQL | undefined {
    const matches = filter.q ? sql`${blogPosts.search} @@ ${query(filter.q)}` : undefined;
    return and(
      filter.status ? eq(blogPosts.status, filter.status) : undefined,
      filter.tags?.length ? arrayContains(blogPosts.tags, filter.tags) : undefined,
      filter.q && filter.titleContains
        ? or(matches, ilike(blogPosts.title, containsPattern(filter.q)))
        : matches,
    );
  }

  return {
    /**
     * One page of posts without their content, and how many match. Searches rank by ts_rank;
     * otherwise (and between equal ranks) the newest published, then created, come first, with
     * the id as the last tie-breaker so pages never overlap.
     */
    async list(filter: PostFilter, page: Page): Promise<{ rows: BlogSummaryRow[]; total: number }> {
      const where = whereOf(filter);
      // Published posts all have published_at, so their order is the index's own.
      const newest =
        filter.status === 'published'
          ? desc(blogPosts.published_at)
          : desc(sql`coalesce(${blogPosts.published_at}, ${blogPosts.created_at})`);
      const order = [
        ...(filter.q ? [desc(sql`ts_rank(${blogPosts.search}, ${query(filter.q)})`)] : []),
        newest,
        desc(blogPosts.id),
      ];
      const [rows, [total]] = await Promise.all([
        db
          .select(summaryColumns)
          .from(blogPosts)
          .where(where)
          .orderBy(...order)
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(blogPosts).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The newest published posts with their content (the feed). */
    async newestPublished(limit: number): Promise<BlogPostRow[]> {
      return db
        .select(postColumns)
        .from(blogPosts)
        .where(published)
        .orderBy(desc(blogPosts.published_at), desc(blogPosts.id))
        .limit(limit);
    },

    /** Every published post's address and last change (the sitemap). */
    async publishedSlugs(limit: number) {
      return db
        .select({ slug: blogPosts.slug, updated_at: blogPosts.updated_at })
        .from(blogPosts)
        .where(published)
        .orderBy(desc(blogPosts.published_at), desc(blogPosts.id))
        .limit(limit);
    },

    /**
     * The posts that refer to a file — as their banner, in their content (the main file or a
     * variant) or in their gallery — as uploads asks (a select of `place`). Every name of a file
     * contains its public id without the extension.
     */
    fileUses(publicId: string): SQL {
      const named = `%${publicId.replace(/\.[^./]+$/, '')}%`;
      return sql`select 'blog post "' || ${blogPosts.title} || '"' as place from ${blogPosts}
        where ${blogPosts.banner_image} like ${named} or ${blogPosts.content} like ${named} or ${blogPosts.media}::text like ${named}`;
    },

    async find(id: string): Promise<BlogPostRow | undefined> {
      const [row] = await db.select(postColumns).from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
      return row;
    },

    async findPublishedBySlug(slug: string): Promise<BlogPostRow | undefined> {
      const [row] = await db
        .select(postColumns)
        .from(blogPosts)
        .where(and(eq(blogPosts.slug, slug), published))
        .limit(1);
      return row;
    },

    /** The current slug of the published post that once had `oldSlug`. */
    async redirectOf(oldSlug: string): Promise<string | undefined> {
      const [row] = await db
        .select({ slug: blogPosts.slug })
        .from(blogSlugRedirects)
        .innerJoin(blogPosts, eq(blogPosts.id, blogSlugRedirects.post_id))
        .where(and(eq(blogSlugRedirects.old_slug, oldSlug), published))
        .limit(1);
      return row?.slug;
    },

    /**
     * The slugs of `base`'s series that are taken, by current posts and by old slugs that still
     * redirect, apart from those of post `excludeId` (it may take its own back).
     */
    async takenSlugs(base: string, excludeId: string | null): Promise<Set<string>> {
      const [current, old] = await Promise.all([
        db
          .select({ slug: blogPosts.slug })
          .from(blogPosts)
          .where(and(inSeries(blogPosts.slug, base), excludeId ? ne(blogPosts.id, excludeId) : undefined)),
        db
          .select({ slug: blogSlugRedirects.old_slug })
          .from(blogSlugRedirects)
          .where(
            and(
              inSeries(blogSlugRedirects.old_slug, base),
              excludeId ? ne(blogSlugRedirects.post_id, excludeId) : undefined,
            ),
          ),
      ]);
      return new Set([...current, ...old].map((row) => row.slug));
    },

    /** Inserts the post; undefined when its slug was taken meanwhile (the unique index decides). */
    async insert(values: NewBlogPost): Promise<BlogPostRow | undefined> {
      const [row] = await db
        .insert(blogPosts)
        .values(values)
        .onConflictDoNothing({ target: blogPosts.slug })
        .returning(postColumns);
      return row;
    },

    async update(id: string, values: Partial<NewBlogPost>): Promise<BlogPostRow | undefined> {
      const [row] = await db.update(blogPosts).set(values).where(eq(blogPosts.id, id)).returning(postColumns);
      return row;
    },

    async remove(id: string): Promise<BlogPostRow | undefined> {
      const [row] = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning(postColumns);
      return row;
    },

    /** `oldSlug` now answers for post `postId`; an old slug is the latest owner's. */
    async addRedirect(oldSlug: string, postId: string, at: Date): Promise<void> {
      await db
        .insert(blogSlugRedirects)
        .values({ old_slug: oldSlug, post_id: postId, created_at: at })
        .onConflictDoUpdate({ target: blogSlugRedirects.old_slug, set: { post_id: postId, created_at: at } });
    },

    /** A slug a post takes as its own stops redirecting anywhere. */
    async dropRedirect(slug: string): Promise<void> {
      await db.delete(blogSlugRedirects).where(eq(blogSlugRedirects.old_slug, slug));
    },

    /** Each tag of the published posts with how many use it, the most used first. */
    async tagCounts(): Promise<{ tag_name: string; post_count: number }[]> {
      const tag = sql<string>`tag`;
      return db
        .select({ tag_name: tag, post_count: sql<number>`count(*)`.mapWith(Number) })
        .from(sql`${blogPosts}, unnest(${blogPosts.tags}) as tag`)
        .where(published)
        .groupBy(tag)
        .orderBy(desc(sql`count(*)`), tag);
    },

    async stats() {
      const [row] = await db
        .select({
          total_posts: count(),
          published: sql<number>`count(*) filter (where ${published})`.mapWith(Number),
          categories:
            sql<number>`(select count(distinct tag) from ${blogPosts}, unnest(${blogPosts.tags}) as tag)`.mapWith(
              Number,
            ),
        })
        .from(blogPosts);
      return row!;
    },
  };
}
export type BlogRepo = ReturnType<typeof createBlogRepo>;
