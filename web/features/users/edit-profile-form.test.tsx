import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { field, makeUser, signInAs, stubFetch, TestProviders, type } from '../../test/render';
import { EditProfileForm } from './edit-profile-form';

const user = makeUser();

function renderForm(answers: Array<{ status: number; body: unknown }>) {
  signInAs(user);
  let call = 0;
  const server = stubFetch({
    [`PUT /api/user/${user.id}`]: () => answers[Math.min(call++, answers.length - 1)]!,
  });
  render(
    <TestProviders>
      <EditProfileForm profile={user} passwordChangeRequired={false} />
    </TestProviders>,
  );
  return { ...server, form: screen.getByRole('form', { name: 'Edit profile' }) };
}

const save = (form: HTMLElement) =>
  fireEvent.click(within(form).getByRole('button', { name: 'Save Profile' }));

const wrongPassword = {
  status: 403,
  body: { error: 'Current password is incorrect', code: 'INVALID_PASSWORD' },
};
const serverDown = {
  status: 500,
  body: { error: 'Failed to save profile. Please try again', code: 'INTERNAL' },
};

describe('EditProfileForm', () => {
  it('shows a wrong current password once, under its field, and not as a banner', async () => {
    const { form } = renderForm([wrongPassword]);
    type('Current password', 'not-my-password', form);
    save(form);

    expect(await within(form).findByText('Current password is incorrect')).toBeTruthy();
    expect(within(form).getAllByText('Current password is incorrect')).toHaveLength(1);
    expect(within(form).queryByRole('alert')).toBeNull();
    // The field's message goes as soon as the password is typed again.
    type('Current password', 'my-password', form);
    expect(within(form).queryByText('Current password is incorrect')).toBeNull();
  });

  it('drops a failure banner when the user edits the form', async () => {
    const { form } = renderForm([serverDown]);
    type('Current password', 'my-password', form);
    save(form);
    expect(await within(form).findByRole('alert')).toBeTruthy();

    type('City', 'Berkeley', form);
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('shows an e-mail address someone else has under the Email field, focused', async () => {
    const taken = 'An account with this email already exists';
    const { form } = renderForm([
      {
        status: 409,
        body: { error: taken, code: 'ALREADY_EXISTS', details: [{ path: 'email', message: taken }] },
      },
    ]);
    type('Email', 'wei@example.com', form);
    type('Current password', 'my-password', form);
    save(form);

    expect(await within(form).findByText(taken)).toBeTruthy();
    expect(within(form).queryByRole('alert')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(field('Email', form)));
  });
});
