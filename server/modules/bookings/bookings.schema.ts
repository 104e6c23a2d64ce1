import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { APPOINTMENT_TYPES, BOOKING_STATUSES } from '../../../common/bookings';
import { oneOf } from '../../db/schema/one-of';
import { users } from '../users/users.schema';

/**
 * A workshop place or a 1-on-1 class at one time (decisions/0023). Workshop bookings with the
 * same start and end are one group session. No two overlapping bookings may break the rules:
 * every write that could runs under an advisory lock on each school day it touches. Whoever booked
 * manages it with a token sent by e-mail, of which only the SHA-256 is kept.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointment_type: text('appointment_type', { enum: APPOINTMENT_TYPES }).notNull(),
    full_name: text('full_name').notNull(),
    email: text('email').notNull(),
    phone_number: text('phone_number'),
    notes: text('notes'),
    start_time: timestamp('start_time', { withTimezone: true }).notNull(),
    end_time: timestamp('end_time', { withTimezone: true }).notNull(),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('scheduled'),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    manage_token_hash: text('manage_token_hash').notNull(),
    /** The calendar file's SEQUENCE: one more each time the booking moves. */
    sequence: integer('sequence').notNull().default(0),
    /** Set once, by whichever worker sends the reminder; cleared when the booking moves. */
    reminder_sent_at: timestamp('reminder_sent_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('bookings_appointment_type_check', oneOf(t.appointment_type, APPOINTMENT_TYPES)),
    check('bookings_status_check', oneOf(t.status, BOOKING_STATUSES)),
    check('bookings_end_after_start_check', sql`${t.end_time} > ${t.start_time}`),
    uniqueIndex('bookings_manage_token_hash_key').on(t.manage_token_hash),
    // Overlap checks, the calendar and the admin list read by time.
    index('bookings_start_time_idx').on(t.start_time),
    index('bookings_user_id_idx').on(t.user_id),
    index('bookings_email_idx').on(t.email),
  ],
);
