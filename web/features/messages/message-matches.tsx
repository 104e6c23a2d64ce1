import { Center, Loader, Text } from '@mantine/core';
import type { User } from '../../../common/users';
import { LoadFailed } from '../../components/load-failed';
import { LOAD_FAILED_MESSAGE } from '../../components/panel-body';
import { useMessageSearch } from './api';
import { MessageMatch } from './message-match';
import classes from './messages-page.module.css';

/** The reader's messages whose words match the search, newest first. */
export function MessageMatches({
  user,
  q,
  onSelect,
}: {
  user: User;
  q: string;
  onSelect: (conversationId: string) => void;
}) {
  const search = useMessageSearch(user.id, q);
  if (search.isPending) {
    return (
      <Center py="sm">
        <Loader size="xs" aria-label="Searching messages" />
      </Center>
    );
  }
  if (search.isError)
    return <LoadFailed message={LOAD_FAILED_MESSAGE} onRetry={() => void search.refetch()} />;
  if (search.data.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No messages match “{q}”
      </Text>
    );
  }
  return (
    <ul className={classes.rows} aria-label="Matching messages">
      {search.data.map((message) => (
        <MessageMatch
          key={message.id}
          message={message}
          user={user}
          onSelect={() => onSelect(message.conversation_id)}
        />
      ))}
    </ul>
  );
}
