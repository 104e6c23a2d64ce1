import { Switch } from '@mantine/core';
import type { User } from '../../../common/users';
import { errorMessage } from '../../lib/api-client';
import { notifySuccess } from '../../lib/notify';
import { useSetEmailNotifications } from './api';
import { PROFILE_SAVE_FAILED_MESSAGE } from './profile-body';

export interface EmailNotificationsToggleProps {
  profile: User;
  passwordChangeRequired: boolean;
}

/**
 * The switch shows the saved value and saves each flip at once. Unlike the profile, the privacy
 * settings and deactivation, it asks for no password: which e-mails arrive is low-risk
 * (docs/security.md, "Accounts").
 */
export function EmailNotificationsToggle({ profile, passwordChangeRequired }: EmailNotificationsToggleProps) {
  const save = useSetEmailNotifications(profile.id);

  const handleChange = (enabled: boolean) => {
    save.mutate(enabled, {
      onSuccess: () =>
        notifySuccess(enabled ? 'E-mail notifications are on.' : 'E-mail notifications are off.'),
    });
  };

  return (
    <Switch
      label="E-mail notifications"
      description={
        passwordChangeRequired
          ? 'Set a new password under Security & Privacy before changing this.'
          : 'Receive e-mails about messages, courses and school news.'
      }
      checked={profile.email_notifications}
      disabled={passwordChangeRequired}
      onChange={(event) => handleChange(event.currentTarget.checked)}
      error={save.isError ? errorMessage(save.error, PROFILE_SAVE_FAILED_MESSAGE) : undefined}
    />
  );
}
