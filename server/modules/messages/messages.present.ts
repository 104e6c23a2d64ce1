import {
  SUPPORT_CONVERSATION_NAME,
  type AdminConversation,
  type Conversation,
  type ConversationPerson,
  type DeletedMessage,
  type Message,
  type MessageInContext,
} from '../../../common/messages';
import type {
  ConversationListRow,
  ConversationWithPeople,
  MessageInConversation,
  MessageRow,
  MessageWithSender,
  Viewer,
} from './messages.repo';

/** The administrators, as a member sees the other side of their support conversation. */
const SUPPORT_PERSON: ConversationPerson = { id: null, name: SUPPORT_CONVERSATION_NAME, avatar: null };

/** Who is on the other side for the viewer: the other of the pair, or for support the member or the school. */
export function otherSide(row: ConversationWithPeople, viewer: Viewer): ConversationPerson {
  const { conversation, user1, user2 } = row;
  if (conversation.kind === 'support') return conversation.user1_id === viewer.id ? SUPPORT_PERSON : user1;
  return conversation.user1_id === viewer.id ? user2! : user1;
}

/** Everyone a change in the conversation is told to: both people, or the member and every administrator. */
export function peopleOf(row: ConversationWithPeople, adminIds: string[]): string[] {
  const { conversation } = row;
  if (conversation.kind === 'support') return [...new Set([conversation.user1_id, ...adminIds])];
  return [conversation.user1_id, conversation.user2_id!];
}

const lastMessage = (row: MessageRow | null) =>
  row ? { id: row.id, text: row.text, sender_id: row.sender_id, sent_at: row.sent_at.toISOString() } : null;

export function toConversation(row: ConversationListRow, viewer: Viewer): Conversation {
  return {
    id: row.conversation.id,
    kind: row.conversation.kind,
    other_user: otherSide(row, viewer),
    last_message: lastMessage(row.last),
    unread_count: row.unread,
    created_at: row.conversation.created_at.toISOString(),
  };
}

export function toMessage({ message, sender_name }: MessageWithSender): Message {
  return {
    id: message.id,
    conversation_id: message.conversation_id,
    sender_id: message.sender_id,
    sender_name,
    recipient_id: message.recipient_id,
    text: message.text,
    sent_at: message.sent_at.toISOString(),
    read_at: message.read_at?.toISOString() ?? null,
    deleted_for_everyone: message.deleted_at !== null,
  };
}

export const toMessageInContext = (row: MessageInConversation, viewer: Viewer): MessageInContext => ({
  ...toMessage(row),
  other_user: otherSide(row, viewer),
});

export const toDeletedMessage = (row: MessageInConversation, viewer: Viewer): DeletedMessage => ({
  ...toMessageInContext(row, viewer),
  deleted_at: row.hidden_at!.toISOString(),
});

export function toAdminConversation(
  row: ConversationWithPeople & { last: MessageRow | null; count: number },
): AdminConversation {
  return {
    id: row.conversation.id,
    kind: row.conversation.kind,
    participants: row.user2 ? [row.user1, row.user2] : [row.user1],
    message_count: row.count,
    last_message: lastMessage(row.last),
    created_at: row.conversation.created_at.toISOString(),
  };
}
