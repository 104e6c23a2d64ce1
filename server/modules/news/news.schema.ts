import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { NEWS_STATUSES } from '../../../common/news';
import { tsvector } from '../../db/schema/columns';
import { oneOf } from '../../db/schema/one-of';
import { titleSearchDocument } from '../../db/schema/title-search';

/** What news search reads: the title weighs most, then the summary, then the body. */
const newsSearchDocument = sql`setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(body, '')), 'C')`;

/**
 * A news item of the school: plain text throughout (the body's line breaks are its paragraphs).
 * Tags keep the case they were typed in; `notified_at` is set once, by the guarded update that
 * e-mails the members about an important item, so they never get it twice.
 */
export const news = pgTable(
  'news',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    body: text('body').notNull(),
    author_name: text('author_name').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status', { enum: NEWS_STATUSES }).notNull().default('published'),
    thumbnail_url: text('thumbnail_url'),
    is_important: boolean('is_important').notNull().default(false),
    view_count: integer('view_count').notNull().default(0),
    notified_at: timestamp('notified_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search').generatedAlwaysAs(newsSearchDocument),
    title_search: tsvector('title_search').generatedAlwaysAs(titleSearchDocument(sql`title`)),
  },
  (t) => [
    check('news_status_check', oneOf(t.status, NEWS_STATUSES)),
    // Matches ORDER BY created_at DESC, id DESC of the lists, filtered by status.
    index('news_status_created_idx').on(t.status, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('news_tags_idx').using('gin', t.tags),
    index('news_search_idx').using('gin', t.search),
    // The global search's typo-tolerant title match (pg_trgm, migration 0019).
    index('news_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('news_title_search_idx').using('gin', t.title_search),
  ],
);
