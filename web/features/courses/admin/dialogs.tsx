import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Every delete states that it cannot be undone (spec 3 §5). */
export const CANNOT_BE_UNDONE = 'This action cannot be undone.';

export interface ConfirmDeleteDialogProps {
  opened: boolean;
  title: string;
  /** What is about to go, before the "cannot be undone" sentence. */
  children: ReactNode;
  loading?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function ConfirmDeleteDialog({
  opened,
  title,
  children,
  loading,
  onCancel,
  onConfirm,
}: ConfirmDeleteDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack gap="md">
        <Text>{children}</Text>
        <Text fw={600}>{CANNOT_BE_UNDONE}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button color="red" loading={loading} onClick={onConfirm}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export interface FailureDialogProps {
  /** The dialog's title ('Delete Failed', 'Module Creation Failed', …); null keeps it closed. */
  title: string | null;
  message: string;
  onClose: () => void;
}

/** The spec's failure dialogs: a title, the reason and an OK button. */
export function FailureDialog({ title, message, onClose }: FailureDialogProps) {
  return (
    <Modal opened={title !== null} onClose={onClose} title={title ?? ''} centered>
      <Stack gap="md">
        <Text role="alert">{message}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            OK
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
