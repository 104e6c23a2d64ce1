import type { FormEvent } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { SignInInput, type AuthResponse } from '../../../common/auth';
import { errorMessage } from '../../lib/api-client';
import { useSchemaForm } from '../../lib/form';
import { LOGIN_FAILED_MESSAGE, useSignIn } from './api';

export interface SignInFormProps {
  onSignedIn: (auth: AuthResponse) => void;
  onForgotPassword: () => void;
}

export function SignInForm({ onSignedIn, onForgotPassword }: SignInFormProps) {
  const signIn = useSignIn();
  const { form, onSubmit } = useSchemaForm({
    schema: SignInInput,
    initialValues: { username: '', password: '' },
    // A failure answers the values that were sent; once they change it no longer applies.
    onValuesChange: () => {
      if (signIn.isError) signIn.reset();
    },
  });

  const submitValid = onSubmit((values) => {
    signIn.mutate(SignInInput.parse(values), { onSuccess: onSignedIn });
  });
  // A new attempt starts clean, also when it stops at the field checks.
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    signIn.reset();
    submitValid(event);
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Sign in">
      <Stack gap="md">
        {signIn.isError && (
          <Alert color="red" role="alert" title="Sign-in failed">
            {errorMessage(signIn.error, LOGIN_FAILED_MESSAGE)}
          </Alert>
        )}
        <TextInput label="Username" autoComplete="username" required {...form.getInputProps('username')} />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Group justify="space-between" wrap="wrap">
          <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
            Forgot password?
          </Anchor>
          <Button type="submit" loading={signIn.isPending}>
            Sign In
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
