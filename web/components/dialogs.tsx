import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text, type MantineColor } from '@mantine/core';

/** Every delete's confirmation states that it cannot be undone. */
export const CANNOT_BE_UNDONE = 'This action cannot be undone.';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** What is about to happen, as paragraphs (`Text`). */
  children: ReactNode;
  /** The button that goes ahead: 'Delete', 'Publish'. */
  confirmLabel: string;
  /** Red for what destroys something. */
  confirmColor?: MantineColor;
  /** Adds the "cannot be undone" sentence, as every delete must. */
  irreversible?: boolean;
  loading?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * The one confirmation step before an action that is hard to take back. Cancel has the focus, so
 * Enter pressed by habit does not delete anything.
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  confirmColor,
  irreversible = false,
  loading,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack gap="md">
        {children}
        {irreversible && <Text fw={600}>{CANNOT_BE_UNDONE}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button color={confirmColor} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A confirmation of a delete: what goes (one paragraph), the "cannot be undone" sentence, a red Delete. */
export function ConfirmDeleteDialog({
  children,
  ...props
}: Omit<ConfirmDialogProps, 'confirmLabel' | 'confirmColor' | 'irreversible'>) {
  return (
    <ConfirmDialog {...props} confirmLabel="Delete" confirmColor="red" irreversible>
      <Text>{children}</Text>
    </ConfirmDialog>
  );
}

export interface FailureDialogProps {
  /** The dialog's title ('Delete Failed', 'Module Creation Failed', …); null keeps it closed. */
  title: string | null;
  message: string;
  onClose: () => void;
}

/** A failure dialog: a title, the reason and an OK button. */
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
