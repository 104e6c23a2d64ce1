import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch, TestProviders, type } from '../../test/render';
import { SignUpForm } from './sign-up-form';

describe('SignUpForm', () => {
  it('drops the failed registration banner once the user edits the form', async () => {
    stubFetch({
      'POST /api/create/user': () => ({
        status: 409,
        body: { error: 'This username is already taken', code: 'ALREADY_EXISTS' },
      }),
    });
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
    expect(await within(form).findByText('This username is already taken')).toBeTruthy();

    type('Username', 'mei_chen', form);
    expect(within(form).queryByText('This username is already taken')).toBeNull();
  });
});
