import {
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { Conversation } from '../../../common/messages';
import type { User } from '../../../common/users';
import { LOAD_FAILED_MESSAGE } from '../../components/panel-body';
import { LoadFailed } from '../../components/load-failed';
import { UserAvatar } from '../../components/user-avatar';
import { useConversations } from './api';
import { conversationTitle } from './conversation-name';
import { MessageMatches } from './message-matches';
import { shortTime, TOMBSTONE_TEXT } from './message-format';
import classes from './messages-page.module.css';

/** Typing pauses this long before the list asks the server. */
const SEARCH_DEBOUNCE_MS = 300;

export interface ConversationListProps {
  user: User;
  selectedId: string | null;
  onSelect: (conversationId: string) => void;
}

function ConversationRow({
  conversation,
  user,
  selected,
  onSelect,
}: {
  conversation: Conversation;
  user: User;
  selected: boolean;
  onSelect: () => void;
}) {
  const { name, supportBadge } = conversationTitle(conversation, user.is_admin);
  const last = conversation.last_message;
  const preview = last
    ? `${last.sender_id === user.id ? 'You: ' : ''}${last.text || TOMBSTONE_TEXT}`
    : 'No messages yet';
  const unread = conversation.unread_count;
  return (
    <li>
      <UnstyledButton
        className={classes.row}
        onClick={onSelect}
        aria-current={selected ? 'true' : undefined}
        aria-label={`${name}${unread > 0 ? `, ${unread} unread` : ''}`}
      >
        <UserAvatar name={name} avatar={conversation.other_user.avatar} size={40} radius="xl" />
        <div className={classes.rowBody}>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Group gap={6} wrap="nowrap" miw={0}>
              <Text size="sm" fw={unread > 0 ? 700 : 600} truncate>
                {name}
              </Text>
              {supportBadge && (
                <Badge size="xs" color="grape" variant="light">
                  Support
                </Badge>
              )}
            </Group>
            {last && (
              <Text
                size="xs"
                c="dimmed"
                component="time"
                dateTime={last.sent_at}
                className={classes.noShrink}
              >
                {shortTime(last.sent_at)}
              </Text>
            )}
          </Group>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text size="xs" c="dimmed" truncate>
              {preview}
            </Text>
            {unread > 0 && (
              <Badge size="sm" circle color="red.9" className={classes.noShrink} aria-hidden>
                {unread}
              </Badge>
            )}
          </Group>
        </div>
      </UnstyledButton>
    </li>
  );
}

/**
 * The reader's conversations, newest activity first. A search narrows them to the people whose
 * name matches and lists, under them, the messages whose words match.
 */
export function ConversationList({ user, selectedId, onSelect }: ConversationListProps) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useConversations(user.id, q);
  const conversations = list.data?.pages.flatMap((page) => page.conversations) ?? [];

  return (
    <Stack gap="sm" className={classes.listColumn}>
      <TextInput
        type="search"
        aria-label="Search conversations"
        placeholder="Search people and messages"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {list.isPending ? (
        <Center py="lg">
          <Loader size="sm" aria-label="Loading conversations" />
        </Center>
      ) : list.isError ? (
        <LoadFailed message={LOAD_FAILED_MESSAGE} onRetry={() => void list.refetch()} />
      ) : conversations.length === 0 ? (
        <Text c="dimmed" size="sm" py="md">
          {q ? `No conversations match “${q}”` : 'No conversations yet. Start one from the Community page.'}
        </Text>
      ) : (
        <>
          <ul className={classes.rows} aria-label="Conversations">
            {conversations.map((conversation) => (
              <ConversationRow
                key={conversation.id}
                conversation={conversation}
                user={user}
                selected={conversation.id === selectedId}
                onSelect={() => onSelect(conversation.id)}
              />
            ))}
          </ul>
          {list.hasNextPage && (
            <Button
              variant="default"
              size="xs"
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              Load more conversations
            </Button>
          )}
        </>
      )}
      {q && (
        <section aria-labelledby="message-matches-title">
          <Title order={2} size="h6" id="message-matches-title" c="dimmed" mb="xs">
            Messages
          </Title>
          <MessageMatches user={user} q={q} onSelect={onSelect} />
        </section>
      )}
    </Stack>
  );
}
