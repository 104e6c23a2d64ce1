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
  ],
);

/** Opaque bearer tokens: only the SHA-256 of the token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    requires_password_change: boolean('requires_password_change').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.user_id)],
);

/** Temporary passwords issued by recovery: valid 30 minutes, single use. */
export const tempPasswords = pgTable(
  'temp_passwords',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    password_hash: text('password_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('temp_passwords_user_id_idx').on(t.user_id)],
);

/** Failed recovery attempts, keyed by the normalised e-mail, for lockout. */
export const recoveryAttempts = pgTable(
  'recovery_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    attempted_at: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recovery_attempts_email_idx').on(t.email, t.attempted_at)],
);
