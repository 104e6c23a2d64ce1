import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { KNOWLEDGE_KINDS, type LessonRef, type SourceRef } from '../../../common/ai-sifu';
import { courses } from '../courses/courses.schema';
import { createdAt, tsvector, updatedAt } from '../../db/schema/columns';
import { oneOf } from '../../db/schema/one-of';
import { titleSearchDocument } from '../../db/schema/title-search';
import { users } from '../users/users.schema';

const CONVERSATION_ORIGINS = ['asked', 'brought'] as const;

/** Pinyin lower-cased with its tone marks taken off (translate is immutable, so it can be stored). */
const plainPinyin = sql`translate(lower(coalesce(pinyin, '')), 'āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü', 'aaaaeeeeiiiioooouuuuuuuuu')`;

/**
 * What AI Sifu's retrieval matches in an entry: its title, hanzi (characters one and two at a
 * time), pinyin with and without tones and run together (weight A), its text (B) and its source (C).
 */
const knowledgeSearchDocument = sql`setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('simple'::regconfig, search_cjk_grams(coalesce(hanzi, '')) || ' ' || ${plainPinyin} || ' ' || replace(${plainPinyin}, ' ', '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(body, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(source, '')), 'C')`;

/**
 * The school's knowledge base, which AI Sifu answers from and cites: glossary terms (with hanzi and
 * pinyin), sections of the training manual and classical passages (with their source). `key` names
 * an entry across export and import: the seed's ('term-zhan-zhuang'), or `school-<id>` for one the
 * school writes (common/ai-sifu.ts, schoolKnowledgeKey); related terms are kept by id.
 */
export const knowledgeEntries = pgTable(
  'knowledge_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    kind: text('kind', { enum: KNOWLEDGE_KINDS }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    hanzi: text('hanzi'),
    pinyin: text('pinyin'),
    source: text('source'),
    related_ids: uuid('related_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    created_at: createdAt(),
    updated_at: updatedAt(),
    search: tsvector('search').generatedAlwaysAs(knowledgeSearchDocument),
    title_search: tsvector('title_search').generatedAlwaysAs(
      titleSearchDocument(sql`coalesce(title, '') || ' ' || coalesce(hanzi, '')`),
    ),
  },
  (t) => [
    uniqueIndex('knowledge_entries_key_key').on(t.key),
    index('knowledge_entries_kind_title_idx').on(t.kind, t.title),
    index('knowledge_entries_search_idx').using('gin', t.search),
    index('knowledge_entries_title_search_idx').using('gin', t.title_search),
    index('knowledge_entries_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    check('knowledge_entries_kind_check', oneOf(t.kind, KNOWLEDGE_KINDS)),
  ],
);

/** The knowledge a course relies on: its questions prefer these entries. */
export const knowledgeCourses = pgTable(
  'knowledge_courses',
  {
    knowledge_id: uuid('knowledge_id')
      .notNull()
      .references(() => knowledgeEntries.id, { onDelete: 'cascade' }),
    course_id: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.knowledge_id, t.course_id] }),
    index('knowledge_courses_course_idx').on(t.course_id),
  ],
);

/** The sources an answer drew on, as its chips show them (kept with the answer, so a later edit of an entry does not rewrite history). */
export interface AnswerSources {
  terms_used: SourceRef[];
  manual_sections: SourceRef[];
  classical_references: SourceRef[];
  lessons_used: LessonRef[];
}

/**
 * A student's question and AI Sifu's answer: their history in Sifu's Notes, theirs alone. The
 * student may delete it; what the analytics count is kept apart, in ai_questions.
 */
export const aiConversations = pgTable(
  'ai_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    course_id: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    question_text: text('question_text').notNull(),
    response_text: text('response_text').notNull(),
    sources: jsonb('sources')
      .$type<AnswerSources>()
      .notNull()
      .default(
        sql`'{"terms_used":[],"manual_sections":[],"classical_references":[],"lessons_used":[]}'::jsonb`,
      ),
    cached_response: boolean('cached_response').notNull().default(false),
    response_time_ms: integer('response_time_ms').notNull().default(0),
    /** asked: answered by AI Sifu; brought: a question and answer the student kept themselves (POST /ai-conversations). */
    origin: text('origin', { enum: CONVERSATION_ORIGINS }).notNull().default('asked'),
    created_at: createdAt(),
  },
  (t) => [
    check('ai_conversations_origin_check', oneOf(t.origin, CONVERSATION_ORIGINS)),
    index('ai_conversations_user_created_idx').on(
      t.user_id,
      t.created_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('ai_conversations_user_course_idx').on(t.user_id, t.course_id, t.created_at.desc().nullsFirst()),
    index('ai_conversations_created_idx').on(t.created_at),
    // Deleting a course sets its conversations' course to null.
    index('ai_conversations_course_idx').on(t.course_id),
  ],
);

/** A student's note on one answer: at most one per answer (the unique index), edited in place. */
export const studentNotes = pgTable(
  'student_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ai_conversation_id: uuid('ai_conversation_id')
      .notNull()
      .references(() => aiConversations.id, { onDelete: 'cascade' }),
    course_id: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    note_text: text('note_text').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('student_notes_conversation_key').on(t.ai_conversation_id),
    index('student_notes_user_created_idx').on(t.user_id, t.created_at.desc().nullsFirst()),
    index('student_notes_user_course_idx').on(t.user_id, t.course_id, t.created_at.desc().nullsFirst()),
    index('student_notes_course_idx').on(t.course_id),
  ],
);

/**
 * Questions counted against an allowance in one period: a course's own (scope = the course id,
 * period = the first of the school month) or the subscription's (scope 'subscription', period =
 * the subscription period's start). The guarded `used < limit` update is what keeps the count
 * exact when many questions arrive at once.
 */
export const aiUsage = pgTable(
  'ai_usage',
  {
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    period: date('period', { mode: 'string' }).notNull(),
    used: integer('used').notNull().default(0),
    updated_at: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.scope, t.period] }),
    check('ai_usage_used_check', sql`${t.used} >= 0`),
  ],
);

/** The answer kept for a normalised question in a course, until an entry it drew on changes or an admin cleans the cache. */
export const aiAnswerCache = pgTable(
  'ai_answer_cache',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    course_id: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    question_key: text('question_key').notNull(),
    response_text: text('response_text').notNull(),
    sources: jsonb('sources').$type<AnswerSources>().notNull(),
    /**
     * Every knowledge entry and lesson the answer drew on: changing one of them forgets the answer
     * (answer-cache.sql).
     */
    drawn_on: uuid('drawn_on')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    hits: integer('hits').notNull().default(0),
    created_at: createdAt(),
    last_hit_at: timestamp('last_hit_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ai_answer_cache_question_key').on(t.course_id, t.question_key),
    index('ai_answer_cache_drawn_on_idx').using('gin', t.drawn_on),
  ],
);

/**
 * One row per question asked, answered or from the cache: what the analytics count (questions,
 * active users, cost, popular questions, daily usage). Kept when the student deletes the
 * conversation; the admin's cleanup removes both after days_old.
 */
export const aiQuestions = pgTable(
  'ai_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    course_id: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    question_key: text('question_key').notNull(),
    question_text: text('question_text').notNull(),
    cached: boolean('cached').notNull(),
    provider: text('provider').notNull(),
    cost_cents: doublePrecision('cost_cents').notNull().default(0),
    input_tokens: integer('input_tokens').notNull().default(0),
    output_tokens: integer('output_tokens').notNull().default(0),
    response_time_ms: integer('response_time_ms').notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [
    index('ai_questions_created_idx').on(t.created_at),
    // Popular questions: each group's count and its latest wording.
    index('ai_questions_key_created_idx').on(
      t.question_key,
      t.created_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('ai_questions_user_created_idx').on(t.user_id, t.created_at),
    index('ai_questions_course_idx').on(t.course_id),
    check('ai_questions_cost_check', sql`${t.cost_cents} >= 0`),
  ],
);

/**
 * The log's figures per quarter of an hour (UTC), kept by a trigger on ai_questions
 * (question-counts.sql) as rows are logged and removed: the analytics' totals and school days read
 * these few rows instead of the whole log. Quarters, so a school day starts on one in every time zone.
 */
export const aiQuestionPeriods = pgTable('ai_question_periods', {
  period_start: timestamp('period_start', { withTimezone: true, mode: 'date' }).primaryKey(),
  questions: integer('questions').notNull().default(0),
  cached: integer('cached').notNull().default(0),
  cost_cents: doublePrecision('cost_cents').notNull().default(0),
});

/**
 * The log's figures per question (its normalised form), kept by the same trigger: the popular
 * questions read the first rows of its index. `latest_text` is the wording last typed.
 */
export const aiQuestionKeys = pgTable(
  'ai_question_keys',
  {
    question_key: text('question_key').primaryKey(),
    usage_count: integer('usage_count').notNull(),
    response_time_ms_total: bigint('response_time_ms_total', { mode: 'number' }).notNull(),
    cost_cents: doublePrecision('cost_cents').notNull(),
    last_asked: timestamp('last_asked', { withTimezone: true, mode: 'date' }).notNull(),
    latest_text: text('latest_text').notNull(),
  },
  (t) => [
    index('ai_question_keys_popular_idx').on(
      t.usage_count.desc().nullsFirst(),
      t.last_asked.desc().nullsFirst(),
      t.question_key,
    ),
  ],
);
