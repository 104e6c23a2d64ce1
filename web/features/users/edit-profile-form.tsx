import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { z } from 'zod';
import {
  Experience,
  PROFILE_PASSWORD_REQUIRED_MESSAGE,
  ProfileFields,
  type User,
} from '../../../common/users';
import { MartialArtInput } from '../../components/martial-art-input';
import { ApiRequestError, errorMessage } from '../../lib/api-client';
import { useSchemaForm } from '../../lib/form';
import { notifySuccess } from '../../lib/notify';
import { useUpdateUser } from './api';
import { AvatarField } from './avatar-field';
import { PROFILE_SAVE_FAILED_MESSAGE } from './profile-body';
import classes from './edit-profile-form.module.css';

/** How long the 'Saved' indicator stays. */
export const SAVED_INDICATOR_MS = 2000;

/** The fields the server may name in a refusal (`details`). */
const PROFILE_FIELDS = [
  'name',
  'email',
  'username',
  'city',
  'country',
  'martial_art',
  'bio',
  'current_password',
];

const EditProfileSchema = ProfileFields.extend({
  experience: Experience,
  current_password: z.string().min(1, PROFILE_PASSWORD_REQUIRED_MESSAGE),
});

interface EditProfileValues {
  name: string;
  email: string;
  username: string;
  avatar: string | null;
  city: string;
  country: string;
  martial_art: string;
  experience: number | string;
  current_password: string;
}

function toInput(values: EditProfileValues) {
  return { ...values, experience: values.experience === '' ? undefined : Number(values.experience) };
}

function initialValues(user: User): EditProfileValues {
  return {
    name: user.name,
    email: user.email,
    username: user.username,
    avatar: user.avatar,
    city: user.city,
    country: user.country,
    martial_art: user.martial_art,
    experience: user.experience,
    current_password: '',
  };
}

export interface EditProfileFormProps {
  profile: User;
  /** A temporary-password session has no current password to give; it must set a new one first. */
  passwordChangeRequired: boolean;
}

export function EditProfileForm({ profile, passwordChangeRequired }: EditProfileFormProps) {
  const update = useUpdateUser(profile.id);
  // When the last save succeeded; the 'Saved' indicator shows for 2 seconds after it.
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const { form, onSubmit, namesFields, showServerErrors, showFieldError } = useSchemaForm<EditProfileValues>({
    schema: EditProfileSchema,
    toInput,
    initialValues: initialValues(profile),
    // A taken username or e-mail is told under its field.
    serverFields: PROFILE_FIELDS,
    // A failure answers the values that were sent; once they change it no longer applies.
    onValuesChange: () => {
      if (update.isError) update.reset();
    },
  });

  useEffect(() => {
    if (savedAt === null) return;
    const timer = setTimeout(() => setSavedAt(null), SAVED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);

  const submitValid = onSubmit((values) => {
    const input = EditProfileSchema.parse(toInput(values));
    update.mutate(
      {
        ...input,
        privacy: profile.privacy,
        allow_messages: profile.allow_messages,
        email_notifications: profile.email_notifications,
      },
      {
        onSuccess: ({ user }) => {
          form.setValues(initialValues(user));
          form.resetDirty(initialValues(user));
          setSavedAt(Date.now());
          if (user.pending_email && user.pending_email === input.email && user.email !== input.email) {
            notifySuccess(`Confirm the link we sent to ${user.pending_email} to start using it.`, {
              title: 'Check your new e-mail address',
            });
          }
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.status === 403)
            showFieldError('current_password', error.message);
          else showServerErrors(error);
        },
      },
    );
  });

  // A new attempt starts clean, also when it stops at the field checks.
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    update.reset();
    submitValid(event);
  };

  // A wrong current password, or a taken username or e-mail, is told under its field only.
  const onField =
    (update.error instanceof ApiRequestError && update.error.status === 403) || namesFields(update.error);

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Edit profile">
      <Stack gap="md">
        {update.isError && !onField && (
          <Alert color="red" role="alert">
            {errorMessage(update.error, PROFILE_SAVE_FAILED_MESSAGE)}
          </Alert>
        )}
        <AvatarField
          name={form.values.name}
          value={form.values.avatar}
          onChange={(url) => form.setFieldValue('avatar', url)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Full name" autoComplete="name" required {...form.getInputProps('name')} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            description="A new address is used once you open the link we send to it."
            required
            {...form.getInputProps('email')}
          />
          <TextInput label="Username" autoComplete="username" required {...form.getInputProps('username')} />
          <MartialArtInput {...form.getInputProps('martial_art')} />
          <TextInput label="City" autoComplete="address-level2" {...form.getInputProps('city')} />
          <TextInput label="Country" autoComplete="country-name" {...form.getInputProps('country')} />
          <NumberInput
            label="Experience (years)"
            min={0}
            max={100}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('experience')}
          />
        </SimpleGrid>
        <PasswordInput
          label="Current password"
          description={
            passwordChangeRequired
              ? 'Set a new password under Security & Privacy first, then confirm changes with it.'
              : 'Required to save changes to your profile.'
          }
          autoComplete="current-password"
          required
          {...form.getInputProps('current_password')}
        />
        <Group justify="flex-end" gap="md">
          <Text c="jade" size="sm" role="status" className={classes.saved}>
            {savedAt !== null && (
              <>
                <IconCheck size={16} aria-hidden /> Saved
              </>
            )}
          </Text>
          <Button type="submit" loading={update.isPending}>
            Save Profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
