import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CLASS_TYPES, ENROLLMENT_STATUSES, SIGNUP_KINDS, type ClassSession } from '../../../common/classes';
import { oneOf } from '../../db/schema/one-of';
import { users } from '../users/users.schema';

const SIGNUP_STATUSES = ['waiting', 'offered', 'accepted', 'expired', 'withdrawn'] as const;
const ATTENDANCE_METHODS = ['roster', 'self'] as const;

/**
 * A weekly class. Its sessions live on the row as JSON (a handful at most); `week_order` is the
 * minute of the week its first session starts, so the public list sorts without reading them.
 * Money in whole cents.
 */
export const classes = pgTable(
  'classes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    class_name: text('class_name').notNull(),
    description: text('description'),
    instructor_name: text('instructor_name').notNull(),
    location: text('location').notNull(),
    class_type: text('class_type', { enum: CLASS_TYPES }).notNull(),
    skill_focus: text('skill_focus').notNull(),
    class_duration: integer('class_duration').notNull(),
    max_capacity: integer('max_capacity').notNull(),
    price_cents: integer('price_cents').notNull().default(0),
    age_restrictions: text('age_restrictions').notNull().default('All ages'),
    requires_membership: boolean('requires_membership').notNull().default(false),
    waitlist_enabled: boolean('waitlist_enabled').notNull().default(true),
    is_published: boolean('is_published').notNull().default(false),
    video_embed_url: text('video_embed_url'),
    sessions: jsonb('sessions').$type<ClassSession[]>().notNull(),
    week_order: integer('week_order').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('classes_type_check', oneOf(t.class_type, CLASS_TYPES)),
    check('classes_capacity_check', sql`${t.max_capacity} >= 1`),
    check('classes_price_check', sql`${t.price_cents} >= 0`),
    index('classes_published_idx')
      .on(t.week_order, t.id)
      .where(sql`${t.is_published}`),
    index('classes_created_idx').on(t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * A person in a class: a member (user_id) or someone added by hand (name and e-mail only). A
 * member's name and e-mail are read from their account. One enrolled row per member and class,
 * and per hand-added e-mail and class; dropping keeps the row.
 */
export const classEnrollments = pgTable(
  'class_enrollments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    class_id: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    notes: text('notes'),
    status: text('status', { enum: ENROLLMENT_STATUSES }).notNull().default('enrolled'),
    enrolled_at: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
    dropped_at: timestamp('dropped_at', { withTimezone: true }),
  },
  (t) => [
    check('class_enrollments_status_check', oneOf(t.status, ENROLLMENT_STATUSES)),
    check(
      'class_enrollments_person_check',
      sql`${t.user_id} is not null or (${t.name} is not null and ${t.email} is not null)`,
    ),
    check('class_enrollments_dropped_check', sql`(${t.status} = 'dropped') = (${t.dropped_at} is not null)`),
    uniqueIndex('class_enrollments_member_unique')
      .on(t.class_id, t.user_id)
      .where(sql`${t.status} = 'enrolled' and ${t.user_id} is not null`),
    uniqueIndex('class_enrollments_manual_unique')
      .on(t.class_id, t.email)
      .where(sql`${t.status} = 'enrolled' and ${t.user_id} is null`),
    index('class_enrollments_class_idx').on(t.class_id, t.status),
    index('class_enrollments_user_idx').on(t.user_id),
  ],
);

/**
 * An interest-list or waitlist entry. One per e-mail, class and list; a waitlist entry offered a
 * freed seat holds it until offer_expires_at, and the e-mailed link's token is kept only as its
 * SHA-256.
 */
export const classSignups = pgTable(
  'class_signups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    class_id: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: SIGNUP_KINDS }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: SIGNUP_STATUSES }).notNull().default('waiting'),
    /** The order of the list: rising with each sign-up, taken afresh by someone who joins again. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    token_hash: text('token_hash'),
    offer_expires_at: timestamp('offer_expires_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('class_signups_kind_check', oneOf(t.kind, SIGNUP_KINDS)),
    check('class_signups_status_check', oneOf(t.status, SIGNUP_STATUSES)),
    check(
      'class_signups_offer_check',
      sql`(${t.status} = 'offered') = (${t.offer_expires_at} is not null and ${t.token_hash} is not null)`,
    ),
    uniqueIndex('class_signups_email_unique').on(t.class_id, t.email, t.kind),
    uniqueIndex('class_signups_token_unique').on(t.token_hash),
    index('class_signups_queue_idx').on(t.class_id, t.kind, t.status, t.seq),
    index('class_signups_user_idx').on(t.user_id),
  ],
);

/** One meeting of a class on a date (school time), with the 4-digit code shown in the hall. */
export const classMeetings = pgTable(
  'class_meetings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    class_id: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    start_time: text('start_time').notNull(),
    code: text('code').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('class_meetings_unique').on(t.class_id, t.date, t.start_time),
    check('class_meetings_code_check', sql`${t.code} ~ '^[0-9]{4}$'`),
  ],
);

/** Someone present at a meeting: an enrolled person (once per meeting) or a drop-in. */
export const classAttendance = pgTable(
  'class_attendance',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meeting_id: uuid('meeting_id')
      .notNull()
      .references(() => classMeetings.id, { onDelete: 'cascade' }),
    enrollment_id: uuid('enrollment_id').references(() => classEnrollments.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    drop_in: boolean('drop_in').notNull().default(false),
    method: text('method', { enum: ATTENDANCE_METHODS }).notNull(),
    checked_in_at: timestamp('checked_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('class_attendance_method_check', oneOf(t.method, ATTENDANCE_METHODS)),
    uniqueIndex('class_attendance_unique').on(t.meeting_id, t.enrollment_id),
    index('class_attendance_user_idx').on(t.user_id),
    index('class_attendance_enrollment_idx').on(t.enrollment_id),
  ],
);
