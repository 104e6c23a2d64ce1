import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ActionIcon, Badge, Box, Button, Center, Group, Loader, Menu, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDotsVertical, IconEyeOff, IconTrashX } from '@tabler/icons-react';
import type { Message } from '../../../common/messages';
import { HISTORY_FAILED_MESSAGE, deleteConversationFailed, hideConversationFailed } from './messages';
import type { User } from '../../../common/users';
import { ConfirmDeleteDialog, ConfirmDialog } from '../../components/dialogs';
import { LoadFailed } from '../../components/load-failed';
import { UserAvatar } from '../../components/user-avatar';
import { errorMessage } from '../../lib/api-client';
import { notifyError } from '../../lib/notify';
import {
  useConversation,
  useDeleteConversation,
  useDeleteForEveryone,
  useDeleteForMe,
  useHideConversation,
  useHistory,
  useSendMessage,
} from './api';
import { Composer } from './composer';
import { conversationTitle } from './conversation-name';
import { withDaySeparators } from './message-format';
import { canDeleteForEveryone, MessageItem } from './message-item';
import classes from './messages-page.module.css';

/** Within this many pixels of the end the history follows new messages down. */
const STICK_TO_BOTTOM_PX = 80;

export interface ChatPaneProps {
  conversationId: string;
  user: User;
  /** Back to the list (the phone's second step). */
  onBack: () => void;
  /** The conversation is gone for this reader (hidden or deleted). */
  onClosed: () => void;
}

type Confirming =
  | { kind: 'message-for-everyone'; message: Message }
  | { kind: 'hide' }
  | { kind: 'delete-conversation' }
  | null;

export function ChatPane({ conversationId, user, onBack, onClosed }: ChatPaneProps) {
  const conversation = useConversation(conversationId);
  const history = useHistory(conversationId);
  const send = useSendMessage(user.id);
  const deleteForMe = useDeleteForMe(user.id);
  const deleteForEveryone = useDeleteForEveryone(user.id);
  const hide = useHideConversation(user.id);
  const deleteConversation = useDeleteConversation(user.id);
  const [confirming, setConfirming] = useState<Confirming>(null);

  // Pages arrive newest first, each oldest first: the history reads from the last page to the first.
  const messages = useMemo(() => {
    const seen = new Set<string>();
    return [...(history.data?.pages ?? [])]
      .reverse()
      .flatMap((page) => page.messages)
      .filter((message) => !seen.has(message.id) && seen.add(message.id));
  }, [history.data]);
  const items = useMemo(() => withDaySeparators(messages), [messages]);

  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  /** The distance from the end before earlier messages were added above, to stay where the reader was. */
  const keepFromEnd = useRef<number | null>(null);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (keepFromEnd.current !== null) {
      element.scrollTop = element.scrollHeight - keepFromEnd.current;
      keepFromEnd.current = null;
    } else if (atBottom.current) {
      element.scrollTop = element.scrollHeight;
    }
  }, [items]);

  function handleLoadEarlier() {
    const element = scroller.current;
    if (element) keepFromEnd.current = element.scrollHeight - element.scrollTop;
    void history.fetchNextPage();
  }

  function handleDeleteForMe(message: Message) {
    deleteForMe.mutate(message.id, {
      onError: (error) => notifyError(errorMessage(error, 'Failed to delete message')),
    });
  }

  function handleConfirm() {
    if (!confirming) return;
    const done = { onSettled: () => setConfirming(null) };
    if (confirming.kind === 'message-for-everyone') {
      deleteForEveryone.mutate(confirming.message.id, {
        ...done,
        onError: (error) => notifyError(errorMessage(error, 'Failed to delete message')),
      });
    } else if (confirming.kind === 'hide') {
      hide.mutate(conversationId, {
        ...done,
        onSuccess: onClosed,
        onError: (error) => notifyError(hideConversationFailed(errorMessage(error, 'Unknown error'))),
      });
    } else {
      deleteConversation.mutate(conversationId, {
        ...done,
        onSuccess: onClosed,
        onError: (error) => notifyError(deleteConversationFailed(errorMessage(error, 'Unknown error'))),
      });
    }
  }

  const title = conversation.data ? conversationTitle(conversation.data.conversation, user.is_admin) : null;
  const other = conversation.data?.conversation.other_user;

  return (
    <section className={classes.chat} aria-label={title ? `Conversation with ${title.name}` : 'Conversation'}>
      <Group className={classes.chatHeader} gap="sm" wrap="nowrap" justify="space-between">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={onBack}
            aria-label="Back to conversations"
            hiddenFrom="sm"
          >
            <IconArrowLeft size={20} aria-hidden />
          </ActionIcon>
          {title && other ? (
            <>
              <UserAvatar name={title.name} avatar={other.avatar} size={36} radius="xl" />
              <Title order={2} size="h4" className={classes.truncate}>
                {title.name}
              </Title>
              {title.supportBadge && (
                <Badge color="grape" variant="light">
                  Support
                </Badge>
              )}
            </>
          ) : (
            <Title order={2} size="h4">
              Conversation
            </Title>
          )}
        </Group>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label="Conversation actions">
              <IconDotsVertical size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconEyeOff size={16} aria-hidden />}
              onClick={() => setConfirming({ kind: 'hide' })}
            >
              Hide conversation
            </Menu.Item>
            {user.is_admin && (
              <Menu.Item
                color="red"
                leftSection={<IconTrashX size={16} aria-hidden />}
                onClick={() => setConfirming({ kind: 'delete-conversation' })}
              >
                Delete permanently
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>

      <div
        ref={scroller}
        className={classes.history}
        onScroll={(event) => {
          const element = event.currentTarget;
          atBottom.current =
            element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
        }}
      >
        {history.isPending ? (
          <Center h="100%">
            <Loader size="sm" aria-label="Loading messages" />
          </Center>
        ) : history.isError && messages.length === 0 ? (
          <Box m="md">
            <LoadFailed message={HISTORY_FAILED_MESSAGE} onRetry={() => void history.refetch()} />
          </Box>
        ) : (
          <>
            {history.hasNextPage && (
              <Center py="xs">
                <Button
                  size="xs"
                  variant="default"
                  loading={history.isFetchingNextPage}
                  onClick={handleLoadEarlier}
                >
                  Load earlier messages
                </Button>
              </Center>
            )}
            {history.isFetchNextPageError && (
              <Text role="alert" size="sm" ta="center" c="var(--mantine-color-error)">
                {HISTORY_FAILED_MESSAGE}
              </Text>
            )}
            {messages.length === 0 ? (
              <Center h="100%">
                <Text c="dimmed">No messages yet. Say hello!</Text>
              </Center>
            ) : (
              <ol className={classes.messages} aria-label="Messages">
                {items.map((item) =>
                  item.kind === 'day' ? (
                    <li key={`day-${item.key}`} className={classes.day}>
                      <Text size="xs" c="dimmed" component="span">
                        {item.label}
                      </Text>
                    </li>
                  ) : (
                    <MessageItem
                      key={item.message.id}
                      message={item.message}
                      own={item.message.sender_id === user.id}
                      mayDeleteForEveryone={canDeleteForEveryone(item.message, user.id, user.is_admin)}
                      onDeleteForMe={handleDeleteForMe}
                      onDeleteForEveryone={(message) =>
                        setConfirming({ kind: 'message-for-everyone', message })
                      }
                    />
                  ),
                )}
              </ol>
            )}
          </>
        )}
      </div>

      <div className={classes.composer}>
        <Composer
          onSend={(text) => {
            atBottom.current = true;
            return send.mutateAsync({ conversation_id: conversationId, text });
          }}
        />
      </div>

      <ConfirmDeleteDialog
        opened={confirming?.kind === 'message-for-everyone'}
        title="Delete for everyone"
        loading={deleteForEveryone.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={handleConfirm}
      >
        The message will be replaced by “This message was deleted” for both of you.
      </ConfirmDeleteDialog>
      <ConfirmDialog
        opened={confirming?.kind === 'hide'}
        title="Hide conversation"
        confirmLabel="Hide"
        loading={hide.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={handleConfirm}
      >
        <Text>The conversation disappears from your list; the other person keeps theirs.</Text>
      </ConfirmDialog>
      <ConfirmDeleteDialog
        opened={confirming?.kind === 'delete-conversation'}
        title="Delete permanently"
        loading={deleteConversation.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={handleConfirm}
      >
        The conversation and all its messages are deleted for everyone in it.
      </ConfirmDeleteDialog>
    </section>
  );
}
