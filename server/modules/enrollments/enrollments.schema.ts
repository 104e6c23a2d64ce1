import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/schema/columns';
import { courses } from '../courses/courses.schema';
import { users } from '../users/users.schema';

export const enrollmentSource = pgEnum('enrollment_source', ['free', 'admin', 'payment']);

/** One row per student and course: the unique index is what makes enrolment idempotent. */
export const enrollments = pgTable(
  'enrollments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    course_id: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    source: enrollmentSource('source').notNull().default('free'),
    start_date: timestamp('start_date', { withTimezone: true }).notNull().defaultNow(),
    completed_date: timestamp('completed_date', { withTimezone: true }),
    /** Percent of the course's lessons completed, kept by the server from lesson_progress. */
    progress: integer('progress').notNull().default(0),
    /**
     * Set when the student removed a paid course from their list: paid access is never destroyed,
     * so the row stays (and the course stays open); enrolling or studying again clears it.
     */
    hidden_at: timestamp('hidden_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('enrollments_user_course_key').on(t.user_id, t.course_id),
    index('enrollments_course_idx').on(t.course_id),
    check('enrollments_progress_check', sql`${t.progress} between 0 and 100`),
  ],
);
