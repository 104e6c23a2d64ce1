import { index, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/schema/columns';
import { users } from '../users/users.schema';

export const courseRequestStatus = pgEnum('course_request_status', [
  'pending',
  'under_review',
  'planned',
  'completed',
  'declined',
]);

export const courseRequests = pgTable(
  'course_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    experience: text('experience').notNull(),
    reason: text('reason').notNull(),
    status: courseRequestStatus('status').notNull().default('pending'),
    admin_notes: text('admin_notes'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('course_requests_user_idx').on(t.user_id),
    index('course_requests_status_idx').on(t.status, t.created_at),
  ],
);
