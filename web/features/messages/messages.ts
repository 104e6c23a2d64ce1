/** The messages screens' own texts for a failed call or a missing conversation. */
export const SEND_FAILED_MESSAGE = 'Failed to send message. Please try again';
export const HISTORY_FAILED_MESSAGE = 'Failed to load conversation history';
export const NO_CONVERSATION_TITLE = 'Error';
export const NO_CONVERSATION_MESSAGE =
  "Please select a conversation first, or visit a user's profile from the Community page to start a new conversation";
export const hideConversationFailed = (error: string) => `Failed to hide conversation: ${error}`;
export const deleteConversationFailed = (error: string) =>
  `Failed to delete conversation permanently: ${error}`;
