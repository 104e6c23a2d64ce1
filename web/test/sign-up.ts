import { within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { type } from './render';

/** Fills every field of the sign-up form with a valid new member and submits it. */
export async function submitSignUp(user: UserEvent, form: HTMLElement, email = 'mei@example.com') {
  await type(user, 'Full name', 'Mei Chen', form);
  await type(user, 'Email', email, form);
  await type(user, 'Username', 'mei', form);
  await type(user, 'Password', 'long enough', form);
  await type(user, 'City', 'Oakland', form);
  await type(user, 'Country', 'USA', form);
  await type(user, 'Martial art', 'Taijiquan', form);
  await user.click(within(form).getByRole('button', { name: 'Create Account' }));
}
