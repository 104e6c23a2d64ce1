import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, signInAs, stubFetch, TestProviders } from '../../test/render';
import { useUserProfile } from './api';
import { EmailNotificationsToggle } from './email-notifications-toggle';

/** The toggle as the settings screen shows it: fed by the loaded profile. */
function Screen({ userId }: { userId: string }) {
  const { data } = useUserProfile(userId);
  return data ? <EmailNotificationsToggle profile={data} passwordChangeRequired={false} /> : null;
}

function renderToggle(answer?: { status: number; body: unknown }) {
  const user = userEvent.setup();
  const mei = makeUser({ email_notifications: true });
  signInAs(mei);
  const server = stubFetch({
    [`POST /api/verify/user/${mei.id}`]: () => ({ body: { valid: true, user: mei } }),
    [`GET /api/user/${mei.id}/profile`]: () => ({ body: mei }),
    [`PUT /api/user/${mei.id}/email-notifications`]: ({ body }) =>
      answer ?? {
        body: { user: { ...mei, email_notifications: (body as { enabled: boolean }).enabled } },
      },
  });
  render(
    <TestProviders>
      <Screen userId={mei.id} />
    </TestProviders>,
  );
  return { ...server, user, mei };
}

describe('EmailNotificationsToggle', () => {
  it('turns notifications off at once, without asking for the password', async () => {
    const { calls, user, mei } = renderToggle();
    const toggle = await screen.findByRole<HTMLInputElement>('switch', { name: /^E-mail notifications/ });
    expect(toggle.checked).toBe(true);
    await user.click(toggle);

    expect(await screen.findByText('E-mail notifications are off.')).toBeTruthy();
    expect(screen.queryByLabelText(/Current password/)).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe(`/api/user/${mei.id}/email-notifications`);
    expect(put?.body).toEqual({ enabled: false });
    await waitFor(() => expect(toggle.checked).toBe(false));
  });

  it('keeps the saved value and says why when the change is refused', async () => {
    const { user } = renderToggle({
      status: 429,
      body: { error: 'Too many attempts. Please try again in 9 minutes.', code: 'TOO_MANY_REQUESTS' },
    });
    const toggle = await screen.findByRole<HTMLInputElement>('switch', { name: /^E-mail notifications/ });
    await user.click(toggle);

    expect(await screen.findByText('Too many attempts. Please try again in 9 minutes.')).toBeTruthy();
    expect(toggle.checked).toBe(true);
  });
});
