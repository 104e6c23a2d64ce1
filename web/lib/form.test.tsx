import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { TextInput } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TestProviders } from '../test/render';
import { ApiRequestError } from './api-client';
import { useSchemaForm } from './form';

const Input = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  email: z.email('Please enter a valid e-mail address'),
});

const taken = new ApiRequestError('An account with this email already exists', 409, 'ALREADY_EXISTS', [
  { path: 'email', message: 'An account with this email already exists' },
]);

function Form({ answer }: { answer?: unknown }) {
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: Input,
    initialValues: { name: '', email: '' },
    serverFields: ['email'],
  });
  const handleSubmit = onSubmit(() => {
    // The server's refusal arrives after the submit event is over.
    if (answer) setTimeout(() => showServerErrors(answer), 0);
  });
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Sign up">
      <TextInput label="Name" {...form.getInputProps('name')} />
      <TextInput label="Email" {...form.getInputProps('email')} />
      <button type="submit">Save</button>
    </form>
  );
}

function renderForm(answer?: unknown) {
  const user = userEvent.setup();
  render(
    <TestProviders>
      <Form answer={answer} />
    </TestProviders>,
  );
  return user;
}

describe('useSchemaForm', () => {
  it('checks the shared schema and focuses the first field it refuses', async () => {
    const user = renderForm();
    await user.type(screen.getByLabelText('Email'), 'not an address');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid e-mail address')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
  });

  it("puts the server's field details under their field and focuses it", async () => {
    const user = renderForm(taken);
    await user.type(screen.getByLabelText('Name'), 'Mei');
    await user.type(screen.getByLabelText('Email'), 'mei@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An account with this email already exists')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
  });

  it('leaves an answer that names no field of the form to the caller', async () => {
    const limited = 'Too many attempts. Please try again in 42 seconds.';
    const user = renderForm(new ApiRequestError(limited, 429, 'TOO_MANY_REQUESTS'));
    await user.type(screen.getByLabelText('Name'), 'Mei');
    await user.type(screen.getByLabelText('Email'), 'mei@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(limited)).toBeNull();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).not.toBe('true');
  });
});
