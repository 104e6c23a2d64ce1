import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PASSWORD_COMMON_MESSAGE, type User } from '../../../common/users';
import { apiRequest } from '../../lib/api-client';
import {
  labelled,
  makeUser,
  partlyFakeTimers,
  renderRoutes,
  serverFailure,
  sessionExpired,
  signInAs,
  stubFetch,
  type,
} from '../../test/render';
import { RequireAuth } from '../../app/guards';
import { SettingsPage } from './settings-page';

function Probe() {
  const location = useLocation();
  return <p>Home at {location.pathname}</p>;
}

function LocationText() {
  const location = useLocation();
  return <output aria-label="Current location">{location.pathname + location.search}</output>;
}

const routes = [
  {
    element: <RequireAuth />,
    children: [
      {
        path: '/app/settings',
        element: (
          <>
            <SettingsPage />
            <LocationText />
          </>
        ),
      },
    ],
  },
  { path: '/', element: <Probe /> },
];

function serverFor(user: User, extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    [`POST /api/verify/user/${user.id}`]: () => ({ body: { valid: true, user } }),
    [`GET /api/user/${user.id}/profile`]: () => ({ body: user }),
    ...extra,
  });
}

/** Signs `account` in and opens its settings; the user's pauses move fake time on in the tests that fake it. */
async function renderSettings(account: User, path = '/app/settings') {
  signInAs(account);
  const result = renderRoutes(routes, path, partlyFakeTimers);
  await screen.findByRole('heading', { name: 'Settings', level: 1 });
  return result;
}

describe('SettingsPage', () => {
  it.each([
    ['an administrator', true],
    ['a student', false],
  ])('shows the admin-only sections to %s: %s', async (_who, isAdmin) => {
    const account = makeUser(isAdmin ? { is_admin: true, role: 'admin' } : {});
    serverFor(account);
    signInAs(account);
    renderRoutes(
      [{ path: '/app/settings', element: <SettingsPage adminSections={<p>School section</p>} /> }],
      '/app/settings',
    );
    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    expect(screen.queryByText('School section') !== null).toBe(isAdmin);
  });

  it('shows the account summary', async () => {
    const user = makeUser({ belt: 'Blue belt' });
    serverFor(user);
    await renderSettings(user);
    const summary = screen.getByRole('region', { name: 'Account' });
    expect(within(summary).getByText('Mei Chen')).toBeTruthy();
    expect(within(summary).getByText('@mei')).toBeTruthy();
    expect(within(summary).getByText('Blue belt')).toBeTruthy();
    expect(within(summary).getByText('March 1, 2024')).toBeTruthy();
    expect(within(summary).getByText('Active')).toBeTruthy();
  });

  it("says 'Failed to load user profile. Please try again' when the profile does not load", async () => {
    const user = makeUser();
    serverFor(user, {
      [`GET /api/user/${user.id}/profile`]: () => serverFailure,
    });
    signInAs(user);
    renderRoutes(routes, '/app/settings');
    expect(await screen.findByText('Failed to load user profile. Please try again')).toBeTruthy();
  });

  it('opens the security dialog for ?openSecurity=true and removes the query', async () => {
    const user = makeUser();
    serverFor(user);
    await renderSettings(user, '/app/settings?openSecurity=true');
    expect(await screen.findByRole('dialog', { name: 'Security & Privacy' })).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Current location').textContent).toBe('/app/settings'));
  });
});

describe('Order history slot', () => {
  it('renders the composed order history for the signed-in user', async () => {
    const user = makeUser();
    serverFor(user);
    signInAs(user);
    renderRoutes(
      [
        {
          path: '/app/settings',
          element: <SettingsPage renderOrderHistory={({ userId }) => <p>Orders of {userId}</p>} />,
        },
      ],
      '/app/settings',
    );
    expect(await screen.findByText(`Orders of ${user.id}`)).toBeTruthy();
  });
});

describe('Edit profile', () => {
  it('requires the current password and validates name and email', async () => {
    const user = makeUser();
    const { calls } = serverFor(user);
    const { user: person } = await renderSettings(user);
    const form = screen.getByRole('form', { name: 'Edit profile' });
    await type(person, 'Full name', '  ', form);
    await type(person, 'Email', '', form);
    await person.click(within(form).getByRole('button', { name: 'Save Profile' }));

    expect(await within(form).findByText('Password is required to update profile')).toBeTruthy();
    expect(within(form).getByText('Name is required')).toBeTruthy();
    expect(within(form).getByText('Email is required')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('saves the full profile with the password and shows Saved', async () => {
    const user = makeUser();
    const { calls } = serverFor(user, {
      [`PUT /api/user/${user.id}`]: ({ body }) => ({ body: { user: { ...user, ...(body as object) } } }),
    });
    const { user: person } = await renderSettings(user);
    const form = screen.getByRole('form', { name: 'Edit profile' });
    await type(person, 'City', 'Berkeley', form);
    await type(person, 'Current password', 'my-password', form);
    await person.click(within(form).getByRole('button', { name: 'Save Profile' }));

    expect(await within(form).findByText('Saved')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({
      name: 'Mei Chen',
      email: 'mei@example.com',
      city: 'Berkeley',
      experience: 2,
      current_password: 'my-password',
      privacy: user.privacy,
    });
    expect(put?.body).not.toHaveProperty('new_password');
  });

  it("shows the server's reason for a refused save", async () => {
    const user = makeUser();
    serverFor(user, {
      [`PUT /api/user/${user.id}`]: () => ({
        status: 403,
        body: { error: 'Current password is incorrect', code: 'INVALID_PASSWORD' },
      }),
    });
    const { user: person } = await renderSettings(user);
    const form = screen.getByRole('form', { name: 'Edit profile' });
    await type(person, 'Current password', 'wrong', form);
    await person.click(within(form).getByRole('button', { name: 'Save Profile' }));
    expect((await within(form).findAllByText('Current password is incorrect')).length).toBeGreaterThan(0);
  });

  it('checks the avatar file before uploading it', async () => {
    const user = makeUser();
    const { calls } = serverFor(user);
    await renderSettings(user);
    const input = screen.getByLabelText('Upload profile picture');
    // The picker's `accept` is a suggestion: "All files" in the picker, or a drop, passes it by.
    const person = userEvent.setup({ applyAccept: false });

    await person.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Please choose an image file')).toBeTruthy();

    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    await person.upload(input, big);
    expect(await screen.findByText('Please choose an image smaller than 5MB')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/uploads')).toBe(false);
  });
});

describe('Security & Privacy dialog', () => {
  async function openDialog(user: User, extra: Parameters<typeof stubFetch>[0] = {}) {
    const server = serverFor(user, extra);
    const { user: person } = await renderSettings(user);
    await person.click(screen.getByRole('button', { name: 'Open Security & Privacy' }));
    return {
      ...server,
      person,
      dialog: await screen.findByRole('dialog', { name: 'Security & Privacy' }),
    };
  }

  it('checks the current password, the length and the confirmation', async () => {
    const { dialog, calls, person } = await openDialog(makeUser());
    await type(person, 'New password', 'short', dialog);
    await type(person, 'Confirm new password', 'different', dialog);
    await person.click(within(dialog).getByRole('button', { name: 'Save Settings' }));

    expect(await within(dialog).findByText('Current password is required to update settings')).toBeTruthy();
    expect(within(dialog).getByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(within(dialog).getByText('New passwords do not match')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('saves privacy with the current password', async () => {
    const user = makeUser();
    const { dialog, calls, person } = await openDialog(user, {
      [`PUT /api/user/${user.id}`]: ({ body }) => ({ body: { user: { ...user, ...(body as object) } } }),
    });
    const profileGroup = within(dialog).getByRole('radiogroup', { name: 'Profile visibility' });
    await person.click(within(profileGroup).getByLabelText('Private'));
    await type(person, 'Current password', 'my-password', dialog);
    await person.click(within(dialog).getByRole('button', { name: 'Save Settings' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Security & Privacy' })).toBeNull());
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({
      privacy: { profile: 'private', progress: 'public', courses: 'public' },
      current_password: 'my-password',
    });
  });

  it('sets a new password without the old one after a temporary-password login', async () => {
    const user = makeUser({ requires_password_change: true });
    const refreshed = { ...user, requires_password_change: false };
    let changed = false;
    const { dialog, calls, person } = await openDialog(user, {
      'PUT /api/user/set-new-password': () => {
        changed = true;
        return { body: { success: true } };
      },
      [`GET /api/user/${user.id}/profile`]: () => ({ body: changed ? refreshed : user }),
    });
    expect(within(dialog).queryByLabelText(labelled('Current password'))).toBeNull();
    await type(person, 'New password', 'brand-new-pass', dialog);
    await type(person, 'Confirm new password', 'brand-new-pass', dialog);
    await person.click(within(dialog).getByRole('button', { name: 'Set New Password' }));

    await waitFor(() => expect(screen.queryByText('Choose a new password')).toBeNull());
    expect(calls.find((call) => call.path === '/api/user/set-new-password')?.body).toEqual({
      newPassword: 'brand-new-pass',
    });
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}').requires_password_change).toBe(false);
  });
});

describe('A pending password change', () => {
  it('keeps the dialog open until the new password is saved: no close button, Cancel, Esc or outside click', async () => {
    const user = makeUser({ requires_password_change: true });
    serverFor(user);
    const { user: person } = await renderSettings(user, '/app/settings?openSecurity=true');
    const dialog = await screen.findByRole('dialog', { name: 'Security & Privacy' });
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();

    expect(dialog.contains(document.activeElement)).toBe(true);
    await person.keyboard('{Escape}');
    const overlay = document.querySelector('.mantine-Modal-overlay');
    expect(overlay).toBeTruthy();
    await person.click(overlay!);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByRole('dialog', { name: 'Security & Privacy' })).toBeTruthy();
    expect(screen.getByText('Choose a new password')).toBeTruthy();
  });

  it('opens the dialog on arrival even without the query', async () => {
    const user = makeUser({ requires_password_change: true });
    serverFor(user);
    await renderSettings(user);
    expect(await screen.findByRole('dialog', { name: 'Security & Privacy' })).toBeTruthy();
  });

  it('offers Sign Out as the only other way out', async () => {
    const user = makeUser({ requires_password_change: true });
    const { calls } = serverFor(user, { 'POST /api/user/logout': () => ({ body: { success: true } }) });
    const { user: person } = await renderSettings(user, '/app/settings?openSecurity=true');
    const dialog = await screen.findByRole('dialog', { name: 'Security & Privacy' });
    await person.click(within(dialog).getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Home at /')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/user/logout')).toBe(true);
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('lets an ordinary settings dialog close with Esc', async () => {
    const user = makeUser();
    serverFor(user);
    const { user: person } = await renderSettings(user, '/app/settings?openSecurity=true');
    const dialog = await screen.findByRole('dialog', { name: 'Security & Privacy' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await person.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Security & Privacy' })).toBeNull());
  });
});

describe('Account Management dialog', () => {
  async function openDialog(user: User, extra: Parameters<typeof stubFetch>[0] = {}) {
    const server = serverFor(user, extra);
    const { user: person } = await renderSettings(user);
    await person.click(screen.getByRole('button', { name: 'Manage Account' }));
    return {
      ...server,
      person,
      dialog: await screen.findByRole('dialog', { name: 'Account Management' }),
    };
  }

  it('needs DEACTIVATE typed exactly and the password', async () => {
    const { dialog, calls, person } = await openDialog(makeUser());
    await type(person, 'Type DEACTIVATE to confirm', 'deactivate', dialog);
    await person.click(within(dialog).getByRole('button', { name: 'Deactivate Account' }));

    expect(within(dialog).getByText('Please type DEACTIVATE to confirm')).toBeTruthy();
    expect(within(dialog).getByText('Password is required to deactivate your account')).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/deactivate'))).toBe(false);
  });

  it('sends the deletion request and signs out after 2 seconds', async () => {
    const user = makeUser();
    const { dialog, calls, person } = await openDialog(user, {
      [`POST /api/user/${user.id}/deactivate`]: () => ({
        body: { success: true, message: 'Account deactivated' },
      }),
    });
    expect(
      within(dialog).getByText(/handled by contacting support and is processed in 3-5 business days/),
    ).toBeTruthy();
    await person.click(within(dialog).getByLabelText('Also request permanent deletion of my account'));
    await type(person, 'Type DEACTIVATE to confirm', 'DEACTIVATE', dialog);
    await type(person, 'Your password', 'my-own-password', dialog);
    vi.useFakeTimers();
    try {
      await person.click(within(dialog).getByRole('button', { name: 'Deactivate Account' }));
      expect(await screen.findByText('Account deactivated')).toBeTruthy();
      expect(localStorage.getItem('authToken')).not.toBeNull();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2000);
      });
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByText('Home at /')).toBeTruthy();
    expect(calls.find((call) => call.path.endsWith('/deactivate'))?.body).toEqual({
      isDeletionRequest: true,
      password: 'my-own-password',
    });
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('keeps the notice for its 2 seconds though the ended session is refused meanwhile', async () => {
    const user = makeUser();
    const { dialog, person } = await openDialog(user, {
      [`POST /api/user/${user.id}/deactivate`]: () => ({
        body: { success: true, message: 'Account deactivated' },
      }),
      [`GET /api/user/${user.id}/courses`]: () => sessionExpired,
    });
    await type(person, 'Type DEACTIVATE to confirm', 'DEACTIVATE', dialog);
    await type(person, 'Your password', 'my-own-password', dialog);
    vi.useFakeTimers();
    try {
      await person.click(within(dialog).getByRole('button', { name: 'Deactivate Account' }));
      // The notice shows as the 2 seconds start, without time moving on (as findBy… would move it).
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });
      expect(within(dialog).getByText(/Your account is deactivated/)).toBeTruthy();
      // What the live stream's session-ended or any call in flight would meet: a 401.
      await expect(apiRequest(`/user/${user.id}/courses`)).rejects.toMatchObject({ status: 401 });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1999);
      });
      expect(within(dialog).getByText(/Your account is deactivated/)).toBeTruthy();
      expect(screen.getByLabelText('Current location').textContent).toBe('/app/settings');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1);
      });
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByText('Home at /')).toBeTruthy();
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it("toasts 'Failed to deactivate account' with the server's reason", async () => {
    // Only an administrator's own account is refused this way.
    const user = makeUser({ is_admin: true, role: 'admin' });
    const { dialog, person } = await openDialog(user, {
      [`POST /api/user/${user.id}/deactivate`]: () => ({
        status: 400,
        body: { error: 'You cannot deactivate your own administrator account', code: 'CANNOT_CHANGE_SELF' },
      }),
    });
    await type(person, 'Type DEACTIVATE to confirm', 'DEACTIVATE', dialog);
    await type(person, 'Your password', 'my-own-password', dialog);
    await person.click(within(dialog).getByRole('button', { name: 'Deactivate Account' }));

    expect(await screen.findByText('Failed to deactivate account')).toBeTruthy();
    expect(
      (await screen.findAllByText('You cannot deactivate your own administrator account')).length,
    ).toBeGreaterThan(0);
  });

  it('shows a wrong password under the password field and keeps the session', async () => {
    const user = makeUser();
    const { dialog, person } = await openDialog(user, {
      [`POST /api/user/${user.id}/deactivate`]: () => ({
        status: 403,
        body: { error: 'Current password is incorrect', code: 'INVALID_PASSWORD' },
      }),
    });
    await type(person, 'Type DEACTIVATE to confirm', 'DEACTIVATE', dialog);
    await type(person, 'Your password', 'not-my-password', dialog);
    await person.click(within(dialog).getByRole('button', { name: 'Deactivate Account' }));

    expect(await within(dialog).findByText('Current password is incorrect')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(localStorage.getItem('authToken')).not.toBeNull();
  });
});

describe('a pending e-mail change', () => {
  it('names the new address and cancels the change', async () => {
    const user = makeUser({ pending_email: 'mei.new@example.com' });
    const { calls } = serverFor(user, {
      [`DELETE /api/user/${user.id}/email-change`]: () => ({
        body: { user: { ...user, pending_email: null } },
      }),
    });
    const { user: person } = await renderSettings(user);
    expect(screen.getByText('mei.new@example.com')).toBeTruthy();
    expect(screen.getByText(/Confirm the link we sent to/)).toBeTruthy();

    await person.click(screen.getByRole('button', { name: 'Cancel change' }));
    await waitFor(() => expect(screen.queryByText('mei.new@example.com')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE' && call.path.endsWith('/email-change'))).toBe(true);
  });

  it('asks for the sign-up address to be confirmed, and sends a new link', async () => {
    const user = makeUser({ email_verified: false });
    const { calls } = serverFor(user, {
      [`POST /api/user/${user.id}/email-confirmation`]: () => ({
        body: { success: true, message: `We sent a confirmation link to ${user.email}.` },
      }),
    });
    const { user: person } = await renderSettings(user);
    expect(screen.getByText('Confirm your e-mail address')).toBeTruthy();
    expect(screen.getByText(/workshop bookings and class places made with this address/)).toBeTruthy();

    await person.click(screen.getByRole('button', { name: 'Send a new link' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/email-confirmation'))).toBe(
        true,
      ),
    );
    expect(await screen.findByText(`We sent a new link to ${user.email}.`)).toBeTruthy();
  });

  it('says nothing of confirming once the address is confirmed', async () => {
    const user = makeUser();
    serverFor(user);
    await renderSettings(user);
    expect(screen.getByText(user.email)).toBeTruthy();
    expect(screen.queryByText('Confirm your e-mail address')).toBeNull();
  });

  it('shows the password policy message under the new password', async () => {
    const user = makeUser();
    serverFor(user, {
      [`PUT /api/user/${user.id}`]: () => ({
        status: 400,
        body: {
          error: PASSWORD_COMMON_MESSAGE,
          code: 'WEAK_PASSWORD',
          details: [{ path: 'new_password', message: PASSWORD_COMMON_MESSAGE }],
        },
      }),
    });
    const { user: person } = await renderSettings(user);
    await person.click(screen.getByRole('button', { name: 'Open Security & Privacy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Security & Privacy' });
    await type(person, 'New password', 'password1', dialog);
    await type(person, 'Confirm new password', 'password1', dialog);
    await type(person, 'Current password', 'my-own-password', dialog);
    await person.click(within(dialog).getByRole('button', { name: 'Save Settings' }));

    expect(await within(dialog).findByText(PASSWORD_COMMON_MESSAGE)).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
