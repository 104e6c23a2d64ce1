import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';

/** Files kept in the media store; public_id is the key inside it. */
export const mediaFiles = pgTable(
  'media_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    public_id: text('public_id').notNull().unique(),
    folder: text('folder').notNull(),
    owner_id: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    content_type: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_files_owner_idx').on(t.owner_id)],
);
