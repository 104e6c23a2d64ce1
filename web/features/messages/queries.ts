import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
// Read statically: the shell's unread count loads the messaging contract with every /app screen.
import {
  ConversationListResponse,
  ConversationResponse,
  CONVERSATIONS_DEFAULT_LIMIT,
  DeletedMessagesResponse,
  MessageListResponse,
  MESSAGES_DEFAULT_LIMIT,
  MessagesInContextResponse,
  UnreadCountResponse,
} from '../../../common/messages';
import { apiRequest } from '../../lib/api-client';

const enc = encodeURIComponent;

export const messageQueries = {
  all: ['messages'] as const,
  /** Every conversation list of a user, whatever the search: a new message reorders them all. */
  conversationLists: (userId: string) => ['messages', 'conversations', { userId }] as const,
  /** Every message search of a user: any change to a message may change the results. */
  searches: (userId: string) => ['messages', 'search', { userId }] as const,

  /** A user's conversations, newest activity first, a page at a time; `q` matches the other person's name. */
  conversations: (userId: string, q: string) =>
    infiniteQueryOptions({
      queryKey: ['messages', 'conversations', { userId }, { q }] as const,
      initialPageParam: 0,
      queryFn: ({ pageParam, signal }) => {
        const query = new URLSearchParams({
          limit: String(CONVERSATIONS_DEFAULT_LIMIT),
          offset: String(pageParam),
        });
        if (q) query.set('q', q);
        return apiRequest(`/users/${enc(userId)}/conversations?${query}`, {
          schema: ConversationListResponse,
          signal,
        });
      },
      getNextPageParam: (last, pages) => {
        const loaded = pages.reduce((sum, page) => sum + page.conversations.length, 0);
        return last.conversations.length > 0 && loaded < last.total ? loaded : undefined;
      },
    }),

  conversation: (conversationId: string) =>
    queryOptions({
      queryKey: ['messages', 'conversation', { conversationId }] as const,
      queryFn: ({ signal }) =>
        apiRequest(`/conversations/${enc(conversationId)}`, {
          schema: ConversationResponse,
          signal,
        }),
    }),

  /**
   * A conversation's history, newest page first: each page's offset counts back from the newest
   * message, so the next page is the earlier one. A page itself is oldest first.
   */
  history: (conversationId: string) =>
    infiniteQueryOptions({
      queryKey: ['messages', 'history', { conversationId }] as const,
      initialPageParam: 0,
      queryFn: ({ pageParam, signal }) =>
        apiRequest(
          `/conversations/${enc(conversationId)}/messages?limit=${MESSAGES_DEFAULT_LIMIT}&offset=${pageParam}`,
          { schema: MessageListResponse, signal },
        ),
      getNextPageParam: (last, pages) =>
        last.has_more ? pages.reduce((sum, page) => sum + page.messages.length, 0) : undefined,
    }),

  /** The messages a user deleted for themselves, newest first. */
  deleted: (userId: string) =>
    queryOptions({
      queryKey: ['messages', 'deleted', { userId }] as const,
      queryFn: ({ signal }) =>
        apiRequest(`/users/${enc(userId)}/messages/deleted`, {
          schema: DeletedMessagesResponse,
          signal,
        }),
    }),

  /** The shell's badge and bell. */
  unreadCount: (userId: string) =>
    queryOptions({
      queryKey: ['messages', 'unread-count', { userId }] as const,
      queryFn: ({ signal }) =>
        apiRequest(`/users/${enc(userId)}/messages/unread-count`, {
          schema: UnreadCountResponse,
          signal,
        }),
      select: (answer) => answer.unread_count,
    }),

  /** Full text over the messages the user can read, newest first (the first 20). */
  search: (userId: string, q: string) =>
    queryOptions({
      queryKey: [...messageQueries.searches(userId), { q }] as const,
      queryFn: ({ signal }) =>
        apiRequest(`/users/${enc(userId)}/messages/search?${new URLSearchParams({ q })}`, {
          schema: MessagesInContextResponse,
          signal,
        }),
      select: (answer) => answer.messages,
    }),

  /** The newest messages of every conversation together, for the bell (the first 10). */
  recent: (userId: string) =>
    queryOptions({
      queryKey: ['messages', 'recent', { userId }] as const,
      queryFn: ({ signal }) =>
        apiRequest(`/users/${enc(userId)}/messages/recent`, {
          schema: MessagesInContextResponse,
          signal,
        }),
      select: (answer) => answer.messages,
    }),
};
