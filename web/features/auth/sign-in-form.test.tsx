import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch, TestProviders, type } from '../../test/render';
import { SignInForm } from './sign-in-form';

const refused = () => ({
  status: 401,
  body: { error: 'Invalid username or password', code: 'INVALID_CREDENTIALS' },
});

/** Renders the form and fails one sign-in, leaving the server's banner on screen. */
async function failOnce() {
  stubFetch({ 'POST /api/user/authenticate': refused, 'POST /api/user/auth-temp': refused });
  render(
    <TestProviders>
      <SignInForm onSignedIn={vi.fn()} onForgotPassword={vi.fn()} />
    </TestProviders>,
  );
  const form = screen.getByRole('form', { name: 'Sign in' });
  type('Username', 'mei', form);
  type('Password', 'wrong-password', form);
  fireEvent.click(within(form).getByRole('button', { name: 'Sign In' }));
  expect(await within(form).findByText('Invalid username or password')).toBeTruthy();
  return form;
}

describe('SignInForm', () => {
  it('drops the failed sign-in banner as soon as the user edits a field', async () => {
    const form = await failOnce();
    type('Password', 'another-try', form);
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(within(form).queryByText('Invalid username or password')).toBeNull();
  });

  it('shows only the new field errors when the next attempt stops at the form checks', async () => {
    const form = await failOnce();
    // Clearing both fields and submitting: the old server answer no longer applies.
    type('Username', '', form);
    type('Password', '', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Sign In' }));
    expect(await within(form).findByText('Username is required')).toBeTruthy();
    expect(within(form).getByText('Password is required')).toBeTruthy();
    expect(within(form).queryByText('Invalid username or password')).toBeNull();
  });
});
