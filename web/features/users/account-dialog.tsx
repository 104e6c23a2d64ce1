import { useEffect, useRef, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { Alert, Button, Checkbox, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { DEACTIVATE_PASSWORD_REQUIRED_MESSAGE } from '../../../common/users';
import { ApiRequestError, errorMessage } from '../../lib/api-client';
import { useSchemaForm } from '../../lib/form';
import { notifyError, notifySuccess } from '../../lib/notify';
import { announceSignOut, withdrawSignOut } from '../../lib/session-storage';
import { useDeactivateAccount } from './api';
import {
  DEACTIVATE_CONFIRM_MESSAGE,
  DEACTIVATE_CONFIRMATION,
  DEACTIVATE_FAILED_MESSAGE,
  serverFieldError,
} from './profile-body';

/** Sign-out follows deactivation after 2 s, so the notice can be read; the deletion notice stays 5 s. */
export const DEACTIVATION_LOGOUT_MS = 2000;
export const DELETION_NOTICE_MS = 5000;

export const SIGNING_OUT_NOTICE = 'You will be signed out in a moment.';

export const DELETION_NOTE =
  'Account deletion is handled by contacting support and is processed in 3-5 business days.';

/** The owner's deactivation: the typed confirmation and the password, with the server's own fields. */
const OwnDeactivation = z.object({
  confirmation: z.literal(DEACTIVATE_CONFIRMATION, { error: DEACTIVATE_CONFIRM_MESSAGE }),
  password: z.string().min(1, DEACTIVATE_PASSWORD_REQUIRED_MESSAGE),
  isDeletionRequest: z.boolean(),
});

export interface AccountDialogProps {
  opened: boolean;
  onClose: () => void;
  userId: string;
  /** Called 2 seconds after a successful deactivation: sign out and leave the app. */
  onDeactivated: () => void | Promise<void>;
}

export function AccountDialog({ opened, onClose, userId, onDeactivated }: AccountDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Account Management" centered>
      <DeactivateForm userId={userId} onCancel={onClose} onDeactivated={onDeactivated} />
    </Modal>
  );
}

function DeactivateForm({
  userId,
  onCancel,
  onDeactivated,
}: {
  userId: string;
  onCancel: () => void;
  onDeactivated: () => void | Promise<void>;
}) {
  const deactivate = useDeactivateAccount(userId);
  const { form, onSubmit, showFieldError } = useSchemaForm({
    schema: OwnDeactivation,
    initialValues: { confirmation: '', password: '', isDeletionRequest: false },
  });
  // The password's refusal by the server is told under the field, not again in the banner.
  const [passwordRefused, setPasswordRefused] = useState(false);
  const [done, setDone] = useState(false);
  const logoutTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onDeactivatedRef = useRef(onDeactivated);
  useEffect(() => {
    onDeactivatedRef.current = onDeactivated;
  }, [onDeactivated]);

  // The sign-out still happens if the dialog closes during the 2-second notice.
  useEffect(
    () => () => {
      if (logoutTimer.current) {
        clearTimeout(logoutTimer.current);
        void onDeactivatedRef.current();
      }
    },
    [],
  );

  const deactivateWith = ({
    isDeletionRequest,
    password,
  }: {
    isDeletionRequest: boolean;
    password: string;
  }) => {
    // The server ends the session as it answers, and the live stream may say so before the answer
    // arrives: the sign-out is announced as the request leaves, so the notice still gets its
    // 2 seconds, and withdrawn if the request is refused.
    announceSignOut();
    deactivate.mutate(
      { isDeletionRequest, password },
      {
        onSuccess: (result) => {
          setDone(true);
          // The title says what happened; the message says what comes next, without repeating it.
          if (isDeletionRequest) {
            notifySuccess(result.message ?? `Your deletion request was sent. ${DELETION_NOTE}`, {
              title: 'Deletion requested',
              autoClose: DELETION_NOTICE_MS,
            });
          } else {
            notifySuccess(SIGNING_OUT_NOTICE, { title: 'Account deactivated' });
          }
          logoutTimer.current = setTimeout(() => {
            logoutTimer.current = undefined;
            void onDeactivatedRef.current();
          }, DEACTIVATION_LOGOUT_MS);
        },
        onError: (error) => {
          withdrawSignOut();
          // A wrong password answers 403 (never 401, which would end the session).
          const wrongPassword = error instanceof ApiRequestError && error.status === 403;
          const fieldError = wrongPassword ? error.message : (serverFieldError(error, 'password') ?? null);
          setPasswordRefused(fieldError !== null);
          if (fieldError) showFieldError('password', fieldError);
          // The toast is 'Failed to deactivate account', with the server's reason when it gives
          // one; a reason already shown under the password field is not repeated in it.
          const reason = fieldError
            ? DEACTIVATE_FAILED_MESSAGE
            : errorMessage(error, DEACTIVATE_FAILED_MESSAGE);
          notifyError(
            reason,
            reason === DEACTIVATE_FAILED_MESSAGE ? {} : { title: DEACTIVATE_FAILED_MESSAGE },
          );
        },
      },
    );
  };
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    deactivate.reset();
    setPasswordRefused(false);
    onSubmit(deactivateWith)(event);
  };

  if (done) {
    return (
      <Stack gap="md" role="status">
        <Text>Your account is deactivated. {SIGNING_OUT_NOTICE}</Text>
      </Stack>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Deactivate account">
      <Stack gap="md">
        <Text size="sm">
          Deactivating your account signs you out and hides your profile. An administrator can reactivate it
          later.
        </Text>
        <Checkbox
          label="Also request permanent deletion of my account"
          description={DELETION_NOTE}
          {...form.getInputProps('isDeletionRequest', { type: 'checkbox' })}
        />
        <TextInput
          label={`Type ${DEACTIVATE_CONFIRMATION} to confirm`}
          autoComplete="off"
          required
          data-autofocus
          {...form.getInputProps('confirmation')}
        />
        <PasswordInput
          label="Your password"
          description="Confirm that it is you."
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        {deactivate.isError && !passwordRefused && (
          <Alert color="red" role="alert">
            {errorMessage(deactivate.error, DEACTIVATE_FAILED_MESSAGE)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" color="red.9" loading={deactivate.isPending}>
            Deactivate Account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
