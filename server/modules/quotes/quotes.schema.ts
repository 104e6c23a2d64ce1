import { index, check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { QUOTE_CATEGORIES } from '../../../common/quotes';
import { oneOf } from '../../db/schema/one-of';

/** A quote for the student home: about forty ship with the school, and administrators edit them. */
export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    text: text('text').notNull(),
    chinese: text('chinese').notNull().default(''),
    author: text('author').notNull(),
    source: text('source').notNull().default(''),
    category: text('category', { enum: QUOTE_CATEGORIES }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('quotes_category_check', oneOf(t.category, QUOTE_CATEGORIES)),
    index('quotes_category_idx').on(t.category, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
