import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { OpeningHoursRow, SocialLink } from '../../../common/school';

/**
 * The school's facts, in one row: the primary key can only be true, so a second row cannot be
 * inserted however many saves race (decisions/0019). Migration 0013 inserts the demo school's row.
 */
export const schoolSettings = pgTable(
  'school_settings',
  {
    id: boolean('id').primaryKey().default(true),
    name: text('name').notNull(),
    tagline: text('tagline').notNull(),
    description: text('description').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    region: text('region').notNull(),
    postal_code: text('postal_code').notNull(),
    country: text('country').notNull(),
    area_label: text('area_label').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    hours: jsonb('hours').$type<OpeningHoursRow[]>().notNull().default([]),
    social_links: jsonb('social_links').$type<SocialLink[]>().notNull().default([]),
    logo_url: text('logo_url'),
    founded_year: integer('founded_year'),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('school_settings_one_row_check', sql`${t.id}`)],
);
