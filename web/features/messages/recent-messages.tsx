import { ActionIcon, Anchor, Center, Indicator, Loader, Popover, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import type { User } from '../../../common/users';
import { LoadFailed } from '../../components/load-failed';
import { LOAD_FAILED_MESSAGE } from '../../components/panel-body';
import { messageQueries } from './queries';
import { MessageMatch } from './message-match';
import classes from './messages-page.module.css';

export interface NotificationsBellProps {
  user: User;
  unreadCount: number;
}

/**
 * The header's bell: the unread count on it, and on a click the newest messages of every
 * conversation (read when it opens), each leading to its conversation.
 */
export function NotificationsBell({ user, unreadCount }: NotificationsBellProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const recent = useQuery({ ...messageQueries.recent(user.id), enabled: opened });
  const navigate = useNavigate();
  const label = unreadCount > 0 ? `Notifications (${unreadCount} unread messages)` : 'Notifications';

  return (
    // The count sits outside the popover's target, which gives its child the popup's ARIA state.
    <Indicator label={unreadCount} size={18} color="red.9" disabled={unreadCount === 0} offset={4}>
      <Popover
        opened={opened}
        onChange={(open) => !open && close()}
        position="bottom-end"
        width={320}
        shadow="md"
        trapFocus
      >
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} onClick={toggle}>
            <IconBell size={22} stroke={1.6} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown aria-label="Recent messages" role="dialog">
          <Text fw={700} size="sm" mb="xs">
            Recent messages
          </Text>
          {recent.isPending ? (
            <Center py="sm">
              <Loader size="xs" aria-label="Loading recent messages" />
            </Center>
          ) : recent.isError ? (
            <LoadFailed message={LOAD_FAILED_MESSAGE} onRetry={() => void recent.refetch()} />
          ) : recent.data.length === 0 ? (
            <Text c="dimmed" size="sm">
              No messages yet
            </Text>
          ) : (
            <ul className={classes.rows} aria-label="Recent messages">
              {recent.data.map((message) => (
                <MessageMatch
                  key={message.id}
                  message={message}
                  user={user}
                  onSelect={() => {
                    close();
                    void navigate(
                      `/app/messages?conversation=${encodeURIComponent(message.conversation_id)}`,
                    );
                  }}
                />
              ))}
            </ul>
          )}
          <Anchor component={Link} to="/app/messages" size="sm" display="block" mt="sm" onClick={close}>
            Open Messages
          </Anchor>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
