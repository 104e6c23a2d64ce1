import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { courses, lessons } from '../courses/courses.schema';
import { users } from '../users/users.schema';

export const lessonProgress = pgTable(
  'lesson_progress',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lesson_id: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    course_id: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    completed_at: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
    quiz_score: integer('quiz_score'),
  },
  (t) => [
    uniqueIndex('lesson_progress_user_lesson_key').on(t.user_id, t.lesson_id),
    index('lesson_progress_user_course_idx').on(t.user_id, t.course_id),
    index('lesson_progress_lesson_idx').on(t.lesson_id),
    index('lesson_progress_course_idx').on(t.course_id),
  ],
);

/** One submitted quiz; its answers are in quiz_responses. */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lesson_id: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    attempt_number: integer('attempt_number').notNull(),
    score: integer('score').notNull(),
    submitted_at: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quiz_attempts_user_lesson_attempt_key').on(t.user_id, t.lesson_id, t.attempt_number),
    index('quiz_attempts_lesson_idx').on(t.lesson_id),
  ],
);

export const quizResponses = pgTable(
  'quiz_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    attempt_id: uuid('attempt_id')
      .notNull()
      .references(() => quizAttempts.id, { onDelete: 'cascade' }),
    question_id: text('question_id').notNull(),
    question_text: text('question_text').notNull(),
    /** The chosen option's index, or null when the question was left unanswered. */
    user_answer: integer('user_answer'),
    correct_answer: integer('correct_answer').notNull(),
    is_correct: boolean('is_correct').notNull(),
  },
  (t) => [index('quiz_responses_attempt_idx').on(t.attempt_id)],
);
