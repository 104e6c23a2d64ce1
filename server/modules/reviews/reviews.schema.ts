import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/schema/columns';
import { courses } from '../courses/courses.schema';
import { users } from '../users/users.schema';

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    course_id: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    review_text: text('review_text').notNull().default(''),
    is_published: boolean('is_published').notNull().default(true),
    is_verified: boolean('is_verified').notNull().default(false),
    helpful_count: integer('helpful_count').notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_user_course_key').on(t.user_id, t.course_id),
    index('reviews_course_idx').on(t.course_id, t.created_at),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

export const reviewHelpfulVotes = pgTable(
  'review_helpful_votes',
  {
    review_id: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.review_id, t.user_id] }),
    index('review_helpful_votes_user_idx').on(t.user_id),
  ],
);
