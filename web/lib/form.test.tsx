import { fireEvent, render, screen, waitFor } from '@testing-library/react';
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
  render(
    <TestProviders>
      <Form answer={answer} />
    </TestProviders>,
  );
}

describe('useSchemaForm', () => {
  it('checks the shared schema and focuses the first field it refuses', async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not an address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid e-mail address')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
  });

  it("puts the server's field details under their field and focuses it", async () => {
    renderForm(taken);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Mei' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'mei@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An account with this email already exists')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
  });

  it('leaves an answer that names no field of the form to the caller', async () => {
    renderForm(new ApiRequestError('Too many requests', 429, 'TOO_MANY_REQUESTS'));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Mei' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'mei@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Too many requests')).toBeNull();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).not.toBe('true');
  });
});
