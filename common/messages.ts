import { z } from 'zod';
import { pageLimit, pageOffset } from './api';

/**
 * Direct messages (the Messages screen: conversation list, chat, read state, hiding and search)
 * and the support conversation of the Support Center. A conversation is either between two people
 * (`direct`, one per pair) or a member's one `support` conversation with the school's
 * administrators, which every administrator sees and answers.
 */

/** Page sizes: each list's default, and the most one page may hold. */
export const MESSAGES_DEFAULT_LIMIT = 50;
export const MESSAGES_MAX_LIMIT = 100;
export const DELETED_MESSAGES_DEFAULT_LIMIT = 50;
export const RECENT_MESSAGES_DEFAULT_LIMIT = 10;
export const MESSAGE_SEARCH_DEFAULT_LIMIT = 20;
export const MESSAGE_LISTS_MAX_LIMIT = 100;
export const CONVERSATIONS_DEFAULT_LIMIT = 50;
export const CONVERSATIONS_MAX_LIMIT = 100;
export const MESSAGE_TEXT_MAX = 5000;
export const MESSAGE_SEARCH_MAX = 200;
/** The fallback poll of the unread count while the live stream is down. */
export const UNREAD_POLL_MS = 30_000;
/** Conversations and the unread count refresh this long after a send; the chat's history at once. */
export const POST_SEND_REFRESH_MS = 100;
/** A sender may delete a message for everyone this long after sending it; administrators always. */
export const DELETE_FOR_EVERYONE_MINUTES = 60;
/** An unread message is e-mailed after this long, at most once per conversation per hour. */
export const UNREAD_EMAIL_DELAY_MINUTES = 15;
export const UNREAD_EMAIL_INTERVAL_MINUTES = 60;

/** The API's answers about messages, which the screens show as they are. */
export const MESSAGE_TEXT_REQUIRED = 'Message text is required';
export const MESSAGE_TEXT_TOO_LONG = `Messages can be at most ${MESSAGE_TEXT_MAX} characters`;
export const SELF_MESSAGE_REFUSED = 'You cannot send a message to yourself';
export const MESSAGES_NOT_ALLOWED = 'This person does not accept messages';
export const RECIPIENT_INACTIVE = 'This account is deactivated and cannot receive messages';
export const DELETE_WINDOW_PASSED = `Messages can be deleted for everyone only within ${DELETE_FOR_EVERYONE_MINUTES} minutes of sending`;
/** How the other side of a member's support conversation is named. */
export const SUPPORT_CONVERSATION_NAME = 'School Support';

export const ConversationKind = z.enum(['direct', 'support']);
export type ConversationKind = z.infer<typeof ConversationKind>;

/** The person on the other side; `id` null is the administrators of a member's support conversation. */
export const ConversationPerson = z.object({
  id: z.uuid().nullable(),
  name: z.string(),
  avatar: z.string().nullable(),
});
export type ConversationPerson = z.infer<typeof ConversationPerson>;

export const LastMessage = z.object({
  id: z.uuid(),
  text: z.string(),
  sender_id: z.uuid(),
  sent_at: z.string(),
});

/** A conversation as one of its people sees it. */
export const Conversation = z.object({
  id: z.uuid(),
  kind: ConversationKind,
  other_user: ConversationPerson,
  /** The newest message the viewer has not deleted for themselves; null when none. */
  last_message: LastMessage.nullable(),
  unread_count: z.number().int(),
  created_at: z.string(),
});
export type Conversation = z.infer<typeof Conversation>;

/** GET /users/{id}/conversations?q&limit&offset: newest activity first; `q` matches the other person's name. */
export const ConversationListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  limit: pageLimit(CONVERSATIONS_DEFAULT_LIMIT, CONVERSATIONS_MAX_LIMIT),
  offset: pageOffset,
});
export type ConversationListQuery = z.input<typeof ConversationListQuery>;

export const ConversationListResponse = z.object({
  conversations: z.array(Conversation),
  total: z.number().int(),
});
export type ConversationListResponse = z.infer<typeof ConversationListResponse>;

/** POST /conversations: the caller is one of the two; answers the existing conversation when there is one. */
export const CreateConversationInput = z.object({
  user1_id: z.uuid({ error: 'Invalid user id' }),
  user2_id: z.uuid({ error: 'Invalid user id' }),
});
export type CreateConversationInput = z.infer<typeof CreateConversationInput>;

export const CreateConversationResponse = z.object({
  conversation_id: z.uuid(),
  conversation: Conversation,
  created: z.boolean(),
});
export type CreateConversationResponse = z.infer<typeof CreateConversationResponse>;

export const ConversationResponse = z.object({ conversation: Conversation });
export type ConversationResponse = z.infer<typeof ConversationResponse>;

/** One message as one of the conversation's people sees it. */
export const Message = z.object({
  id: z.uuid(),
  conversation_id: z.uuid(),
  sender_id: z.uuid(),
  sender_name: z.string(),
  /** Null when sent to the administrators (a member's message in a support conversation). */
  recipient_id: z.uuid().nullable(),
  /** Empty once deleted for everyone. */
  text: z.string(),
  sent_at: z.string(),
  /** When the recipient (for support: any administrator) read it; null while unread. */
  read_at: z.string().nullable(),
  deleted_for_everyone: z.boolean(),
});
export type Message = z.infer<typeof Message>;

/** GET /conversations/{id}/messages?limit&offset: `offset` counts back from the newest; the page is oldest first. */
export const MessageListQuery = z.object({
  limit: pageLimit(MESSAGES_DEFAULT_LIMIT, MESSAGES_MAX_LIMIT),
  offset: pageOffset,
});
export type MessageListQuery = z.input<typeof MessageListQuery>;

export const MessageListResponse = z.object({
  messages: z.array(Message),
  total: z.number().int(),
  has_more: z.boolean(),
});
export type MessageListResponse = z.infer<typeof MessageListResponse>;

export const MessageText = z
  .string({ error: MESSAGE_TEXT_REQUIRED })
  .max(MESSAGE_TEXT_MAX, MESSAGE_TEXT_TOO_LONG)
  .refine((text) => text.trim().length > 0, MESSAGE_TEXT_REQUIRED);

/**
 * POST /messages: to a person (`recipient_id`, into the direct conversation with them, created when
 * missing) or into a conversation the caller belongs to (`conversation_id`, how administrators
 * answer a support conversation). Exactly one of the two.
 */
export const SendMessageInput = z
  .object({
    recipient_id: z.uuid({ error: 'Invalid recipient id' }).optional(),
    conversation_id: z.uuid({ error: 'Invalid conversation id' }).optional(),
    text: MessageText,
  })
  .refine((input) => (input.recipient_id === undefined) !== (input.conversation_id === undefined), {
    message: 'Send to a recipient_id or a conversation_id',
    path: ['recipient_id'],
  });
export type SendMessageInput = z.infer<typeof SendMessageInput>;

export const MessageResponse = z.object({ message: Message });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** PUT /conversations/{id}/read and PUT /messages/{id}/read. */
export const MarkReadResponse = z.object({ success: z.literal(true), updated: z.number().int() });
export type MarkReadResponse = z.infer<typeof MarkReadResponse>;

/** A message the viewer deleted for themselves, with what the "deleted for me" list shows. */
export const DeletedMessage = Message.extend({
  other_user: ConversationPerson,
  deleted_at: z.string(),
});
export type DeletedMessage = z.infer<typeof DeletedMessage>;

export const DeletedMessagesQuery = z.object({
  limit: pageLimit(DELETED_MESSAGES_DEFAULT_LIMIT, MESSAGE_LISTS_MAX_LIMIT),
});
export const DeletedMessagesResponse = z.object({ messages: z.array(DeletedMessage) });
export type DeletedMessagesResponse = z.infer<typeof DeletedMessagesResponse>;

export const UnreadCountResponse = z.object({ unread_count: z.number().int() });
export type UnreadCountResponse = z.infer<typeof UnreadCountResponse>;

export const RecentMessagesQuery = z.object({
  limit: pageLimit(RECENT_MESSAGES_DEFAULT_LIMIT, MESSAGE_LISTS_MAX_LIMIT),
});

/** A message with the conversation it belongs to, for the recent list and search results. */
export const MessageInContext = Message.extend({ other_user: ConversationPerson });
export type MessageInContext = z.infer<typeof MessageInContext>;

export const MessagesInContextResponse = z.object({ messages: z.array(MessageInContext) });
export type MessagesInContextResponse = z.infer<typeof MessagesInContextResponse>;

/** GET /users/{id}/messages/search?q&limit: full text over the person's own messages. */
export const MessageSearchQuery = z.object({
  q: z
    .string({ error: 'Search text is required' })
    .trim()
    .min(1, 'Search text is required')
    .max(MESSAGE_SEARCH_MAX, `Search text can be at most ${MESSAGE_SEARCH_MAX} characters`),
  limit: pageLimit(MESSAGE_SEARCH_DEFAULT_LIMIT, MESSAGE_LISTS_MAX_LIMIT),
});
export type MessageSearchQuery = z.input<typeof MessageSearchQuery>;

/** GET /admin/conversations?limit&offset: every conversation, newest activity first. */
export const AdminConversation = z.object({
  id: z.uuid(),
  kind: ConversationKind,
  /** For a support conversation, the member only. */
  participants: z.array(ConversationPerson),
  message_count: z.number().int(),
  last_message: LastMessage.nullable(),
  created_at: z.string(),
});
export type AdminConversation = z.infer<typeof AdminConversation>;

export const AdminConversationListQuery = z.object({
  limit: pageLimit(CONVERSATIONS_DEFAULT_LIMIT, CONVERSATIONS_MAX_LIMIT),
  offset: pageOffset,
});
export const AdminConversationListResponse = z.object({
  conversations: z.array(AdminConversation),
  total: z.number().int(),
});
export type AdminConversationListResponse = z.infer<typeof AdminConversationListResponse>;

/** GET /admin/messages/stats. */
export const MessageStatsResponse = z.object({
  total_messages: z.number().int(),
  total_conversations: z.number().int(),
  messages_last_24_hours: z.number().int(),
  messages_last_7_days: z.number().int(),
  active_senders_last_7_days: z.number().int(),
  unread_support_messages: z.number().int(),
});
export type MessageStatsResponse = z.infer<typeof MessageStatsResponse>;

/**
 * Live events (`common/live.ts`) the messaging domain publishes to both people (for a support
 * conversation: the member and every administrator). Payloads carry ids; screens refetch.
 */
export const MESSAGE_CREATED_EVENT = 'message.created';
export const MESSAGE_READ_EVENT = 'message.read';
export const MESSAGE_DELETED_EVENT = 'message.deleted';
export const CONVERSATION_DELETED_EVENT = 'conversation.deleted';
export const MessageEventData = z.object({
  conversation_id: z.uuid(),
  message_id: z.uuid().optional(),
});
export type MessageEventData = z.infer<typeof MessageEventData>;
