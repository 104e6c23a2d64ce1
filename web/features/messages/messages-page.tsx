import { useEffect, useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import {
  CONVERSATION_DELETED_EVENT,
  MESSAGE_CREATED_EVENT,
  MESSAGE_DELETED_EVENT,
  MESSAGE_READ_EVENT,
  MessageEventData,
} from '../../../common/messages';
import { NO_CONVERSATION_MESSAGE, NO_CONVERSATION_TITLE } from './messages';
import { FailureDialog } from '../../components/dialogs';
import { useLiveEvent } from '../../lib/live-events';
import { useCurrentUser } from '../../lib/session';
import { useMarkConversationRead, useRefreshMessages } from './api';
import { ChatPane } from './chat-pane';
import { Composer } from './composer';
import { ConversationList } from './conversation-list';
import { DeletedMessagesModal } from './deleted-messages-modal';
import classes from './messages-page.module.css';

const CONVERSATION_PARAM = 'conversation';

/**
 * Keeps the screen current from the live stream: every messaging event refreshes the lists, the
 * count and the history it names; a message arriving in the open conversation is read at once.
 */
function useLiveMessages(
  userId: string,
  openId: string | null,
  markRead: (id: string) => void,
  onGone: () => void,
) {
  const refresh = useRefreshMessages(userId);
  const handle = (type: string) => (data: unknown) => {
    const parsed = MessageEventData.safeParse(data);
    const conversationId = parsed.success ? parsed.data.conversation_id : undefined;
    refresh(conversationId);
    if (conversationId !== openId) return;
    if (type === MESSAGE_CREATED_EVENT) markRead(conversationId);
    if (type === CONVERSATION_DELETED_EVENT) onGone();
  };
  useLiveEvent(MESSAGE_CREATED_EVENT, handle(MESSAGE_CREATED_EVENT));
  useLiveEvent(MESSAGE_READ_EVENT, handle(MESSAGE_READ_EVENT));
  useLiveEvent(MESSAGE_DELETED_EVENT, handle(MESSAGE_DELETED_EVENT));
  useLiveEvent(CONVERSATION_DELETED_EVENT, handle(CONVERSATION_DELETED_EVENT));
}

/** /app/messages: the conversation list and the chat; on a phone, one after the other. */
export function MessagesPage() {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const openId = params.get(CONVERSATION_PARAM);
  const [noConversation, setNoConversation] = useState(false);
  const [deletedOpened, setDeletedOpened] = useState(false);
  const { mutate: markRead } = useMarkConversationRead(user.id);

  const select = (conversationId: string | null) =>
    setParams(conversationId ? { [CONVERSATION_PARAM]: conversationId } : {});

  // Opening a conversation reads it.
  useEffect(() => {
    if (openId) markRead(openId);
  }, [openId, markRead]);

  useLiveMessages(user.id, openId, markRead, () => select(null));

  return (
    <Stack gap="md" className={classes.page}>
      <Group justify="space-between" className={openId ? classes.hideOnPhone : undefined}>
        <Title order={1}>Messages</Title>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => setDeletedOpened(true)}
        >
          Deleted for me
        </Button>
      </Group>
      <div className={classes.layout} data-open={openId ? true : undefined}>
        <div className={classes.listPane}>
          <ConversationList user={user} selectedId={openId} onSelect={select} />
        </div>
        <div className={classes.chatPane}>
          {openId ? (
            <ChatPane
              key={openId}
              conversationId={openId}
              user={user}
              onBack={() => select(null)}
              onClosed={() => select(null)}
            />
          ) : (
            <section className={classes.chat} aria-label="Conversation">
              <div className={classes.history}>
                <Text c="dimmed" ta="center" p="xl">
                  Choose a conversation to read it.
                </Text>
              </div>
              <div className={classes.composer}>
                <Composer onNoConversation={() => setNoConversation(true)} />
              </div>
            </section>
          )}
        </div>
      </div>
      <FailureDialog
        title={noConversation ? NO_CONVERSATION_TITLE : null}
        message={NO_CONVERSATION_MESSAGE}
        onClose={() => setNoConversation(false)}
      />
      <DeletedMessagesModal user={user} opened={deletedOpened} onClose={() => setDeletedOpened(false)} />
    </Stack>
  );
}
