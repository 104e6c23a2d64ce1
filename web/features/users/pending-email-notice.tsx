import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import type { User } from '../../../common/users';
import { errorMessage } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCancelEmailChange, useResendEmailChange, useSendEmailConfirmation } from './api';
import classes from './pending-email-notice.module.css';

/**
 * While a new address waits for its link, the current one stays in use; while the account's own
 * address is unconfirmed, what was booked with it stays out of the account. This says which.
 */
export function PendingEmailNotice({ profile }: { profile: User }) {
  if (profile.pending_email) return <PendingChange profile={profile} />;
  if (!profile.email_verified) return <UnconfirmedEmail profile={profile} />;
  return null;
}

function UnconfirmedEmail({ profile }: { profile: User }) {
  const send = useSendEmailConfirmation(profile.id);
  const handleSend = () =>
    send.mutate(undefined, {
      onSuccess: () => notifySuccess(`We sent a new link to ${profile.email}.`),
      onError: (error) => notifyError(errorMessage(error, 'Failed to send the link. Please try again.')),
    });
  return (
    <Alert color="blue" icon={<IconMailForward size={20} aria-hidden />} title="Confirm your e-mail address">
      <Stack gap="sm">
        <Text size="sm" className={classes.message}>
          Open the link we sent to <strong>{profile.email}</strong>. Until then, workshop bookings and class
          places made with this address stay out of your account.
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" loading={send.isPending} onClick={handleSend}>
            Send a new link
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function PendingChange({ profile }: { profile: User }) {
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
