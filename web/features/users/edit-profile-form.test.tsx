import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { field, makeUser, serverFailure, signInAs, stubFetch, TestProviders, type } from '../../test/render';
import { EditProfileForm } from './edit-profile-form';

const mei = makeUser();

function renderForm(answers: Array<{ status: number; body: unknown }>) {
  const user = userEvent.setup();
  signInAs(mei);
  let call = 0;
  const server = stubFetch({
    [`PUT /api/user/${mei.id}`]: () => answers[Math.min(call++, answers.length - 1)]!,
  });
  render(
    <TestProviders>
      <EditProfileForm profile={mei} passwordChangeRequired={false} />
    </TestProviders>,
  );
  return { ...server, user, form: screen.getByRole('form', { name: 'Edit profile' }) };
}

const save = (user: UserEvent, form: HTMLElement) =>
  user.click(within(form).getByRole('button', { name: 'Save Profile' }));

const wrongPassword = {
  status: 403,
  body: { error: 'Current password is incorrect', code: 'INVALID_PASSWORD' },
};

describe('EditProfileForm', () => {
  it('shows a wrong current password once, under its field, and not as a banner', async () => {
    const { user, form } = renderForm([wrongPassword]);
    await type(user, 'Current password', 'not-my-password', form);
    await save(user, form);

    expect(await within(form).findByText('Current password is incorrect')).toBeTruthy();
    expect(within(form).getAllByText('Current password is incorrect')).toHaveLength(1);
    expect(within(form).queryByRole('alert')).toBeNull();
    // The field's message goes as soon as the password is typed again.
    await type(user, 'Current password', 'my-password', form);
    expect(within(form).queryByText('Current password is incorrect')).toBeNull();
  });

  it('drops a failure banner when the user edits the form', async () => {
    const { user, form } = renderForm([serverFailure]);
    await type(user, 'Current password', 'my-password', form);
    await save(user, form);
    expect(await within(form).findByRole('alert')).toBeTruthy();

    await type(user, 'City', 'Berkeley', form);
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('shows an e-mail address someone else has under the Email field, focused', async () => {
    const taken = 'An account with this email already exists';
    const { user, form } = renderForm([
      {
        status: 409,
        body: { error: taken, code: 'ALREADY_EXISTS', details: [{ path: 'email', message: taken }] },
      },
    ]);
    await type(user, 'Email', 'wei@example.com', form);
    await type(user, 'Current password', 'my-password', form);
    await save(user, form);

    expect(await within(form).findByText(taken)).toBeTruthy();
    expect(within(form).queryByRole('alert')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(field('Email', form)));
  });
});
