import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch, TestProviders, type } from '../../test/render';
import { SignInForm } from './sign-in-form';

const refused = () => ({
  status: 401,
  body: { error: 'Invalid username or password', code: 'INVALID_CREDENTIALS' },
});

/** Renders the form and fails one sign-in, leaving the server's banner on screen. */
async function failOnce() {
  const user = userEvent.setup();
  stubFetch({
    'POST /api/user/authenticate': refused,
    'POST /api/user/auth-temp': () => ({
      status: 401,
      body: { error: 'Invalid or expired temporary password', code: 'INVALID_TEMP_PASSWORD' },
    }),
  });
  render(
    <TestProviders>
      <SignInForm onSignedIn={vi.fn()} onForgotPassword={vi.fn()} />
    </TestProviders>,
  );
  const form = screen.getByRole('form', { name: 'Sign in' });
  await type(user, 'Username', 'mei', form);
  await type(user, 'Password', 'wrong-password', form);
  await user.click(within(form).getByRole('button', { name: 'Sign In' }));
  expect(await within(form).findByText('Invalid username or password')).toBeTruthy();
  return { user, form };
}

describe('SignInForm', () => {
  it('drops the failed sign-in banner as soon as the user edits a field', async () => {
    const { user, form } = await failOnce();
    await type(user, 'Password', 'another-try', form);
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(within(form).queryByText('Invalid username or password')).toBeNull();
  });

  it('shows only the new field errors when the next attempt stops at the form checks', async () => {
    const { user, form } = await failOnce();
    // Clearing both fields and submitting: the old server answer no longer applies.
    await type(user, 'Username', '', form);
    await type(user, 'Password', '', form);
    await user.click(within(form).getByRole('button', { name: 'Sign In' }));
    expect(await within(form).findByText('Username is required')).toBeTruthy();
    expect(within(form).getByText('Password is required')).toBeTruthy();
    expect(within(form).queryByText('Invalid username or password')).toBeNull();
  });
});
