import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { User } from '../../../common/users';
import { LOAD_FAILED_MESSAGE } from '../../components/panel-body';
import { errorMessage } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useDeletedMessages, useRestoreMessage } from './api';
import { TOMBSTONE_TEXT } from './message-format';
import classes from './messages-page.module.css';

export interface DeletedMessagesModalProps {
  user: User;
  opened: boolean;
  onClose: () => void;
}

/** The messages the reader deleted for themselves, each with Restore. */
export function DeletedMessagesModal({ user, opened, onClose }: DeletedMessagesModalProps) {
  const deleted = useDeletedMessages(user.id, opened);
  const restore = useRestoreMessage(user.id);

  function handleRestore(messageId: string) {
    restore.mutate(messageId, {
      onSuccess: () => notifySuccess('Message restored'),
      onError: (error) => notifyError(errorMessage(error, 'Failed to restore message')),
    });
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Deleted for me" size="lg">
      {deleted.isPending ? (
        <Loader size="sm" aria-label="Loading deleted messages" />
      ) : deleted.isError ? (
        <Alert color="red" role="alert">
          {LOAD_FAILED_MESSAGE}
        </Alert>
      ) : deleted.data.messages.length === 0 ? (
        <Text c="dimmed">You have not deleted any messages.</Text>
      ) : (
        <ul className={classes.rows} aria-label="Deleted messages">
          {deleted.data.messages.map((message) => (
            <li key={message.id} className={classes.deletedRow}>
              <Stack gap={2} className={classes.deletedText}>
                <Text size="xs" c="dimmed">
                  {message.sender_id === user.id ? 'You' : message.sender_name} →{' '}
                  {message.sender_id === user.id ? message.other_user.name : 'you'} ·{' '}
                  {dayjs(message.sent_at).format('MMM D, YYYY h:mm A')}
                </Text>
                <Text size="sm" className={classes.text} lineClamp={3}>
                  {message.deleted_for_everyone ? TOMBSTONE_TEXT : message.text}
                </Text>
              </Stack>
              <Group>
                <Button
                  size="xs"
                  variant="default"
                  loading={restore.isPending && restore.variables === message.id}
                  onClick={() => handleRestore(message.id)}
                >
                  Restore
                </Button>
              </Group>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
