import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { TESTIMONIAL_STATUSES } from '../../../common/testimonials';
import { oneOf } from '../../db/schema/one-of';

/**
 * A student's testimonial. `status` is pending until an administrator approves (shown on the
 * site) or rejects it (kept, never shown); is_approved in the API is `status = 'approved'`, so
 * the two cannot disagree. A rejected testimonial is never featured (decisions/0019).
 */
export const testimonials = pgTable(
  'testimonials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    student_name: text('student_name').notNull(),
    student_email: text('student_email'),
    student_location: text('student_location'),
    instructor_context: text('instructor_context').notNull(),
    testimonial_text: text('testimonial_text').notNull(),
    photo_url: text('photo_url'),
    video_url: text('video_url'),
    status: text('status', { enum: TESTIMONIAL_STATUSES }).notNull().default('pending'),
    is_featured: boolean('is_featured').notNull().default(false),
    submitted_at: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    approved_at: timestamp('approved_at', { withTimezone: true }),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('testimonials_status_check', oneOf(t.status, TESTIMONIAL_STATUSES)),
    check('testimonials_approved_at_check', sql`(${t.status} = 'approved') = (${t.approved_at} is not null)`),
    check(
      'testimonials_rejected_not_featured_check',
      sql`not (${t.status} = 'rejected' and ${t.is_featured})`,
    ),
    // The public reads: approved (and featured) testimonials, newest first.
    index('testimonials_approved_idx')
      .on(t.submitted_at.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'approved'`),
    index('testimonials_featured_idx')
      .on(t.submitted_at.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'approved' and ${t.is_featured}`),
    // The admin list, filtered by status.
    index('testimonials_status_idx').on(
      t.status,
      t.submitted_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);
