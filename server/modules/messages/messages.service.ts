import { z } from 'zod';
import {
  CONVERSATION_DELETED_EVENT,
  DELETE_FOR_EVERYONE_MINUTES,
  DELETE_WINDOW_PASSED,
  MESSAGE_CREATED_EVENT,
  MESSAGE_DELETED_EVENT,
  MESSAGE_READ_EVENT,
  MESSAGES_NOT_ALLOWED,
  RECIPIENT_INACTIVE,
  SELF_MESSAGE_REFUSED,
  UNREAD_EMAIL_DELAY_MINUTES,
  UNREAD_EMAIL_INTERVAL_MINUTES,
  type AdminConversationListResponse,
  type ConversationListResponse,
  type ConversationResponse,
  type CreateConversationInput,
  type CreateConversationResponse,
  type DeletedMessagesResponse,
  type MarkReadResponse,
  type MessageEventData,
  type MessageListResponse,
  type MessageResponse,
  type MessagesInContextResponse,
  type MessageStatsResponse,
  type SendMessageInput,
} from '../../../common/messages';
import { publicUrl } from '../../config';
import type { Platform } from '../../platform';
import { assertSelfOrAdmin, type AuthContext, type Principal } from '../../platform/auth';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import type { LiveService } from '../live/live.service';
import type { UsersService } from '../users/users.service';
import {
  peopleOf,
  toAdminConversation,
  toConversation,
  toDeletedMessage,
  toMessage,
  toMessageInContext,
} from './messages.present';
import {
  createMessagesRepo,
  type ConversationRow,
  type ConversationWithPeople,
  type MessageInConversation,
  type MessageRow,
  type Viewer,
} from './messages.repo';

export const UNREAD_EMAIL_JOB = 'messages.unread-email';
const UnreadEmail = z.object({ messageId: z.uuid(), recipientId: z.uuid() });
const MINUTE = 60_000;

/** Someone else's conversation or message answers as a missing one, so ids cannot be probed. */
const conversationNotFound = () => notFound('Conversation not found', 'CONVERSATION_NOT_FOUND');
const messageNotFound = () => notFound('Message not found', 'MESSAGE_NOT_FOUND');
const userNotFound = () => notFound('User not found', 'USER_NOT_FOUND');

type Page = { limit: number; offset: number };

export function createMessagesService(platform: Platform, deps: { users: UsersService; live: LiveService }) {
  const repo = createMessagesRepo(platform.db);
  const now = () => platform.clock.now();
  const site = publicUrl(platform.config);

  /** The person whose lists a `/users/{id}/…` call reads: the caller, or anyone for an administrator. */
  async function viewerFor(auth: AuthContext, userId: string): Promise<Viewer> {
    assertSelfOrAdmin(auth, userId);
    if (userId === auth.user.id) return auth.user;
    const row = await deps.users.findById(userId);
    if (!row) throw userNotFound();
    return { id: row.id, is_admin: row.is_admin };
  }

  async function loadConversation(id: string, viewer: Viewer): Promise<ConversationWithPeople> {
    const row = await repo.findConversation(id, viewer);
    if (!row) throw conversationNotFound();
    return row;
  }

  async function loadMessage(id: string, viewer: Viewer): Promise<MessageInConversation> {
    const row = await repo.findMessage(id, viewer);
    if (!row) throw messageNotFound();
    return row;
  }

  /** The refusals a person's privacy and account status make; administrators may message anyone active. */
  async function assertCanReceive(sender: Principal, recipientId: string) {
    if (recipientId === sender.id) throw badRequest(SELF_MESSAGE_REFUSED, 'SELF_MESSAGE_REFUSED');
    const recipient = await deps.users.findById(recipientId);
    if (!recipient) throw userNotFound();
    if (!recipient.is_active) throw forbidden(RECIPIENT_INACTIVE, 'RECIPIENT_INACTIVE');
    if (!recipient.allow_messages && !sender.is_admin)
      throw forbidden(MESSAGES_NOT_ALLOWED, 'MESSAGES_NOT_ALLOWED');
  }

  /** Tells everyone in the conversation, once the surrounding transaction has committed. */
  async function publish(row: ConversationWithPeople, type: string, data: MessageEventData) {
    const adminIds =
      row.conversation.kind === 'support' ? (await deps.users.activeAdmins()).map((admin) => admin.id) : [];
    for (const userId of peopleOf(row, adminIds)) await deps.live.publish(userId, { type, data });
  }

  /** Writes the message, plans its unread e-mail and tells both sides; in the caller's transaction. */
  async function write(
    conversation: ConversationRow,
    sender: Principal,
    recipientId: string | null,
    text: string,
  ): Promise<MessageRow> {
    const message = await repo.insertMessage({
      conversation_id: conversation.id,
      sender_id: sender.id,
      recipient_id: recipientId,
      text,
      sent_at: now(),
    });
    if (recipientId) {
      await unreadEmailJob.enqueue(
        { messageId: message.id, recipientId },
        {
          runAt: new Date(message.sent_at.getTime() + UNREAD_EMAIL_DELAY_MINUTES * MINUTE),
          dedupeKey: `message-unread:${message.id}`,
        },
      );
    }
    const full = (await repo.findConversationById(conversation.id))!;
    await publish(full, MESSAGE_CREATED_EVENT, { conversation_id: conversation.id, message_id: message.id });
    return message;
  }

  async function present(messageId: string, viewer: Viewer): Promise<MessageResponse> {
    return { message: toMessage(await loadMessage(messageId, viewer)) };
  }

  async function conversationFor(row: ConversationWithPeople, viewer: Viewer) {
    const [listed] = await repo.withLastAndUnread([row], viewer);
    return toConversation(listed!, viewer);
  }

  /** Who receives a message the sender writes into a conversation they belong to. */
  function recipientIn(row: ConversationWithPeople, sender: Principal): string | null {
    const { conversation } = row;
    // A member writes to the administrators as a whole; an administrator answers the member.
    if (conversation.kind === 'support')
      return conversation.user1_id === sender.id ? null : conversation.user1_id;
    return conversation.user1_id === sender.id ? conversation.user2_id! : conversation.user1_id;
  }

  const unreadEmailJob = platform.jobs.define(
    UNREAD_EMAIL_JOB,
    UnreadEmail,
    async ({ messageId, recipientId }) => {
      const viewer = { id: recipientId, is_admin: false };
      const row = await repo.findMessage(messageId, viewer);
      if (!row || row.message.read_at || row.message.deleted_at || row.hidden_at) return;
      const recipient = await deps.users.findById(recipientId);
      if (!recipient?.is_active || !recipient.email_notifications) return;
      await platform.tx(async () => {
        const claimed = await repo.claimEmailNotice(
          row.message.conversation_id,
          recipientId,
          now(),
          UNREAD_EMAIL_INTERVAL_MINUTES * MINUTE,
        );
        if (!claimed) return;
        await platform.mailer.send({
          to: recipient.email,
          subject: `New message from ${row.sender_name}`,
          text:
            `Hello ${recipient.name},\n\n` +
            `${row.sender_name} sent you a message on Kwoon that you have not read yet.\n\n` +
            `Read and answer it in Messages: ${site}/app/messages\n\n` +
            'You can turn these e-mails off in Settings.\n',
        });
      });
    },
  );

  return {
    async listConversations(
      auth: AuthContext,
      userId: string,
      query: { q?: string } & Page,
    ): Promise<ConversationListResponse> {
      const viewer = await viewerFor(auth, userId);
      const { rows, total } = await repo.listConversations(viewer, query);
      return { conversations: rows.map((row) => toConversation(row, viewer)), total };
    },

    async createConversation(
      auth: AuthContext,
      input: CreateConversationInput,
    ): Promise<{ created: boolean; body: CreateConversationResponse }> {
      const { user1_id, user2_id } = input;
      if (auth.user.id !== user1_id && auth.user.id !== user2_id)
        throw forbidden('You can only start conversations you are part of', 'NOT_PARTICIPANT');
      const otherId = auth.user.id === user1_id ? user2_id : user1_id;
      await assertCanReceive(auth.user, otherId);
      const { conversation, created } = await repo.findOrCreateDirect(user1_id, user2_id, now());
      const row = await loadConversation(conversation.id, auth.user);
      return {
        created,
        body: {
          conversation_id: conversation.id,
          conversation: await conversationFor(row, auth.user),
          created,
        },
      };
    },

    async getConversation(auth: AuthContext, id: string): Promise<ConversationResponse> {
      return { conversation: await conversationFor(await loadConversation(id, auth.user), auth.user) };
    },

    async listMessages(auth: AuthContext, id: string, page: Page): Promise<MessageListResponse> {
      await loadConversation(id, auth.user);
      const { rows, total } = await repo.messagePage(id, auth.user, page);
      return { messages: rows.map(toMessage), total, has_more: page.offset + rows.length < total };
    },

    async send(auth: AuthContext, input: SendMessageInput): Promise<MessageResponse> {
      const sender = auth.user;
      const message = await platform.tx(async () => {
        if (input.recipient_id) {
          await assertCanReceive(sender, input.recipient_id);
          const { conversation } = await repo.findOrCreateDirect(sender.id, input.recipient_id, now());
          return write(conversation, sender, input.recipient_id, input.text);
        }
        const row = await loadConversation(input.conversation_id!, sender);
        const recipientId = recipientIn(row, sender);
        if (recipientId) await assertCanReceive(sender, recipientId);
        return write(row.conversation, sender, recipientId, input.text);
      });
      return present(message.id, sender);
    },

    /** Posts into the member's support conversation, made on first use; for the support module. */
    async writeToSupport(
      member: Principal,
      text: string,
    ): Promise<MessageResponse & { conversation_id: string }> {
      const message = await platform.tx(async () => {
        const conversation = await repo.findOrCreateSupport(member.id, now());
        return write(conversation, member, null, text);
      });
      return { conversation_id: message.conversation_id, ...(await present(message.id, member)) };
    },

    async markMessageRead(auth: AuthContext, id: string): Promise<MarkReadResponse> {
      const row = await loadMessage(id, auth.user);
      const { message, conversation } = row;
      const forViewer =
        message.recipient_id === auth.user.id ||
        (message.recipient_id === null && auth.user.is_admin && conversation.kind === 'support');
      if (!forViewer) throw forbidden('Only the recipient can mark a message as read', 'NOT_RECIPIENT');
      return platform.tx(async () => {
        const updated = await repo.markMessageRead(id, auth.user, now());
        if (updated.length > 0)
          await publish(row, MESSAGE_READ_EVENT, { conversation_id: conversation.id, message_id: id });
        return { success: true, updated: updated.length };
      });
    },

    async markConversationRead(auth: AuthContext, id: string): Promise<MarkReadResponse> {
      const row = await loadConversation(id, auth.user);
      return platform.tx(async () => {
        const updated = await repo.markConversationRead(id, auth.user, now());
        if (updated.length > 0) await publish(row, MESSAGE_READ_EVENT, { conversation_id: id });
        return { success: true, updated: updated.length };
      });
    },

    /** The sender within DELETE_FOR_EVERYONE_MINUTES, an administrator always; the row stays as a tombstone. */
    async deleteForEveryone(auth: AuthContext, id: string): Promise<MessageResponse> {
      // Administrators moderate every conversation, their own or not.
      const found = auth.user.is_admin ? await repo.findMessage(id, null) : await loadMessage(id, auth.user);
      if (!found) throw messageNotFound();
      if (!auth.user.is_admin) {
        if (found.message.sender_id !== auth.user.id)
          throw forbidden('Only the sender can delete a message for everyone', 'NOT_SENDER');
        const age = now().getTime() - found.message.sent_at.getTime();
        if (age > DELETE_FOR_EVERYONE_MINUTES * MINUTE)
          throw forbidden(DELETE_WINDOW_PASSED, 'DELETE_WINDOW_PASSED');
      }
      await platform.tx(async () => {
        const deleted = await repo.deleteForEveryone(id, now());
        if (deleted)
          await publish(found, MESSAGE_DELETED_EVENT, {
            conversation_id: found.conversation.id,
            message_id: id,
          });
      });
      return { message: toMessage((await repo.findMessage(id, null)) ?? found) };
    },

    async deleteForMe(auth: AuthContext, id: string): Promise<MessageResponse> {
      await loadMessage(id, auth.user);
      await repo.hideMessage(id, auth.user.id, now());
      return present(id, auth.user);
    },

    async restore(auth: AuthContext, id: string): Promise<MessageResponse> {
      await loadMessage(id, auth.user);
      await repo.unhideMessage(id, auth.user.id);
      return present(id, auth.user);
    },

    async hideConversation(auth: AuthContext, id: string): Promise<void> {
      await loadConversation(id, auth.user);
      await repo.hideConversation(id, auth.user.id, now());
    },

    /** An administrator's permanent delete of the whole conversation, for both sides. */
    async deleteConversation(id: string): Promise<void> {
      await platform.tx(async () => {
        const row = await repo.findConversationById(id);
        if (!row || !(await repo.deleteConversation(id))) throw conversationNotFound();
        await publish(row, CONVERSATION_DELETED_EVENT, { conversation_id: id });
      });
    },

    async deleted(auth: AuthContext, userId: string, limit: number): Promise<DeletedMessagesResponse> {
      const viewer = await viewerFor(auth, userId);
      const rows = await repo.deletedFor(viewer, limit);
      return { messages: rows.map((row) => toDeletedMessage(row, viewer)) };
    },

    async unreadCount(auth: AuthContext, userId: string) {
      return { unread_count: await repo.unreadCount(await viewerFor(auth, userId)) };
    },

    async recent(
      auth: AuthContext,
      userId: string,
      limit: number,
      search?: string,
    ): Promise<MessagesInContextResponse> {
      const viewer = await viewerFor(auth, userId);
      const rows = await repo.recent(viewer, limit, search);
      return { messages: rows.map((row) => toMessageInContext(row, viewer)) };
    },

    async adminConversations(page: Page): Promise<AdminConversationListResponse> {
      const { rows, total } = await repo.adminConversations(page);
      return { conversations: rows.map(toAdminConversation), total };
    },

    stats: (): Promise<MessageStatsResponse> => repo.stats(now()),
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;
