import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MarkReadResponse, MessageResponse, POST_SEND_REFRESH_MS } from '../../../common/messages';
import { apiRequest } from '../../lib/api-client';
import { messageQueries } from './queries';

const enc = encodeURIComponent;

export function useConversations(userId: string, q: string) {
  return useInfiniteQuery(messageQueries.conversations(userId, q));
}

export function useConversation(conversationId: string) {
  return useQuery(messageQueries.conversation(conversationId));
}

export function useHistory(conversationId: string) {
  return useInfiniteQuery(messageQueries.history(conversationId));
}

export function useDeletedMessages(userId: string, enabled: boolean) {
  return useQuery({ ...messageQueries.deleted(userId), enabled });
}

export function useMessageSearch(userId: string, q: string) {
  return useQuery({ ...messageQueries.search(userId, q), enabled: q !== '' });
}

/**
 * What a change in a conversation moves: the lists (order, previews, unread counts), search
 * results and the bell's recent messages, the count in the shell, and the conversation's history;
 * with no conversation, every history.
 */
export function useRefreshMessages(userId: string) {
  const queryClient = useQueryClient();
  return (conversationId?: string) => {
    void queryClient.invalidateQueries({ queryKey: messageQueries.conversationLists(userId) });
    void queryClient.invalidateQueries({ queryKey: messageQueries.searches(userId) });
    void queryClient.invalidateQueries({ queryKey: messageQueries.recent(userId).queryKey });
    void queryClient.invalidateQueries({ queryKey: messageQueries.unreadCount(userId).queryKey });
    void queryClient.invalidateQueries({
      queryKey: conversationId ? messageQueries.history(conversationId).queryKey : ['messages', 'history'],
    });
  };
}

export function useSendMessage(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { conversation_id: string; text: string }) =>
      apiRequest('/messages', { method: 'POST', body: input, schema: MessageResponse }),
    onSuccess: (_answer, { conversation_id }) => {
      void queryClient.invalidateQueries({ queryKey: messageQueries.history(conversation_id).queryKey });
      // The lists and the unread count follow a moment later, as the product times them; the server
      // committed the message before it answered, so nothing depends on the pause.
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: messageQueries.conversationLists(userId) });
        void queryClient.invalidateQueries({ queryKey: messageQueries.unreadCount(userId).queryKey });
      }, POST_SEND_REFRESH_MS);
    },
  });
}

/** Marks everything the caller received in a conversation read; the lists and the count follow. */
export function useMarkConversationRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) =>
      apiRequest(`/conversations/${enc(conversationId)}/read`, {
        method: 'PUT',
        schema: MarkReadResponse,
      }),
    onSuccess: (answer) => {
      if (answer.updated === 0) return;
      void queryClient.invalidateQueries({ queryKey: messageQueries.conversationLists(userId) });
      void queryClient.invalidateQueries({ queryKey: messageQueries.unreadCount(userId).queryKey });
    },
  });
}

/** A change to one message: its history, the lists' previews, the count and the deleted list. */
function useMessageMutation<Variables>(userId: string, request: (variables: Variables) => Promise<unknown>) {
  const refresh = useRefreshMessages(userId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      refresh();
      void queryClient.invalidateQueries({ queryKey: messageQueries.deleted(userId).queryKey });
    },
  });
}

export const useDeleteForMe = (userId: string) =>
  useMessageMutation(userId, (messageId: string) =>
    apiRequest(`/messages/${enc(messageId)}/delete-for-me`, { method: 'DELETE' }),
  );

export const useDeleteForEveryone = (userId: string) =>
  useMessageMutation(userId, (messageId: string) =>
    apiRequest(`/messages/${enc(messageId)}`, { method: 'DELETE' }),
  );

export const useRestoreMessage = (userId: string) =>
  useMessageMutation(userId, (messageId: string) =>
    apiRequest(`/messages/${enc(messageId)}/restore`, { method: 'POST' }),
  );

export const useHideConversation = (userId: string) =>
  useMessageMutation(userId, (conversationId: string) =>
    apiRequest(`/conversations/${enc(conversationId)}/delete-for-me`, { method: 'DELETE' }),
  );

export const useDeleteConversation = (userId: string) =>
  useMessageMutation(userId, (conversationId: string) =>
    apiRequest(`/conversations/${enc(conversationId)}`, { method: 'DELETE' }),
  );
