import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { SUPPORT_CONVERSATION_NAME } from '../../../common/messages';
import type { Db } from '../../db/client';
import { preparedStatements } from '../../platform/prepared';
import {
  conversationHides,
  conversations,
  messageEmailNotices,
  messageHides,
  messages,
  users,
} from '../../db/schema';

export type ConversationRow = typeof conversations.$inferSelect;
/** A message without its search vector, which only the database reads. */
export type MessageRow = Omit<typeof messages.$inferSelect, 'search'>;

const { search: _search, ...messageFields } = getTableColumns(messages);

/** Whose eyes a read is for: hidden messages, unread counts and the other side depend on them. */
export interface Viewer {
  id: string;
  is_admin: boolean;
}

/** A viewer inside a statement: their id, or the placeholder for it in a prepared statement. */
type ViewerRef = { id: string | Placeholder; is_admin: boolean };

/** The viewer as a prepared statement's placeholder `viewer`; their role shapes the statement. */
const viewerPlaceholder = (viewer: Viewer): ViewerRef => ({
  id: sql.placeholder('viewer'),
  is_admin: viewer.is_admin,
});
const role = (viewer: Viewer) => (viewer.is_admin ? 'admin' : 'member');

export interface PersonRow {
  id: string;
  name: string;
  avatar: string | null;
}

/** A conversation with both people's names, for presenting it to one of them. */
export interface ConversationWithPeople {
  conversation: ConversationRow;
  user1: PersonRow;
  user2: PersonRow | null;
}

export interface ConversationListRow extends ConversationWithPeople {
  last: MessageRow | null;
  unread: number;
}

export interface MessageWithSender {
  message: MessageRow;
  sender_name: string;
}

export interface MessageInConversation extends MessageWithSender, ConversationWithPeople {
  hidden_at: Date | null;
}

const user1 = alias(users, 'user1');
const user2 = alias(users, 'user2');
const sender = alias(users, 'sender');
const people = {
  user1: { id: user1.id, name: user1.name, avatar: user1.avatar },
  user2: { id: user2.id, name: user2.name, avatar: user2.avatar },
};

/** The viewer is one of the two, or an administrator and the conversation is a member's support. */
export const isMember = (viewer: ViewerRef): SQL =>
  or(
    eq(conversations.user1_id, viewer.id),
    eq(conversations.user2_id, viewer.id),
    viewer.is_admin ? eq(conversations.kind, 'support') : sql`false`,
  )!;

/** Not deleted by the viewer for themselves, alone or with the whole conversation up to then. */
const visibleTo = (viewer: ViewerRef): SQL => sql`not exists (
    select 1 from ${messageHides}
    where ${messageHides.message_id} = ${messages.id} and ${messageHides.user_id} = ${viewer.id}
  ) and not exists (
    select 1 from ${conversationHides}
    where ${conversationHides.conversation_id} = ${messages.conversation_id}
      and ${conversationHides.user_id} = ${viewer.id}
      and ${messages.sent_at} <= ${conversationHides.hidden_at}
  )`;

/** Unread by the viewer: to them, or (for an administrator) a member's message to the administrators. */
const unreadBy = (viewer: ViewerRef): SQL =>
  and(
    isNull(messages.read_at),
    isNull(messages.deleted_at),
    viewer.is_admin
      ? or(eq(messages.recipient_id, viewer.id), isNull(messages.recipient_id))
      : eq(messages.recipient_id, viewer.id),
  )!;

/** The conversation is in the viewer's list: not hidden by them, or active since they hid it. */
const listedFor = (viewer: ViewerRef): SQL => sql`not exists (
    select 1 from ${conversationHides}
    where ${conversationHides.conversation_id} = ${conversations.id}
      and ${conversationHides.user_id} = ${viewer.id}
      and (${conversations.last_message_at} is null
        or ${conversations.last_message_at} <= ${conversationHides.hidden_at})
  )`;

/** The name the viewer sees for the other side, for `?q=`. */
const otherName = (viewer: ViewerRef): SQL => sql`case
    when ${conversations.kind} = 'support' and ${conversations.user1_id} = ${viewer.id}
      then ${SUPPORT_CONVERSATION_NAME}
    when ${conversations.user1_id} = ${viewer.id} then ${user2.name}
    else ${user1.name} end`;

const activity = sql`coalesce(${conversations.last_message_at}, ${conversations.created_at})`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createMessagesRepo(db: Db) {
  const run = preparedStatements(db);
  const withPeople = () =>
    db
      .select({ conversation: conversations, ...people })
      .from(conversations)
      .innerJoin(user1, eq(user1.id, conversations.user1_id))
      .leftJoin(user2, eq(user2.id, conversations.user2_id));

  /** A message with its conversation, both people and the viewer's own deletion of it (none without a viewer). */
  const messagesInContext = (viewer: Viewer | null) =>
    db
      .select({
        message: messageFields,
        sender_name: sender.name,
        conversation: conversations,
        ...people,
        hidden_at: messageHides.hidden_at,
      })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversation_id))
      .innerJoin(sender, eq(sender.id, messages.sender_id))
      .innerJoin(user1, eq(user1.id, conversations.user1_id))
      .leftJoin(user2, eq(user2.id, conversations.user2_id))
      .leftJoin(
        messageHides,
        and(
          eq(messageHides.message_id, messages.id),
          viewer ? eq(messageHides.user_id, viewer.id) : sql`false`,
        ),
      );

  const markRead = (which: SQL, viewer: Viewer, at: Date) =>
    db
      .update(messages)
      .set({ read_at: at })
      .where(and(which, unreadBy(viewer)))
      .returning(messageFields);

  return {
    async findConversation(id: string, viewer: Viewer): Promise<ConversationWithPeople | undefined> {
      const [row] = await run(
        `conversation_${role(viewer)}`,
        () =>
          withPeople()
            .where(and(eq(conversations.id, sql.placeholder('id')), isMember(viewerPlaceholder(viewer))))
            .limit(1),
        { id, viewer: viewer.id },
      );
      return row;
    },

    async findConversationById(id: string): Promise<ConversationWithPeople | undefined> {
      const [row] = await withPeople().where(eq(conversations.id, id)).limit(1);
      return row;
    },

    /** The pair's conversation, made when missing; `created` says which. Safe against a racing twin. */
    async findOrCreateDirect(
      a: string,
      b: string,
      at: Date,
    ): Promise<{ conversation: ConversationRow; created: boolean }> {
      const [low, high] = a < b ? [a, b] : [b, a];
      const [inserted] = await db
        .insert(conversations)
        .values({ kind: 'direct', user1_id: low, user2_id: high, created_at: at })
        .onConflictDoNothing({
          target: [conversations.user1_id, conversations.user2_id],
          where: sql`kind = 'direct'`,
        })
        .returning();
      if (inserted) return { conversation: inserted, created: true };
      const [existing] = await db
        .select()
        .from(conversations)
        .where(
          and(
            eq(conversations.kind, 'direct'),
            eq(conversations.user1_id, low),
            eq(conversations.user2_id, high),
          ),
        )
        .limit(1);
      return { conversation: existing!, created: false };
    },

    /** The member's support conversation, made when missing; safe against a racing twin. */
    async findOrCreateSupport(memberId: string, at: Date): Promise<ConversationRow> {
      const [inserted] = await db
        .insert(conversations)
        .values({ kind: 'support', user1_id: memberId, created_at: at })
        .onConflictDoNothing({ target: [conversations.user1_id], where: sql`kind = 'support'` })
        .returning();
      if (inserted) return inserted;
      const [existing] = await db
        .select()
        .from(conversations)
        .where(and(eq(conversations.kind, 'support'), eq(conversations.user1_id, memberId)))
        .limit(1);
      return existing!;
    },

    /**
     * Adds a message and moves the conversation's newest message to it unless a later one (by
     * sent_at, then id) got there first from a racing send.
     */
    async insertMessage(values: {
      conversation_id: string;
      sender_id: string;
      recipient_id: string | null;
      text: string;
      sent_at: Date;
    }): Promise<MessageRow> {
      const [row] = await db.insert(messages).values(values).returning(messageFields);
      await db
        .update(conversations)
        .set({ last_message_id: row!.id, last_message_at: row!.sent_at })
        .where(
          and(
            eq(conversations.id, row!.conversation_id),
            sql`(${conversations.last_message_at} is null
              or (${conversations.last_message_at}, ${conversations.last_message_id}) < (${row!.sent_at}, ${row!.id}))`,
          ),
        );
      return row!;
    },

    /**
     * One page of the viewer's conversations in one statement: each with its newest message the
     * viewer still sees (a lateral join) and their unread count, and the total over the window.
     */
    async listConversations(
      viewer: Viewer,
      filter: { q?: string; limit: number; offset: number },
    ): Promise<{ rows: ConversationListRow[]; total: number }> {
      const listed = (who: ViewerRef, pattern: Placeholder | string | undefined) =>
        and(
          isMember(who),
          listedFor(who),
          pattern === undefined ? undefined : sql`${otherName(who)} ilike ${pattern}`,
        );
      const pattern = filter.q ? `%${escapeLike(filter.q)}%` : undefined;
      const page = await run(
        `conversation_list_${role(viewer)}${pattern ? '_search' : ''}`,
        () => {
          const me = viewerPlaceholder(viewer);
          const last = db
            .select(messageFields)
            .from(messages)
            .where(and(eq(messages.conversation_id, conversations.id), visibleTo(me)))
            .orderBy(desc(messages.sent_at), desc(messages.id))
            .limit(1)
            .as('last');
          const unread = sql<number>`(select count(*) from ${messages}
            where ${messages.conversation_id} = ${conversations.id}
              and ${unreadBy(me)} and ${visibleTo(me)})`.mapWith(Number);
          return db
            .select({
              conversation: conversations,
              ...people,
              last: {
                id: last.id,
                conversation_id: last.conversation_id,
                sender_id: last.sender_id,
                recipient_id: last.recipient_id,
                text: last.text,
                sent_at: last.sent_at,
                read_at: last.read_at,
                deleted_at: last.deleted_at,
              },
              unread,
              total: sql<number>`count(*) over ()`.mapWith(Number),
            })
            .from(conversations)
            .innerJoin(user1, eq(user1.id, conversations.user1_id))
            .leftJoin(user2, eq(user2.id, conversations.user2_id))
            .leftJoinLateral(last, sql`true`)
            .where(listed(me, pattern === undefined ? undefined : sql.placeholder('pattern')))
            .orderBy(desc(activity), desc(conversations.id))
            .limit(sql.placeholder('limit'))
            .offset(sql.placeholder('offset'));
        },
        { viewer: viewer.id, pattern, limit: filter.limit, offset: filter.offset },
      );
      // Past the last page the window has no row to count on.
      const total =
        page[0]?.total ??
        (filter.offset > 0
          ? ((
              await db
                .select({ total: count() })
                .from(conversations)
                .innerJoin(user1, eq(user1.id, conversations.user1_id))
                .leftJoin(user2, eq(user2.id, conversations.user2_id))
                .where(listed(viewer, pattern))
            )[0]?.total ?? 0)
          : 0);
      return {
        rows: page.map(({ total: _total, last: newest, ...row }) => ({
          ...row,
          last: newest?.id ? newest : null,
        })),
        total,
      };
    },

    /** Each conversation's newest message the viewer still sees, and how many they have not read. */
    async withLastAndUnread(rows: ConversationWithPeople[], viewer: Viewer): Promise<ConversationListRow[]> {
      if (rows.length === 0) return [];
      const ids = rows.map((row) => row.conversation.id);
      const [lasts, unread] = await Promise.all([
        db
          .selectDistinctOn([messages.conversation_id], messageFields)
          .from(messages)
          .where(and(inArray(messages.conversation_id, ids), visibleTo(viewer)))
          .orderBy(messages.conversation_id, desc(messages.sent_at), desc(messages.id)),
        db
          .select({ conversation_id: messages.conversation_id, unread: count() })
          .from(messages)
          .where(and(inArray(messages.conversation_id, ids), unreadBy(viewer), visibleTo(viewer)))
          .groupBy(messages.conversation_id),
      ]);
      const lastBy = new Map(lasts.map((row) => [row.conversation_id, row]));
      const unreadOf = new Map(unread.map((row) => [row.conversation_id, row.unread]));
      return rows.map((row) => ({
        ...row,
        last: lastBy.get(row.conversation.id) ?? null,
        unread: unreadOf.get(row.conversation.id) ?? 0,
      }));
    },

    /**
     * One page counted back from the newest, returned oldest first, with the viewer's total (over
     * the window, in the same statement).
     */
    async messagePage(
      conversationId: string,
      viewer: Viewer,
      page: { limit: number; offset: number },
    ): Promise<{ rows: MessageWithSender[]; total: number }> {
      const inConversation = (id: string | Placeholder, who: ViewerRef) =>
        and(eq(messages.conversation_id, id), visibleTo(who));
      const rows = await run(
        'message_page',
        () =>
          db
            .select({
              message: messageFields,
              sender_name: sender.name,
              total: sql<number>`count(*) over ()`.mapWith(Number),
            })
            .from(messages)
            .innerJoin(sender, eq(sender.id, messages.sender_id))
            .where(inConversation(sql.placeholder('conversation'), viewerPlaceholder(viewer)))
            .orderBy(desc(messages.sent_at), desc(messages.id))
            .limit(sql.placeholder('limit'))
            .offset(sql.placeholder('offset')),
        { conversation: conversationId, viewer: viewer.id, limit: page.limit, offset: page.offset },
      );
      // Past the oldest message the window has no row to count on.
      const total =
        rows[0]?.total ??
        (page.offset > 0
          ? ((
              await db.select({ total: count() }).from(messages).where(inConversation(conversationId, viewer))
            )[0]?.total ?? 0)
          : 0);
      return { rows: rows.reverse().map(({ total: _total, ...row }) => row), total };
    },

    /** A message in a conversation the viewer belongs to; any message when `viewer` is null. */
    async findMessage(id: string, viewer: Viewer | null): Promise<MessageInConversation | undefined> {
      const [row] = await messagesInContext(viewer)
        .where(and(eq(messages.id, id), viewer ? isMember(viewer) : undefined))
        .limit(1);
      return row;
    },

    /** Marks read what is still unread for the viewer: only the first reader's write counts. */
    markMessageRead(id: string, viewer: Viewer, at: Date): Promise<MessageRow[]> {
      return markRead(eq(messages.id, id), viewer, at);
    },

    markConversationRead(conversationId: string, viewer: Viewer, at: Date): Promise<MessageRow[]> {
      return markRead(eq(messages.conversation_id, conversationId), viewer, at);
    },

    /** Empties the text and keeps the row as a tombstone; undefined when it already was. */
    async deleteForEveryone(id: string, at: Date): Promise<MessageRow | undefined> {
      const [row] = await db
        .update(messages)
        .set({ text: '', deleted_at: at })
        .where(and(eq(messages.id, id), isNull(messages.deleted_at)))
        .returning(messageFields);
      return row;
    },

    async hideMessage(messageId: string, userId: string, at: Date): Promise<void> {
      await db
        .insert(messageHides)
        .values({ message_id: messageId, user_id: userId, hidden_at: at })
        .onConflictDoNothing();
    },

    async unhideMessage(messageId: string, userId: string): Promise<void> {
      await db
        .delete(messageHides)
        .where(and(eq(messageHides.message_id, messageId), eq(messageHides.user_id, userId)));
    },

    async hideConversation(conversationId: string, userId: string, at: Date): Promise<void> {
      await db
        .insert(conversationHides)
        .values({ conversation_id: conversationId, user_id: userId, hidden_at: at })
        .onConflictDoUpdate({
          target: [conversationHides.conversation_id, conversationHides.user_id],
          set: { hidden_at: at },
        });
    },

    async deleteConversation(id: string): Promise<boolean> {
      const rows = await db
        .delete(conversations)
        .where(eq(conversations.id, id))
        .returning({ id: conversations.id });
      return rows.length > 0;
    },

    /** The viewer's own deletions, newest first, in conversations they still see. */
    deletedFor(viewer: Viewer, limit: number): Promise<MessageInConversation[]> {
      return messagesInContext(viewer)
        .where(and(isNotNull(messageHides.hidden_at), isMember(viewer), listedFor(viewer)))
        .orderBy(desc(messageHides.hidden_at), desc(messages.id))
        .limit(limit);
    },

    async unreadCount(viewer: Viewer): Promise<number> {
      const [row] = await run(
        `unread_count_${role(viewer)}`,
        () => {
          const me = viewerPlaceholder(viewer);
          return db
            .select({ unread: count() })
            .from(messages)
            .where(and(unreadBy(me), visibleTo(me)));
        },
        { viewer: viewer.id },
      );
      return row?.unread ?? 0;
    },

    /** The viewer's newest messages, sent or received, in conversations they still see. */
    recent(viewer: Viewer, limit: number, search?: string): Promise<MessageInConversation[]> {
      return messagesInContext(viewer)
        .where(
          and(
            isMember(viewer),
            visibleTo(viewer),
            search ? sql`${messages.search} @@ websearch_to_tsquery('english', ${search})` : undefined,
          ),
        )
        .orderBy(desc(messages.sent_at), desc(messages.id))
        .limit(limit);
    },

    async adminConversations(page: { limit: number; offset: number }): Promise<{
      rows: (ConversationWithPeople & { last: MessageRow | null; count: number })[];
      total: number;
    }> {
      const last = alias(messages, 'last');
      const { search: _lastSearch, ...lastFields } = getTableColumns(last);
      const messageCount =
        sql<number>`(select count(*) from ${messages} where ${messages.conversation_id} = ${conversations.id})`.mapWith(
          Number,
        );
      const [rows, [totals]] = await Promise.all([
        db
          .select({
            conversation: conversations,
            ...people,
            last: lastFields,
            count: messageCount,
          })
          .from(conversations)
          .innerJoin(user1, eq(user1.id, conversations.user1_id))
          .leftJoin(user2, eq(user2.id, conversations.user2_id))
          .leftJoin(last, eq(last.id, conversations.last_message_id))
          .orderBy(desc(activity), desc(conversations.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ total: count() }).from(conversations),
      ]);
      return { rows, total: totals?.total ?? 0 };
    },

    async stats(now: Date) {
      const day = new Date(now.getTime() - 24 * 3_600_000);
      const week = new Date(now.getTime() - 7 * 24 * 3_600_000);
      const [[totals], [conversationTotals], [unreadSupport]] = await Promise.all([
        db
          .select({
            total: count(),
            day: count(sql`case when ${messages.sent_at} >= ${day} then 1 end`),
            week: count(sql`case when ${messages.sent_at} >= ${week} then 1 end`),
            senders:
              sql<number>`count(distinct case when ${messages.sent_at} >= ${week} then ${messages.sender_id} end)`.mapWith(
                Number,
              ),
          })
          .from(messages),
        db.select({ total: count() }).from(conversations),
        db
          .select({ total: count() })
          .from(messages)
          .where(and(isNull(messages.recipient_id), isNull(messages.read_at), isNull(messages.deleted_at))),
      ]);
      return {
        total_messages: totals?.total ?? 0,
        total_conversations: conversationTotals?.total ?? 0,
        messages_last_24_hours: totals?.day ?? 0,
        messages_last_7_days: totals?.week ?? 0,
        active_senders_last_7_days: totals?.senders ?? 0,
        unread_support_messages: unreadSupport?.total ?? 0,
      };
    },

    /**
     * Takes the right to e-mail `userId` about `conversationId` now: true at most once per
     * `intervalMs`, however many jobs ask at once (the upsert's WHERE is the guard).
     */
    async claimEmailNotice(conversationId: string, userId: string, at: Date, intervalMs: number) {
      const rows = await db
        .insert(messageEmailNotices)
        .values({ conversation_id: conversationId, user_id: userId, sent_at: at })
        .onConflictDoUpdate({
          target: [messageEmailNotices.conversation_id, messageEmailNotices.user_id],
          set: { sent_at: at },
          setWhere: lte(messageEmailNotices.sent_at, new Date(at.getTime() - intervalMs)),
        })
        .returning({ sent_at: messageEmailNotices.sent_at });
      return rows.length > 0;
    },
  };
}
export type MessagesRepo = ReturnType<typeof createMessagesRepo>;
