import { useState } from 'react';
import {
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  PasswordInput,
  Radio,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { z } from 'zod';
import { Password, type Privacy, type User } from '../../../common/users';
import { ApiRequestError, errorMessage } from '../../lib/api-client';
import { useSchemaForm } from '../../lib/form';
import { notifySuccess } from '../../lib/notify';
import { useSetNewPassword, useUpdateUser } from './api';
import {
  CURRENT_PASSWORD_FOR_SETTINGS_MESSAGE,
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
  PROFILE_INCOMPLETE_MESSAGE,
  PROFILE_SAVE_FAILED_MESSAGE,
  profileBody,
  serverFieldError,
} from './profile-body';

export interface SecurityDialogProps {
  opened: boolean;
  onClose: () => void;
  profile: User;
  /**
   * A temporary-password session: only a new password is asked for, through set-new-password, and
   * the dialog cannot be dismissed — the only ways out are saving it or signing out.
   */
  passwordChangeRequired: boolean;
  onSignOut: () => void;
}

interface SecurityValues {
  current_password: string;
  new_password: string;
  confirm_password: string;
  privacy: Privacy;
  allow_messages: boolean;
}

/** The password rules of common/users.ts, shared by both modes. `requireNew` when a new password is owed. */
export function validateNewPassword(
  values: Pick<SecurityValues, 'new_password' | 'confirm_password'>,
  requireNew: boolean,
): { new_password?: string; confirm_password?: string } {
  const errors: { new_password?: string; confirm_password?: string } = {};
  const changing = requireNew || values.new_password !== '' || values.confirm_password !== '';
  if (!changing) return errors;
  const checked = Password.safeParse(values.new_password);
  if (!checked.success) errors.new_password = checked.error.issues[0]?.message;
  if (values.new_password !== values.confirm_password)
    errors.confirm_password = PASSWORDS_DO_NOT_MATCH_MESSAGE;
  return errors;
}

/** The form's checks: the current password for any change but a temporary one, and the new password's rules. */
function securitySchema(passwordChangeRequired: boolean) {
  return z
    .object({ current_password: z.string(), new_password: z.string(), confirm_password: z.string() })
    .superRefine((values, context) => {
      if (!passwordChangeRequired && values.current_password === '')
        context.addIssue({
          code: 'custom',
          path: ['current_password'],
          message: CURRENT_PASSWORD_FOR_SETTINGS_MESSAGE,
        });
      for (const [path, message] of Object.entries(validateNewPassword(values, passwordChangeRequired)))
        context.addIssue({ code: 'custom', path: [path], message });
    });
}

const PRIVACY_FIELDS: { key: keyof Privacy; label: string; description: string }[] = [
  { key: 'profile', label: 'Profile visibility', description: 'Your name and details in the community.' },
  { key: 'progress', label: 'Progress visibility', description: 'Your course progress.' },
  { key: 'courses', label: 'Courses visibility', description: 'The courses you are enrolled in.' },
];

function initialValues(profile: User): SecurityValues {
  return {
    current_password: '',
    new_password: '',
    confirm_password: '',
    privacy: { ...profile.privacy },
    allow_messages: profile.allow_messages,
  };
}

/** The modal's content mounts on each opening, so the form starts from the latest profile. */
export function SecurityDialog({
  opened,
  onClose,
  profile,
  passwordChangeRequired,
  onSignOut,
}: SecurityDialogProps) {
  const dismissible = !passwordChangeRequired;
  return (
    <Modal
      opened={opened || passwordChangeRequired}
      onClose={onClose}
      title="Security & Privacy"
      size="lg"
      centered
      withCloseButton={dismissible}
      closeOnEscape={dismissible}
      closeOnClickOutside={dismissible}
    >
      <SecurityForm
        profile={profile}
        passwordChangeRequired={passwordChangeRequired}
        onDone={onClose}
        onSignOut={onSignOut}
      />
    </Modal>
  );
}

function SecurityForm({
  profile,
  passwordChangeRequired,
  onDone,
  onSignOut,
}: Pick<SecurityDialogProps, 'profile' | 'passwordChangeRequired' | 'onSignOut'> & { onDone: () => void }) {
  const update = useUpdateUser(profile.id);
  const setNewPassword = useSetNewPassword(profile.id);
  const mutation = passwordChangeRequired ? setNewPassword : update;
  const { form, onSubmit, showFieldError } = useSchemaForm<SecurityValues>({
    schema: securitySchema(passwordChangeRequired),
    initialValues: initialValues(profile),
  });
  const incomplete = !passwordChangeRequired && profileBody(profile) === null;

  /**
   * Puts the server's refusal under the input it concerns: the password policy's message under
   * the new password, a wrong current password (403) under that field. True when it did.
   */
  const showOnField = (error: unknown): boolean => {
    const policy = serverFieldError(error, passwordChangeRequired ? 'newPassword' : 'new_password');
    if (policy) showFieldError('new_password', policy);
    const wrongCurrent = error instanceof ApiRequestError && error.status === 403;
    if (wrongCurrent) showFieldError('current_password', error.message);
    return Boolean(policy) || wrongCurrent;
  };
  const [fieldFailure, setFieldFailure] = useState(false);
  const handleError = (error: unknown) => setFieldFailure(showOnField(error));

  const handleSubmit = onSubmit((values) => {
    if (passwordChangeRequired) {
      setNewPassword.mutate(
        { newPassword: values.new_password },
        {
          onSuccess: () => {
            notifySuccess('Your new password is saved.');
            onDone();
          },
          onError: handleError,
        },
      );
      return;
    }
    const body = profileBody(profile);
    if (!body) return;
    const changingPassword = values.new_password !== '';
    update.mutate(
      {
        ...body,
        privacy: values.privacy,
        allow_messages: values.allow_messages,
        current_password: values.current_password,
        ...(changingPassword ? { new_password: values.new_password } : {}),
      },
      {
        onSuccess: () => {
          notifySuccess(
            changingPassword ? 'Your password and settings are saved.' : 'Your settings are saved.',
          );
          onDone();
        },
        onError: handleError,
      },
    );
  });

  const failure = incomplete
    ? PROFILE_INCOMPLETE_MESSAGE
    : mutation.isError && !fieldFailure
      ? errorMessage(mutation.error, PROFILE_SAVE_FAILED_MESSAGE)
      : null;

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Security and privacy settings">
      <Stack gap="md">
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        {passwordChangeRequired && (
          <Alert color="yellow" title="Choose a new password">
            You signed in with a temporary password. Choose a new password to finish recovering your account.
          </Alert>
        )}
        <Title order={3} size="h4">
          {passwordChangeRequired ? 'New password' : 'Change password'}
        </Title>
        {!passwordChangeRequired && (
          <Text size="sm" c="dimmed">
            Leave the new password empty to keep your current one.
          </Text>
        )}
        <PasswordInput
          label="New password"
          description="At least 8 characters, not your username or e-mail, and not a commonly used password"
          autoComplete="new-password"
          required={passwordChangeRequired}
          data-autofocus
          {...form.getInputProps('new_password')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required={passwordChangeRequired}
          {...form.getInputProps('confirm_password')}
        />
        {passwordChangeRequired ? (
          <Text size="sm" c="dimmed">
            You can change your privacy settings once your new password is saved.
          </Text>
        ) : (
          <>
            <Divider />
            <Title order={3} size="h4">
              Privacy
            </Title>
            {PRIVACY_FIELDS.map((field) => (
              <Radio.Group
                key={field.key}
                label={field.label}
                description={field.description}
                value={form.values.privacy[field.key]}
                onChange={(value) =>
                  form.setFieldValue(`privacy.${field.key}`, value === 'private' ? 'private' : 'public')
                }
              >
                <Group gap="lg" mt={6}>
                  <Radio value="public" label="Public" />
                  <Radio value="private" label="Private" />
                </Group>
              </Radio.Group>
            ))}
            <Switch
              label="Allow other members to message me"
              {...form.getInputProps('allow_messages', { type: 'checkbox' })}
            />
            <Divider />
            <PasswordInput
              label="Current password"
              description="Required to update your settings."
              autoComplete="current-password"
              required
              {...form.getInputProps('current_password')}
            />
          </>
        )}
        <Group justify="flex-end">
          {passwordChangeRequired ? (
            <Button variant="default" onClick={onSignOut}>
              Sign Out
            </Button>
          ) : (
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={mutation.isPending} disabled={incomplete}>
            {passwordChangeRequired ? 'Set New Password' : 'Save Settings'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
