import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Switch, Text } from '@mantine/core';
import { PROFILE_PASSWORD_REQUIRED_MESSAGE, type User } from '../../../common/users';
import { errorMessage } from '../../lib/api-client';
import { notifySuccess } from '../../lib/notify';
import { useUpdateUser } from './api';
import { PROFILE_INCOMPLETE_MESSAGE, PROFILE_SAVE_FAILED_MESSAGE, profileBody } from './profile-body';

export interface EmailNotificationsToggleProps {
  profile: User;
  passwordChangeRequired: boolean;
}

/**
 * The switch always shows the saved value. Saving needs the current password (the server asks
 * for it on every self-edit), so flipping it opens a short confirmation first.
 */
export function EmailNotificationsToggle({ profile, passwordChangeRequired }: EmailNotificationsToggleProps) {
  const [pending, setPending] = useState<boolean | null>(null);

  return (
    <>
      <Switch
        label="E-mail notifications"
        description={
          passwordChangeRequired
            ? 'Set a new password under Security & Privacy before changing this.'
            : 'Receive e-mails about messages, courses and school news.'
        }
        checked={profile.email_notifications}
        disabled={passwordChangeRequired}
        onChange={(event) => setPending(event.currentTarget.checked)}
      />
      <Modal
        opened={pending !== null}
        onClose={() => setPending(null)}
        title={pending ? 'Turn on e-mail notifications' : 'Turn off e-mail notifications'}
        centered
        size="sm"
      >
        {pending !== null && (
          <ConfirmForm profile={profile} enabled={pending} onDone={() => setPending(null)} />
        )}
      </Modal>
    </>
  );
}

function ConfirmForm({ profile, enabled, onDone }: { profile: User; enabled: boolean; onDone: () => void }) {
  const update = useUpdateUser(profile.id);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const body = profileBody(profile);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!body) return;
    if (password === '') {
      setPasswordError(PROFILE_PASSWORD_REQUIRED_MESSAGE);
      return;
    }
    setPasswordError(null);
    update.mutate(
      { ...body, email_notifications: enabled, current_password: password },
      {
        onSuccess: () => {
          notifySuccess(enabled ? 'E-mail notifications are on.' : 'E-mail notifications are off.');
          onDone();
        },
      },
    );
  };

  const failure = !body
    ? PROFILE_INCOMPLETE_MESSAGE
    : update.isError
      ? errorMessage(update.error, PROFILE_SAVE_FAILED_MESSAGE)
      : null;

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Confirm e-mail notification change">
      <Stack gap="md">
        <Text size="sm">Enter your password to confirm this change.</Text>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          data-autofocus
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={passwordError}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending} disabled={!body}>
            Confirm
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
