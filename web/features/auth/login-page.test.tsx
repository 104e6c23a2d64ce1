import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { labelled, makeUser, renderRoutes, serverFailure, stubFetch, type } from '../../test/render';
import { LoginPage } from './login-page';
import { submitSignUp } from '../../test/sign-up';

function Probe({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p>
      {name} at {location.pathname}
      {location.search}
    </p>
  );
}

const routes = [
  { path: '/app/login', element: <LoginPage /> },
  { path: '/app', element: <Probe name="Dashboard" /> },
  { path: '/app/settings', element: <Probe name="Settings" /> },
];

/** Renders the login page and waits for the session check to finish. */
async function renderLogin(path = '/app/login', userOptions?: Parameters<typeof renderRoutes>[2]) {
  const result = renderRoutes(routes, path, userOptions);
  await screen.findByRole('tablist');
  return result;
}

/** Fills the sign-in form and submits it. */
async function signIn(user: UserEvent, username: string, password: string) {
  await type(user, 'Username', username);
  await type(user, 'Password', password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

const invalidCredentials = {
  status: 401,
  body: { error: 'Invalid username or password', code: 'INVALID_CREDENTIALS' },
};
const invalidTempPassword = {
  status: 401,
  body: { error: 'Invalid or expired temporary password', code: 'INVALID_TEMP_PASSWORD' },
};
const DEACTIVATED = 'This account has been deactivated. Please contact support to reactivate it.';
const USERNAME_TAKEN = 'This username is already taken';

describe('LoginPage sign-in', () => {
  it('shows the schema messages for an empty form and calls nothing', async () => {
    const { calls } = stubFetch({});
    const { user } = await renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('signs in, stores the session and goes to /app', async () => {
    const mei = makeUser();
    const { calls } = stubFetch({
      'POST /api/user/authenticate': () => ({ body: { token: 'tok-1', user: mei } }),
    });
    const { user } = await renderLogin();
    await signIn(user, 'mei', 'correct horse');

    expect(await screen.findByText('Dashboard at /app')).toBeTruthy();
    expect(calls[0]?.body).toEqual({ username: 'mei', password: 'correct horse' });
    expect(localStorage.getItem('authToken')).toBe('tok-1');
    expect(localStorage.getItem('userId')).toBe(mei.id);
  });

  it('falls back to the temporary-password login and then asks for a new password', async () => {
    const mei = makeUser({ requires_password_change: true });
    const { calls } = stubFetch({
      'POST /api/user/authenticate': () => invalidCredentials,
      'POST /api/user/auth-temp': () => ({ body: { token: 'temp-tok', user: mei } }),
    });
    const { user } = await renderLogin();
    await signIn(user, 'mei', 'Tmp-123456');

    expect(await screen.findByText('Settings at /app/settings?openSecurity=true')).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual(['/api/user/authenticate', '/api/user/auth-temp']);
    expect(calls[1]?.body).toEqual({ username: 'mei', tempPassword: 'Tmp-123456' });
  });

  it("shows the server's login error when the fallback is refused too", async () => {
    stubFetch({
      'POST /api/user/authenticate': () => invalidCredentials,
      'POST /api/user/auth-temp': () => invalidTempPassword,
    });
    const { user } = await renderLogin();
    await signIn(user, 'mei', 'wrong-password');

    expect(await screen.findByText('Invalid username or password')).toBeTruthy();
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('shows the server error for a deactivated account without trying the fallback', async () => {
    const { calls } = stubFetch({
      'POST /api/user/authenticate': () => ({
        status: 403,
        body: { error: DEACTIVATED, code: 'ACCOUNT_DEACTIVATED' },
      }),
    });
    const { user } = await renderLogin();
    await signIn(user, 'mei', 'whatever1');

    expect(await screen.findByText(DEACTIVATED)).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it("falls back to 'Login failed. Please try again.' when the server fails", async () => {
    stubFetch({ 'POST /api/user/authenticate': () => serverFailure });
    const { user } = await renderLogin();
    await signIn(user, 'mei', 'whatever1');

    expect(await screen.findByText('Login failed. Please try again.')).toBeTruthy();
  });
});

describe('LoginPage sign-up', () => {
  it('validates every field with the shared schema', async () => {
    const { calls } = stubFetch({});
    const { user } = await renderLogin('/app/login?mode=signup');
    const form = await screen.findByRole('form', { name: 'Sign up' });
    await type(user, 'Email', 'not-an-email', form);
    await type(user, 'Password', 'short', form);
    await user.click(within(form).getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(screen.getByText('City is required')).toBeTruthy();
    expect(screen.getByText('Country is required')).toBeTruthy();
    expect(screen.getByText('Martial art is required')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows the server error for a duplicate, else the generic message', async () => {
    stubFetch({
      'POST /api/create/user': () => ({
        status: 409,
        body: {
          error: USERNAME_TAKEN,
          code: 'ALREADY_EXISTS',
          details: [{ path: 'username', message: USERNAME_TAKEN }],
        },
      }),
    });
    const { user } = await renderLogin('/app/login?mode=signup');
    const form = await screen.findByRole('form', { name: 'Sign up' });
    await submitSignUp(user, form, 'MEI@example.com');

    expect(await screen.findByText(USERNAME_TAKEN)).toBeTruthy();
  });
});

describe('Forgot-password dialog', () => {
  const questions = [
    { key: 'username', question: 'What is your username?' },
    { key: 'city', question: 'In which city do you live?' },
    { key: 'country', question: 'In which country do you live?' },
  ];

  const reset = {
    hints: { username: 'm*i', city: 'O*****d', country: 'U*A' },
    tempPassword: 'Tmp-7Q2x9',
    expiresAt: '2025-07-14T10:30:00.000Z',
    user: { username: 'mei' },
  };

  /** Answers the three security questions and presses Verify. */
  async function answer(
    user: UserEvent,
    dialog: HTMLElement,
    username: string,
    city: string,
    country: string,
  ) {
    await type(user, 'What is your username?', username, dialog);
    await type(user, 'In which city do you live?', city, dialog);
    await type(user, 'In which country do you live?', country, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
  }

  const codeSent = () => ({ status: 202, body: { sent: true, expiresAt: '2025-07-14T10:10:00.000Z' } });

  /** Opens the dialog and asks for a code for mei@example.com. */
  async function openAndContinue(user: UserEvent) {
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    await type(user, 'Email', 'mei@example.com', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    return dialog;
  }

  /** Enters the e-mailed code and continues to the questions. */
  async function enterCode(user: UserEvent, dialog: HTMLElement, code = '042917') {
    await within(dialog).findByText('We sent a 6-digit code to your e-mail');
    await type(user, 'Code', code, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
  }

  async function openAndFindQuestions(user: UserEvent) {
    const dialog = await openAndContinue(user);
    await enterCode(user, dialog);
    await within(dialog).findByLabelText(labelled('What is your username?'));
    return dialog;
  }

  it('asks for the e-mailed code before the questions', async () => {
    const { calls } = stubFetch({
      'POST /api/user/request-reset-code': codeSent,
      'POST /api/user/security-questions': () => ({ body: { questions } }),
    });
    const { user } = await renderLogin();
    const dialog = await openAndContinue(user);
    await within(dialog).findByText('We sent a 6-digit code to your e-mail');
    expect(calls.map((call) => call.path)).toEqual(['/api/user/request-reset-code']);
    expect(calls[0]?.body).toEqual({ email: 'mei@example.com' });
    const input = within(dialog).getByLabelText(labelled('Code'));
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('inputmode')).toBe('numeric');

    await type(user, 'Code', '12a4', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Please enter the 6-digit code from the e-mail')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('offers to resend the code after 60 seconds, with a countdown', async () => {
    vi.useFakeTimers();
    try {
      const { calls } = stubFetch({ 'POST /api/user/request-reset-code': codeSent });
      const { user } = await renderLogin('/app/login', { advanceTimers: vi.advanceTimersByTime });
      const dialog = await openAndContinue(user);
      const resend = await within(dialog).findByRole('button', { name: /Resend code in 60 s/ });
      expect(resend.hasAttribute('disabled')).toBe(true);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(15_000);
      });
      expect(within(dialog).getByRole('button', { name: /Resend code in 45 s/ })).toBeTruthy();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(45_000);
      });
      const ready = within(dialog).getByRole('button', { name: 'Resend code' });
      expect(ready.hasAttribute('disabled')).toBe(false);
      await user.click(ready);
      expect(await within(dialog).findByRole('button', { name: /Resend code in 60 s/ })).toBeTruthy();
      expect(calls.map((call) => call.path)).toEqual([
        '/api/user/request-reset-code',
        '/api/user/request-reset-code',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows why the code could not be sent', async () => {
    stubFetch({
      'POST /api/user/request-reset-code': () => ({
        status: 429,
        body: { error: 'Too many attempts. Please try again in 900 seconds.', code: 'TOO_MANY_REQUESTS' },
      }),
    });
    const { user } = await renderLogin();
    const dialog = await openAndContinue(user);
    expect(
      await within(dialog).findByText('Too many attempts. Please try again in 900 seconds.'),
    ).toBeTruthy();
  });

  it('requires all three answers', async () => {
    const { calls } = stubFetch({
      'POST /api/user/request-reset-code': codeSent,
      'POST /api/user/security-questions': () => ({ body: { questions } }),
    });
    const { user } = await renderLogin();
    const dialog = await openAndFindQuestions(user);
    await type(user, 'What is your username?', 'mei', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));

    expect(await within(dialog).findByText('Please fill in all security answers')).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual([
      '/api/user/request-reset-code',
      '/api/user/security-questions',
    ]);
  });

  it("reports 'Failed to retrieve security questions'", async () => {
    stubFetch({
      'POST /api/user/request-reset-code': codeSent,
      'POST /api/user/security-questions': () => serverFailure,
    });
    const { user } = await renderLogin();
    const dialog = await openAndContinue(user);
    await enterCode(user, dialog);

    expect(await within(dialog).findByText('Failed to retrieve security questions')).toBeTruthy();
  });

  it('shows the verification failure from the server', async () => {
    stubFetch({
      'POST /api/user/request-reset-code': codeSent,
      'POST /api/user/security-questions': () => ({ body: { questions } }),
      'POST /api/user/request-reset': () => ({
        status: 400,
        body: { error: 'Security verification failed', code: 'SECURITY_VERIFICATION_FAILED' },
      }),
    });
    const { user } = await renderLogin();
    const dialog = await openAndFindQuestions(user);
    await answer(user, dialog, 'mei', 'Oakland', 'Spain');

    expect(await within(dialog).findByText('Security verification failed')).toBeTruthy();
  });

  it('shows hints and the temporary password, then signs in with it', async () => {
    const mei = makeUser({ requires_password_change: true });
    const { calls } = stubFetch({
      'POST /api/user/request-reset-code': codeSent,
      'POST /api/user/security-questions': () => ({ body: { questions } }),
      'POST /api/user/request-reset': () => ({ body: reset }),
      'POST /api/user/auth-temp': () => ({ body: { token: 'temp-tok', user: mei } }),
    });
    const { user } = await renderLogin();
    const dialog = await openAndFindQuestions(user);
    await answer(user, dialog, ' mei ', 'Oakland', 'USA');

    expect(await within(dialog).findByText('Tmp-7Q2x9')).toBeTruthy();
    expect(within(dialog).getByText('O*****d')).toBeTruthy();
    expect(calls[2]?.body).toEqual({
      email: 'mei@example.com',
      code: '042917',
      securityAnswers: ['mei', 'Oakland', 'USA'],
    });

    await user.click(within(dialog).getByRole('button', { name: 'Close & Login' }));
    expect(await screen.findByText('Settings at /app/settings?openSecurity=true')).toBeTruthy();
    expect(calls[3]?.body).toEqual({ username: 'mei', tempPassword: 'Tmp-7Q2x9' });
  });

  it("says 'Authentication failed. Please check your temporary password.' when it is refused", async () => {
    stubFetch({
      'POST /api/user/request-reset-code': codeSent,
      'POST /api/user/security-questions': () => ({ body: { questions } }),
      'POST /api/user/request-reset': () => ({ body: reset }),
      'POST /api/user/auth-temp': () => invalidTempPassword,
    });
    const { user } = await renderLogin();
    const dialog = await openAndFindQuestions(user);
    await answer(user, dialog, 'mei', 'Oakland', 'USA');
    await user.click(await within(dialog).findByRole('button', { name: 'Close & Login' }));

    await waitFor(() =>
      expect(
        within(dialog).getByText('Authentication failed. Please check your temporary password.'),
      ).toBeTruthy(),
    );
  });
});
