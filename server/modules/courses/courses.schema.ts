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
  uuid,
  timestamp,
} from 'drizzle-orm/pg-core';
import { LESSON_TYPES, SKILL_LEVELS } from '../../../common/courses';
import { createdAt, tsvector, updatedAt } from '../../db/schema/columns';
import { oneOf } from '../../db/schema/one-of';
import { titleSearchDocument } from '../../db/schema/title-search';
import { users } from '../users/users.schema';

/** What the global search reads of a course: the title weighs most, then the summary, then its labels. */
const courseSearchDocument = sql`setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(category, '') || ' ' || coalesce(instructor_name, '')), 'C')`;

/**
 * What the global search reads of a lesson: its title (weight A, all a student outside the course
 * may match, as the outline shows it), then its text (weight C) — never a quiz's, whose JSON holds
 * the answers.
 */
const lessonSearchDocument = sql`setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, case when lesson_type = 'quiz' then '' else coalesce(content_text, '') end), 'C')`;

/** A course, or a series of teachings when is_series is set. Money is integer cents. */
export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    thumbnail_url: text('thumbnail_url'),
    instructor_name: text('instructor_name').notNull().default(''),
    instructor_avatar: text('instructor_avatar'),
    skill_level: text('skill_level', { enum: SKILL_LEVELS }).notNull().default('beginner'),
    category: text('category').notNull().default('General'),
    language: text('language').notNull().default('English'),
    estimated_hours: integer('estimated_hours').notNull().default(0),
    price_cents: integer('price_cents').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    /** One item a line, as the API sends them; the course page lists each line (learning objectives alike). */
    prerequisites: text('prerequisites').notNull().default(''),
    learning_objectives: text('learning_objectives').notNull().default(''),
    is_published: boolean('is_published').notNull().default(true),
    /**
     * Set when an admin deleted a course that people had paid for: it leaves the catalogue but
     * stays open to those enrolled, since what was paid for is never destroyed.
     */
    archived_at: timestamp('archived_at', { withTimezone: true }),
    is_series: boolean('is_series').notNull().default(false),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
    search: tsvector('search').generatedAlwaysAs(courseSearchDocument),
    title_search: tsvector('title_search').generatedAlwaysAs(titleSearchDocument(sql`title`)),
  },
  (t) => [
    index('courses_published_idx').on(t.is_published, t.is_series),
    index('courses_search_idx').using('gin', t.search),
    index('courses_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('courses_title_search_idx').using('gin', t.title_search),
    index('courses_created_by_idx').on(t.created_by),
    check('courses_skill_level_check', oneOf(t.skill_level, SKILL_LEVELS)),
    check('courses_price_cents_check', sql`${t.price_cents} >= 0`),
    check('courses_estimated_hours_check', sql`${t.estimated_hours} >= 0`),
  ],
);

/**
 * What a course card shows about a course's content, students and reviews, kept by triggers on
 * modules, lessons, enrollments and reviews in the transaction of each change (course-stats.sql),
 * so the catalogue reads one row per course instead of counting on every request.
 */
export const courseStats = pgTable('course_stats', {
  /**
   * No foreign key: the row goes after its course (a trigger), once the deletion's cascades have
   * counted their rows out of it; a cascaded delete would remove it from under them.
   */
  course_id: uuid('course_id').primaryKey(),
  module_count: integer('module_count').notNull().default(0),
  lesson_count: integer('lesson_count').notNull().default(0),
  total_duration_minutes: integer('total_duration_minutes').notNull().default(0),
  /** Every enrolment, hidden ones included, as the card has always counted them. */
  enrolled_students: integer('enrolled_students').notNull().default(0),
  progress_sum: integer('progress_sum').notNull().default(0),
  /** Published reviews only. */
  review_count: integer('review_count').notNull().default(0),
  rating_sum: integer('rating_sum').notNull().default(0),
});

/** Which of the eight catalogue features (common/courses.ts) a course offers. */
export const courseFeatures = pgTable(
  'course_features',
  {
    course_id: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    feature_id: smallint('feature_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.course_id, t.feature_id] }),
    check('course_features_feature_id_check', sql`${t.feature_id} between 1 and 8`),
  ],
);

export const modules = pgTable(
  'modules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    course_id: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    order_sequence: integer('order_sequence').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('modules_course_order_idx').on(t.course_id, t.order_sequence)],
);

export const lessons = pgTable(
  'lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    module_id: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    lesson_type: text('lesson_type', { enum: LESSON_TYPES }).notNull().default('video'),
    content_url: text('content_url'),
    /** Article text, a video's description, or a quiz's questions as a JSON list. */
    content_text: text('content_text').notNull().default(''),
    duration_minutes: integer('duration_minutes').notNull().default(0),
    order_sequence: integer('order_sequence').notNull(),
    is_required: boolean('is_required').notNull().default(true),
    /**
     * A quiz's pass mark, a percentage: only an attempt scoring at least this completes the lesson.
     * Null (always, for other lesson types) means any attempt completes it.
     */
    pass_mark: integer('pass_mark'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    search: tsvector('search').generatedAlwaysAs(lessonSearchDocument),
    title_search: tsvector('title_search').generatedAlwaysAs(titleSearchDocument(sql`title`)),
  },
  (t) => [
    index('lessons_module_order_idx').on(t.module_id, t.order_sequence),
    index('lessons_search_idx').using('gin', t.search),
    index('lessons_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('lessons_title_search_idx').using('gin', t.title_search),
    check('lessons_lesson_type_check', oneOf(t.lesson_type, LESSON_TYPES)),
    check('lessons_duration_check', sql`${t.duration_minutes} >= 0`),
    check('lessons_pass_mark_check', sql`${t.pass_mark} between 1 and 100`),
  ],
);
