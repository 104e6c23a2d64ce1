import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import type { User } from '../../../common/users';
import { errorMessage } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCancelEmailChange, useResendEmailChange } from './api';
import classes from './pending-email-notice.module.css';

/** While a new address waits for its link, the current one stays in use; this says so. */
export function PendingEmailNotice({ profile }: { profile: User }) {
  const resend = useResendEmailChange(profile.id);
  const cancel = useCancelEmailChange(profile.id);
  if (!profile.pending_email) return null;
  const pending = profile.pending_email;

  const handleResend = () =>
    resend.mutate(undefined, {
      onSuccess: () => notifySuccess(`We sent a new link to ${pending}.`),
      onError: (error) => notifyError(errorMessage(error, 'Failed to send the link. Please try again.')),
    });
  const handleCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: () => notifySuccess(`Your e-mail stays ${profile.email}.`),
      onError: (error) => notifyError(errorMessage(error, 'Failed to cancel the change. Please try again.')),
    });

  return (
    <Alert
      color="blue"
      icon={<IconMailForward size={20} aria-hidden />}
      title="Confirm your new e-mail address"
    >
      <Stack gap="sm">
        {/* A long address must wrap rather than push the notice wider than a phone. */}
        <Text size="sm" className={classes.message}>
          Confirm the link we sent to <strong>{pending}</strong>. Until then we keep using {profile.email}.
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" loading={resend.isPending} onClick={handleResend}>
            Resend link
          </Button>
          <Button size="xs" variant="default" loading={cancel.isPending} onClick={handleCancel}>
            Cancel change
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
