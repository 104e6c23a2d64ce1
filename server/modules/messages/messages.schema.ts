import { sql, type SQL } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ConversationKind } from '../../../common/messages';
import { tsvector } from '../../db/schema/columns';
import { oneOf, valuesOf } from '../../db/schema/one-of';
import { users } from '../users/users.schema';

const CONVERSATION_KINDS = valuesOf(ConversationKind);

/**
 * A direct conversation between two people, or a member's support conversation with the
 * administrators (decisions/0024). A direct pair is stored ordered (`user1_id < user2_id`) so the
 * unique index holds one conversation per pair whoever starts it; a support conversation has
 * only its member, and one per member. The newest message's id and time are kept here so the
 * conversation list is read from this table's indexes instead of the messages table.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: CONVERSATION_KINDS }).notNull(),
    user1_id: uuid('user1_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    user2_id: uuid('user2_id').references(() => users.id, { onDelete: 'cascade' }),
    last_message_id: uuid('last_message_id'),
    last_message_at: timestamp('last_message_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('conversations_kind_check', oneOf(t.kind, CONVERSATION_KINDS)),
    check(
      'conversations_people_check',
      sql`(${t.kind} = 'direct' and ${t.user2_id} is not null and ${t.user1_id} < ${t.user2_id})
        or (${t.kind} = 'support' and ${t.user2_id} is null)`,
    ),
    uniqueIndex('conversations_direct_pair_key')
      .on(t.user1_id, t.user2_id)
      .where(sql`${t.kind} = 'direct'`),
    uniqueIndex('conversations_support_member_key')
      .on(t.user1_id)
      .where(sql`${t.kind} = 'support'`),
    // Each person's list, newest activity first, from either side of the pair.
    index('conversations_user1_activity_idx').on(t.user1_id, t.last_message_at),
    index('conversations_user2_activity_idx').on(t.user2_id, t.last_message_at),
    // The administrators' list of every conversation.
    index('conversations_activity_idx').on(t.last_message_at),
  ],
);

/**
 * Plain text, stored as sent. A member's message in a support conversation has no recipient: it
 * is unread for every administrator until one reads it. Deleted for everyone keeps the row as a
 * tombstone with its text emptied, so the conversation's order and counts stay whole.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversation_id: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    sender_id: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipient_id: uuid('recipient_id').references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`to_tsvector('english', ${messages.text})`),
    sent_at: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    read_at: timestamp('read_at', { withTimezone: true }),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // A conversation's page counts back from the newest; ties on sent_at are ordered by id.
    index('messages_conversation_sent_idx').on(t.conversation_id, t.sent_at, t.id),
    index('messages_sender_idx').on(t.sender_id),
    index('messages_recipient_idx').on(t.recipient_id),
    // The unread badge: only unread rows are in these, so the count stays small at any size.
    index('messages_unread_recipient_idx')
      .on(t.recipient_id, t.conversation_id)
      .where(sql`${t.read_at} is null and ${t.deleted_at} is null and ${t.recipient_id} is not null`),
    index('messages_unread_support_idx')
      .on(t.conversation_id)
      .where(sql`${t.read_at} is null and ${t.deleted_at} is null and ${t.recipient_id} is null`),
    index('messages_search_idx').using('gin', t.search),
  ],
);

/** A message one person deleted for themselves; removing the row restores it. */
export const messageHides = pgTable(
  'message_hides',
  {
    message_id: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hidden_at: timestamp('hidden_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.message_id, t.user_id] }),
    index('message_hides_user_idx').on(t.user_id, t.hidden_at),
  ],
);

/**
 * A conversation one person deleted for themselves: its messages up to `hidden_at` stay hidden for
 * them, and it is back in their list once a newer message arrives.
 */
export const conversationHides = pgTable(
  'conversation_hides',
  {
    conversation_id: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hidden_at: timestamp('hidden_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversation_id, t.user_id] }),
    index('conversation_hides_user_idx').on(t.user_id),
  ],
);

/**
 * When a person was last e-mailed about unread messages in a conversation: the guarded upsert on
 * this key lets one e-mail through per conversation per recipient per interval, whichever job runs.
 */
export const messageEmailNotices = pgTable(
  'message_email_notices',
  {
    conversation_id: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sent_at: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.conversation_id, t.user_id] }),
    index('message_email_notices_user_idx').on(t.user_id),
  ],
);
