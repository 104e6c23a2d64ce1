import { customType, timestamp } from 'drizzle-orm/pg-core';

/** A text search document, for the generated columns the global search reads through a GIN index. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** When a row was written first, and last; both set by the database on insert. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
