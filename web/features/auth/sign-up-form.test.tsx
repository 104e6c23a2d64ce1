import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { field, stubFetch, TestProviders, type } from '../../test/render';
import { SignUpForm } from './sign-up-form';
import { submitSignUp } from '../../test/sign-up';

const TAKEN = 'This username is already taken';

async function fillAndSubmit() {
  const user = userEvent.setup();
  render(
    <TestProviders>
      <SignUpForm onSignedUp={vi.fn()} />
    </TestProviders>,
  );
  const form = screen.getByRole('form', { name: 'Sign up' });
  await submitSignUp(user, form);
  return { user, form };
}

describe('SignUpForm', () => {
  it('shows a taken username under its field, focused, with no banner, until it is edited', async () => {
    stubFetch({
      'POST /api/create/user': () => ({
        status: 409,
        body: { error: TAKEN, code: 'ALREADY_EXISTS', details: [{ path: 'username', message: TAKEN }] },
      }),
    });
    const { user, form } = await fillAndSubmit();
    expect(await within(form).findByText(TAKEN)).toBeTruthy();
    const username = field('Username', form);
    expect(username.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(username));
    expect(within(form).queryByRole('alert')).toBeNull();

    await type(user, 'Username', 'mei_chen', form);
    expect(within(form).queryByText(TAKEN)).toBeNull();
  });

  it('reports a failure about no field in the banner, and drops it once the form is edited', async () => {
    stubFetch({
      'POST /api/create/user': () => ({
        status: 503,
        body: { error: 'The server was busy. Please try again.', code: 'TRY_AGAIN' },
      }),
    });
    const { user, form } = await fillAndSubmit();
    expect(await within(form).findByRole('alert')).toBeTruthy();
    await type(user, 'City', 'Berkeley', form);
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('moves focus to the first field the checks refuse', async () => {
    const user = userEvent.setup();
    stubFetch({});
    render(
      <TestProviders>
        <SignUpForm onSignedUp={vi.fn()} />
      </TestProviders>,
    );
    const form = screen.getByRole('form', { name: 'Sign up' });
    await type(user, 'Full name', 'Mei Chen', form);
    await user.click(within(form).getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(document.activeElement).toBe(field('Email', form)));
  });
});
