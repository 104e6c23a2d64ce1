import { SUPPORT_CONVERSATION_NAME, type Conversation } from '../../../common/messages';

/**
 * Who a conversation is with, as the reader sees it: a member's support conversation is with the
 * school; administrators see the member, marked as support.
 */
export function conversationTitle(conversation: Conversation, isAdmin: boolean) {
  const support = conversation.kind === 'support';
  return {
    name: support && !isAdmin ? SUPPORT_CONVERSATION_NAME : conversation.other_user.name,
    supportBadge: support && isAdmin,
  };
}
