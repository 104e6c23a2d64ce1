import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { COMMUNITY_MESSAGES } from '../../../common/community';
import { userFormSchema, type User } from '../../../common/users';
import { errorMessage } from '../../lib/api-client';
import { useSchemaForm } from '../../lib/form';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCreateUser, useSaveUser, useSetActive } from './api';

export interface UserFormValues {
  name: string;
  username: string;
  email: string;
  password: string;
  experience: number | string;
  is_admin: boolean;
}

/** The fields a server refusal may name (a taken username or e-mail, a refused password). */
const SERVER_FIELDS = ['name', 'username', 'email', 'password'] as const;

/** What the shared form schema checks: a NumberInput's '' is no number at all. */
export const toFormInput = (values: UserFormValues) => ({
  ...values,
  experience: values.experience === '' ? undefined : Number(values.experience),
});

const initialValues = (user: User | null): UserFormValues => ({
  name: user?.name ?? '',
  username: user?.username ?? '',
  email: user?.email ?? '',
  password: '',
  experience: user?.experience ?? 0,
  is_admin: user?.is_admin ?? false,
});

/** The account's active switch: deactivating or reactivating takes effect at once. */
function ActiveSwitch({ user }: { user: User }) {
  const setActive = useSetActive();
  return (
    <Switch
      label="Account active"
      description={
        user.is_active ? 'Deactivating signs them out everywhere' : 'Deactivated: they cannot sign in'
      }
      checked={user.is_active}
      disabled={setActive.isPending}
      onChange={(event) => {
        const active = event.currentTarget.checked;
        setActive.mutate(
          { id: user.id, active },
          {
            onSuccess: () => notifySuccess(active ? 'Account reactivated' : 'Account deactivated'),
            onError: (error) =>
              notifyError(
                errorMessage(error, active ? 'Failed to reactivate account' : 'Failed to deactivate account'),
                { title: COMMUNITY_MESSAGES.updateFailed },
              ),
          },
        );
      }}
    />
  );
}

function UserFormBody({ user, onDone }: { user: User | null; onDone: () => void }) {
  const isNew = user === null;
  const create = useCreateUser();
  const save = useSaveUser();
  const { form, onSubmit, showServerErrors } = useSchemaForm<UserFormValues>({
    schema: userFormSchema(isNew),
    toInput: toFormInput,
    initialValues: initialValues(user),
    serverFields: SERVER_FIELDS,
  });

  const onError = (error: unknown) => {
    if (!showServerErrors(error))
      notifyError(errorMessage(error, 'Please try again.'), { title: COMMUNITY_MESSAGES.updateFailed });
  };

  const submit = onSubmit((values) => {
    const { password, experience, ...fields } = userFormSchema(isNew).parse(toFormInput(values));
    if (isNew) {
      create.mutate(
        { ...fields, experience, password },
        {
          onSuccess: () => {
            notifySuccess(`Account created for ${fields.name}`);
            onDone();
          },
          onError,
        },
      );
    } else {
      // A blank password keeps the current one.
      save.mutate(
        { id: user.id, input: { ...fields, experience, ...(password ? { new_password: password } : {}) } },
        {
          onSuccess: () => {
            notifySuccess('User updated');
            onDone();
          },
          onError,
        },
      );
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-label={isNew ? 'Create user' : `Edit ${user.name}`}>
      <Stack gap="sm">
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Username" required autoComplete="off" {...form.getInputProps('username')} />
        <TextInput label="Email" type="email" required autoComplete="off" {...form.getInputProps('email')} />
        <PasswordInput
          label="Password"
          required={isNew}
          autoComplete="new-password"
          description={isNew ? 'At least 8 characters' : 'Leave blank to keep the current password'}
          {...form.getInputProps('password')}
        />
        <NumberInput
          label="Experience (years)"
          min={0}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('experience')}
        />
        <Checkbox label="Administrator" {...form.getInputProps('is_admin', { type: 'checkbox' })} />
        {user && <ActiveSwitch user={user} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending || save.isPending}>
            {isNew ? 'Create User' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The administrators' user form in a modal: a new user, or one being edited. */
export function UserFormModal({
  mode,
  onClose,
}: {
  mode: { user: User | null } | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={mode !== null}
      onClose={onClose}
      title={mode?.user ? `Edit ${mode.user.name}` : 'Create User'}
      centered
    >
      {/* A fresh form each opening, with the user's current values. */}
      {mode && <UserFormBody key={mode.user?.id ?? 'new'} user={mode.user} onDone={onClose} />}
    </Modal>
  );
}
