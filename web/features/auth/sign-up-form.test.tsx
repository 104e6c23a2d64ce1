import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { field, stubFetch, TestProviders, type } from '../../test/render';
import { SignUpForm } from './sign-up-form';

const TAKEN = 'This username is already taken';

function fillAndSubmit() {
  render(
    <TestProviders>
      <SignUpForm onSignedUp={vi.fn()} />
    </TestProviders>,
  );
  const form = screen.getByRole('form', { name: 'Sign up' });
  type('Full name', 'Mei Chen', form);
  type('Email', 'mei@example.com', form);
  type('Username', 'mei', form);
  type('Password', 'long enough', form);
  type('City', 'Oakland', form);
  type('Country', 'USA', form);
  type('Martial art', 'Taijiquan', form);
  fireEvent.click(within(form).getByRole('button', { name: 'Create Account' }));
  return form;
}

describe('SignUpForm', () => {
  it('shows a taken username under its field, focused, with no banner, until it is edited', async () => {
    stubFetch({
      'POST /api/create/user': () => ({
        status: 409,
        body: { error: TAKEN, code: 'ALREADY_EXISTS', details: [{ path: 'username', message: TAKEN }] },
      }),
    });
    const form = fillAndSubmit();
    expect(await within(form).findByText(TAKEN)).toBeTruthy();
    const username = field('Username', form);
    expect(username.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(username));
    expect(within(form).queryByRole('alert')).toBeNull();

    type('Username', 'mei_chen', form);
    expect(within(form).queryByText(TAKEN)).toBeNull();
  });

  it('reports a failure about no field in the banner, and drops it once the form is edited', async () => {
    stubFetch({
      'POST /api/create/user': () => ({
        status: 503,
        body: { error: 'The server was busy. Please try again.', code: 'TRY_AGAIN' },
      }),
    });
    const form = fillAndSubmit();
    expect(await within(form).findByRole('alert')).toBeTruthy();
    type('City', 'Berkeley', form);
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('moves focus to the first field the checks refuse', async () => {
    stubFetch({});
    render(
      <TestProviders>
        <SignUpForm onSignedUp={vi.fn()} />
      </TestProviders>,
    );
    const form = screen.getByRole('form', { name: 'Sign up' });
    type('Full name', 'Mei Chen', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(document.activeElement).toBe(field('Email', form)));
  });
});
