import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Privacy } from '../../../common/users';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /**
     * When the owner proved they read `email` (a link sent to it was opened); null until then. Only
     * a confirmed address makes an account the owner of what others keep by that address (bookings,
     * waitlist places); it is cleared whenever the address changes without such proof.
     */
    email_verified_at: timestamp('email_verified_at', { withTimezone: true }),
    username: text('username').notNull(),
    password_hash: text('password_hash').notNull(),
    is_admin: boolean('is_admin').notNull().default(false),
    is_active: boolean('is_active').notNull().default(true),
    deletion_requested: boolean('deletion_requested').notNull().default(false),
    deactivated_at: timestamp('deactivated_at', { withTimezone: true }),
    avatar: text('avatar'),
    avatar_public_id: text('avatar_public_id'),
    belt: text('belt'),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default(''),
    martial_art: text('martial_art').notNull().default(''),
    experience: integer('experience').notNull().default(0),
    privacy: jsonb('privacy')
      .$type<Privacy>()
      .notNull()
      .default({ profile: 'public', progress: 'public', courses: 'public' }),
    allow_messages: boolean('allow_messages').notNull().default(true),
    email_notifications: boolean('email_notifications').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    // An administrator's global search finds people by a part of, or a typo in, these (pg_trgm).
    index('users_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('users_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
  ],
);

/** A requested e-mail change: it takes effect only when the link sent to the new address is opened. */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    new_email: text('new_email').notNull(),
    token_hash: text('token_hash').notNull().unique(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One pending change per user; a new request replaces it.
    uniqueIndex('email_changes_pending_key')
      .on(t.user_id)
      .where(sql`${t.confirmed_at} is null`),
    // The partial index above skips confirmed changes; deleting a user must find those too.
    index('email_changes_user_idx').on(t.user_id),
  ],
);

/**
 * The account's address, lower-cased, once its owner has confirmed it; null before. What is kept by
 * e-mail (bookings, waitlist places) belongs to an account only through this.
 */
export const confirmedEmail = sql<
  string | null
>`case when ${users.email_verified_at} is not null then lower(${users.email}) end`;
