import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, serverFailure, signInAs, stubFetch, TestProviders, type } from '../../test/render';
import { isSigningOut, readToken } from '../../lib/session-storage';
import { AccountDialog } from './account-dialog';

const student = makeUser();

/** Deactivates the account of `owner`, signed in, and answers the call with `answer`. */
async function renderDialog(answer: { status?: number; body: unknown }, owner = student) {
  const user = userEvent.setup();
  signInAs(owner);
  stubFetch({ [`POST /api/user/${owner.id}/deactivate`]: () => answer });
  render(
    <TestProviders>
      <AccountDialog opened onClose={vi.fn()} userId={owner.id} onDeactivated={vi.fn()} />
    </TestProviders>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Account Management' });
  await type(user, 'Type DEACTIVATE to confirm', 'DEACTIVATE', dialog);
  await type(user, 'Your password', 'my-own-password', dialog);
  await user.click(within(dialog).getByRole('button', { name: 'Deactivate Account' }));
  return dialog;
}

/** The toast whose title or message is `text`, as title and message. */
async function toast(text: string) {
  const node = (await screen.findAllByText(text))
    .map((element) => element.closest<HTMLElement>('.mantine-Notification-root'))
    .find(Boolean);
  if (!node) throw new Error(`No toast with ${text}`);
  const title = node.querySelector('.mantine-Notification-title')?.textContent ?? null;
  const message = node.querySelector('.mantine-Notification-description')?.textContent ?? null;
  return { title, message };
}

describe('AccountDialog sign-out', () => {
  /** Whether the app treats the token's end as expected while the deactivation is on its way. */
  async function signingOutWhileSent(answer: { status?: number; body: unknown }) {
    let whileSent: boolean | undefined;
    const user = userEvent.setup();
    signInAs(student);
    stubFetch({
      [`POST /api/user/${student.id}/deactivate`]: () => {
        whileSent = isSigningOut(readToken());
        return answer;
      },
    });
    render(
      <TestProviders>
        <AccountDialog opened onClose={vi.fn()} userId={student.id} onDeactivated={vi.fn()} />
      </TestProviders>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Account Management' });
    await type(user, 'Type DEACTIVATE to confirm', 'DEACTIVATE', dialog);
    await type(user, 'Your password', 'my-own-password', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate Account' }));
    return { whileSent: () => whileSent, dialog };
  }

  it('expects the session to end from the moment the request leaves (the live stream may say so first)', async () => {
    const { whileSent, dialog } = await signingOutWhileSent({ body: { success: true, message: 'ok' } });
    expect(await within(dialog).findByRole('status')).toBeTruthy();
    expect(whileSent()).toBe(true);
    expect(isSigningOut(readToken())).toBe(true);
  });

  it('no longer expects it once a wrong password is refused', async () => {
    const { whileSent } = await signingOutWhileSent({
      status: 403,
      body: { error: 'Current password is incorrect', code: 'FORBIDDEN' },
    });
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    expect(whileSent()).toBe(true);
    expect(isSigningOut(readToken())).toBe(false);
  });
});

describe('AccountDialog toasts', () => {
  beforeEach(() => notifications.clean());

  it('titles a deactivation and says what happens next, without repeating itself', async () => {
    await renderDialog({ body: { success: true, message: 'Account deactivated successfully' } });
    const { title, message } = await toast('Account deactivated');
    expect(title).toBe('Account deactivated');
    expect(message).toBe('You will be signed out in a moment.');
    expect(screen.queryByText('Account deactivated successfully')).toBeNull();
  });

  it("says 'Failed to deactivate account' once when the server gives no reason", async () => {
    await renderDialog(serverFailure);
    const { title, message } = await toast('Failed to deactivate account');
    expect(title).toBeNull();
    expect(message).toBe('Failed to deactivate account');
  });

  it("titles the server's reason with 'Failed to deactivate account'", async () => {
    // Only an administrator's own account is refused this way.
    await renderDialog(
      {
        status: 400,
        body: { error: 'You cannot deactivate your own administrator account', code: 'CANNOT_CHANGE_SELF' },
      },
      makeUser({ is_admin: true, role: 'admin' }),
    );
    const { title, message } = await toast('Failed to deactivate account');
    expect(title).toBe('Failed to deactivate account');
    expect(message).toBe('You cannot deactivate your own administrator account');
  });

  it('leaves a wrong password to its field rather than repeating it in the toast', async () => {
    const dialog = await renderDialog({
      status: 403,
      body: { error: 'Current password is incorrect', code: 'INVALID_PASSWORD' },
    });
    const { message } = await toast('Failed to deactivate account');
    expect(message).toBe('Failed to deactivate account');
    expect(screen.getAllByText('Current password is incorrect')).toHaveLength(1);
    expect(within(dialog).getByText('Current password is incorrect')).toBeTruthy();
  });
});
