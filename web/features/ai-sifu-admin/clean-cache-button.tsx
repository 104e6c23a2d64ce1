import { Button, Text, type ButtonProps } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/dialogs';
import { notifySuccess } from '../../lib/notify';
import { useCleanCache } from './api';

export const cacheCleanedMessage = (removed: number) =>
  removed === 1
    ? 'Cache cleaned: 1 cached answer removed'
    : `Cache cleaned: ${removed} cached answers removed`;

export interface CleanCacheButtonProps {
  size?: ButtonProps['size'];
  /** The cleaning failed (the caller says 'Failed to clean cache' where it shows errors). */
  onFailed: () => void;
  /** A new attempt begins: an earlier failure no longer applies. */
  onStart?: () => void;
}

/**
 * Clean Cache, confirmed first: it removes every cached answer, so the next questions are
 * answered afresh. On success the analytics load again (the mutation invalidates them).
 */
export function CleanCacheButton({ size, onFailed, onStart }: CleanCacheButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const clean = useCleanCache();

  const handleConfirm = () => {
    onStart?.();
    clean.mutate(undefined, {
      onSuccess: ({ removed }) => notifySuccess(cacheCleanedMessage(removed)),
      onError: onFailed,
      onSettled: () => setConfirming(false),
    });
  };

  return (
    <>
      <Button
        size={size}
        variant="default"
        color="red"
        leftSection={<IconTrash size={16} aria-hidden />}
        loading={clean.isPending}
        onClick={() => setConfirming(true)}
      >
        Clean Cache
      </Button>
      <ConfirmDialog
        opened={confirming}
        title="Clean Cache"
        confirmLabel="Clean Cache"
        confirmColor="red"
        irreversible
        loading={clean.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={handleConfirm}
      >
        <Text>
          Remove every cached answer? AI Sifu answers the next questions afresh, which costs more until the
          cache fills again.
        </Text>
      </ConfirmDialog>
    </>
  );
}
