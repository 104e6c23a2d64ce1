import type { FormEvent } from 'react';
import { Alert, Button, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { SignUpInput, type AuthResponse } from '../../../common/auth';
import { MartialArtInput } from '../../components/martial-art-input';
import { errorMessage } from '../../lib/api-client';
import { useSchemaForm } from '../../lib/form';
import { REGISTRATION_FAILED_MESSAGE, useSignUp } from './api';

export interface SignUpFormProps {
  onSignedUp: (auth: AuthResponse) => void;
}

const SIGN_UP_FIELDS = ['name', 'email', 'username', 'password', 'city', 'country', 'martial_art'];

export function SignUpForm({ onSignedUp }: SignUpFormProps) {
  const signUp = useSignUp();
  const { form, onSubmit, namesFields, showServerErrors } = useSchemaForm<SignUpInput>({
    schema: SignUpInput,
    initialValues: {
      name: '',
      email: '',
      username: '',
      password: '',
      city: '',
      country: '',
      martial_art: '',
    },
    // A taken username or e-mail is told under its field.
    serverFields: SIGN_UP_FIELDS,
    // A failure answers the values that were sent; once they change it no longer applies.
    onValuesChange: () => {
      if (signUp.isError) signUp.reset();
    },
  });

  const submitValid = onSubmit((values) =>
    signUp.mutate(values, { onSuccess: onSignedUp, onError: showServerErrors }),
  );
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    signUp.reset();
    submitValid(event);
  };
  const fieldError = namesFields(signUp.error);

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Sign up">
      <Stack gap="md">
        {signUp.isError && !fieldError && (
          <Alert color="red" role="alert" title="Registration failed">
            {errorMessage(signUp.error, REGISTRATION_FAILED_MESSAGE)}
          </Alert>
        )}
        <TextInput label="Full name" autoComplete="name" required {...form.getInputProps('name')} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Username" autoComplete="username" required {...form.getInputProps('username')} />
          <PasswordInput
            label="Password"
            description="At least 8 characters"
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <TextInput label="City" autoComplete="address-level2" required {...form.getInputProps('city')} />
          <TextInput
            label="Country"
            autoComplete="country-name"
            required
            {...form.getInputProps('country')}
          />
        </SimpleGrid>
        <MartialArtInput
          description="Choose one or type your own"
          required
          {...form.getInputProps('martial_art')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={signUp.isPending}>
            Create Account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
