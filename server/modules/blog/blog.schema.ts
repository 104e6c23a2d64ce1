import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { BLOG_POST_STATUSES, type BlogMediaItem } from '../../../common/blog';
import { tsvector } from '../../db/schema/columns';
import { oneOf } from '../../db/schema/one-of';
import { titleSearchDocument } from '../../db/schema/title-search';

/**
 * What full-text search reads: the title weighs most, then the excerpt, then the content with its
 * HTML tags taken out. A generated column, so it can never disagree with the row.
 */
const searchDocument = sql`setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(excerpt, '')), 'B') || setweight(to_tsvector('english'::regconfig, regexp_replace(coalesce(content, ''), '<[^>]*>', ' ', 'g')), 'C')`;

/**
 * A blog post. Tags live on the row as a lowercase text[] (GIN-indexed): a list of posts and its
 * tags is one read, and "every one of these tags" is `tags @> …` (docs/decisions/0018-blog.md).
 */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    /** Sanitised HTML: only the tags and addresses the sanitiser allows are ever stored. */
    content: text('content').notNull(),
    author: text('author').notNull(),
    banner_image: text('banner_image'),
    meta_description: text('meta_description').notNull().default(''),
    status: text('status', { enum: BLOG_POST_STATUSES }).notNull().default('draft'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The gallery, in order: `{ url, type, caption }[]`. */
    media: jsonb('media').$type<BlogMediaItem[]>().notNull().default([]),
    /** Set the first time the post is published, and kept: its slug is public from then on. */
    published_at: timestamp('published_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search').generatedAlwaysAs(searchDocument),
    title_search: tsvector('title_search').generatedAlwaysAs(titleSearchDocument(sql`title`)),
  },
  (t) => [
    uniqueIndex('blog_posts_slug_key').on(t.slug),
    // Matches ORDER BY published_at DESC, id DESC (nulls first, PostgreSQL's default for DESC).
    index('blog_posts_status_published_idx').on(
      t.status,
      t.published_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('blog_posts_tags_idx').using('gin', t.tags),
    index('blog_posts_search_idx').using('gin', t.search),
    // The global search's typo-tolerant title match (pg_trgm, migration 0019).
    index('blog_posts_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('blog_posts_title_search_idx').using('gin', t.title_search),
    check('blog_posts_status_check', oneOf(t.status, BLOG_POST_STATUSES)),
  ],
);

/** Slugs a post had before: each answers with a redirect to the post's current one. */
export const blogSlugRedirects = pgTable(
  'blog_slug_redirects',
  {
    old_slug: text('old_slug').primaryKey(),
    post_id: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('blog_slug_redirects_post_idx').on(t.post_id)],
);
