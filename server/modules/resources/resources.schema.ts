import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { RESOURCE_TYPES } from '../../../common/resources';
import { tsvector } from '../../db/schema/columns';
import { oneOf } from '../../db/schema/one-of';
import { titleSearchDocument } from '../../db/schema/title-search';

/** What resource search reads: the title weighs most, then the description and author, then the text. */
const resourceSearchDocument = sql`setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(description, '') || ' ' || coalesce(author, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(content, '')), 'C')`;

/**
 * A learning resource: a blog text, a video or an audio recording. `related_courses` holds course
 * ids without a foreign key (an array cannot have one): a deleted course simply stops being
 * listed, as the reads join the courses that still exist.
 */
export const resources = pgTable(
  'resources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: RESOURCE_TYPES }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    author: text('author').notNull(),
    content: text('content').notNull().default(''),
    video_url: text('video_url'),
    audio_url: text('audio_url'),
    thumbnail: text('thumbnail'),
    duration: text('duration').notNull().default(''),
    is_published: boolean('is_published').notNull().default(true),
    related_courses: uuid('related_courses')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    view_count: integer('view_count').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search').generatedAlwaysAs(resourceSearchDocument),
    title_search: tsvector('title_search').generatedAlwaysAs(titleSearchDocument(sql`title`)),
  },
  (t) => [
    check('resources_type_check', oneOf(t.type, RESOURCE_TYPES)),
    // Matches ORDER BY created_at DESC, id DESC of the lists, filtered by publication and type.
    index('resources_published_created_idx').on(
      t.is_published,
      t.created_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('resources_type_created_idx').on(
      t.type,
      t.created_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('resources_author_idx').on(t.author),
    index('resources_related_courses_idx').using('gin', t.related_courses),
    index('resources_search_idx').using('gin', t.search),
    // The global search's typo-tolerant title match (pg_trgm, migration 0019).
    index('resources_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('resources_title_search_idx').using('gin', t.title_search),
  ],
);
