import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { labelled, makeUser, renderRoutes, stubFetch, type } from '../../test/render';
import { LoginPage } from './login-page';

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
async function renderLogin(path = '/app/login') {
  const result = renderRoutes(routes, path);
  await screen.findByRole('tablist');
  return result;
}

/** Fills the sign-in form and submits it. */
function signIn(username: string, password: string) {
  type('Username', username);
  type('Password', password);
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

const invalidCredentials = {
  status: 401,
  body: { error: 'Invalid username or password', code: 'INVALID_CREDENTIALS' },
};

describe('LoginPage sign-in', () => {
  it('shows the schema messages for an empty form and calls nothing', async () => {
    const { calls } = stubFetch({});
    await renderLogin();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('signs in, stores the session and goes to /app', async () => {
    const user = makeUser();
    const { calls } = stubFetch({
      'POST /api/user/authenticate': () => ({ body: { token: 'tok-1', user } }),
    });
    await renderLogin();
    signIn('mei', 'correct horse');

    expect(await screen.findByText('Dashboard at /app')).toBeTruthy();
    expect(calls[0]?.body).toEqual({ username: 'mei', password: 'correct horse' });
    expect(localStorage.getItem('authToken')).toBe('tok-1');
    expect(localStorage.getItem('userId')).toBe(user.id);
  });

  it('falls back to the temporary-password login and then asks for a new password', async () => {
    const user = makeUser({ requires_password_change: true });
    const { calls } = stubFetch({
      'POST /api/user/authenticate': () => invalidCredentials,
      'POST /api/user/auth-temp': () => ({ body: { token: 'temp-tok', user } }),
    });
    await renderLogin();
    signIn('mei', 'Tmp-123456');

    expect(await screen.findByText('Settings at /app/settings?openSecurity=true')).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual(['/api/user/authenticate', '/api/user/auth-temp']);
    expect(calls[1]?.body).toEqual({ username: 'mei', tempPassword: 'Tmp-123456' });
  });

  it("shows the server's login error when the fallback is refused too", async () => {
    stubFetch({
      'POST /api/user/authenticate': () => invalidCredentials,
      'POST /api/user/auth-temp': () => ({
        status: 401,
        body: { error: 'Invalid temporary password', code: 'INVALID_CREDENTIALS' },
      }),
    });
    await renderLogin();
    signIn('mei', 'wrong-password');

    expect(await screen.findByText('Invalid username or password')).toBeTruthy();
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('shows the server error for a deactivated account without trying the fallback', async () => {
    const { calls } = stubFetch({
      'POST /api/user/authenticate': () => ({
        status: 403,
        body: { error: 'This account has been deactivated', code: 'ACCOUNT_DEACTIVATED' },
      }),
    });
    await renderLogin();
    signIn('mei', 'whatever1');

    expect(await screen.findByText('This account has been deactivated')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it("falls back to 'Login failed. Please try again.' without a server message", async () => {
    stubFetch({
      'POST /api/user/authenticate': () => ({
        status: 500,
        body: { error: 'Internal error', code: 'INTERNAL' },
      }),
    });
    await renderLogin();
    signIn('mei', 'whatever1');

    expect(await screen.findByText('Login failed. Please try again.')).toBeTruthy();
  });
});

describe('LoginPage sign-up', () => {
  it('validates every field with the shared schema', async () => {
    const { calls } = stubFetch({});
    await renderLogin('/app/login?mode=signup');
    const form = await screen.findByRole('form', { name: 'Sign up' });
    type('Email', 'not-an-email', form);
    type('Password', 'short', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Create Account' }));

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
        body: { error: 'That username is already taken', code: 'CONFLICT' },
      }),
    });
    await renderLogin('/app/login?mode=signup');
    const form = await screen.findByRole('form', { name: 'Sign up' });
    type('Full name', 'Mei Chen', form);
    type('Email', 'MEI@example.com', form);
    type('Username', 'mei', form);
    type('Password', 'long enough', form);
    type('City', 'Oakland', form);
    type('Country', 'USA', form);
    type('Martial art', 'Taijiquan', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('That username is already taken')).toBeTruthy();
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
  function answer(dialog: HTMLElement, username: string, city: string, country: string) {
    type('What is your username?', username, dialog);
    type('In which city do you live?', city, dialog);
    type('In which country do you live?', country, dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
  }

  const codeSent = () => ({ status: 202, body: { sent: true, expiresAt: '2025-07-14T10:10:00.000Z' } });

  /** Opens the dialog and asks for a code for mei@example.com. */
  async function openAndContinue() {
    fireEvent.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    type('Email', 'mei@example.com', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    return dialog;
  }

  /** Enters the e-mailed code and continues to the questions. */
  async function enterCode(dialog: HTMLElement, code = '042917') {
    await within(dialog).findByText('We sent a 6-digit code to your e-mail');
    type('Code', code, dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  }

  async function openAndFindQuestions() {
    const dialog = await openAndContinue();
    await enterCode(dialog);
    await within(dialog).findByLabelText(labelled('What is your username?'));
    return dialog;
  }

  it('asks for the e-mailed code before the questions', async () => {
    const { calls } = stubFetch({
      'POST /api/user/request-reset-code': codeSent,
      'POST /api/user/security-questions': () => ({ body: { questions } }),
    });
    await renderLogin();
    const dialog = await openAndContinue();
    await within(dialog).findByText('We sent a 6-digit code to your e-mail');
    expect(calls.map((call) => call.path)).toEqual(['/api/user/request-reset-code']);
    expect(calls[0]?.body).toEqual({ email: 'mei@example.com' });
    const input = within(dialog).getByLabelText(labelled('Code'));
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('inputmode')).toBe('numeric');

    type('Code', '12a4', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Please enter the 6-digit code from the e-mail')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('offers to resend the code after 60 seconds, with a countdown', async () => {
    vi.useFakeTimers();
    try {
      const { calls } = stubFetch({ 'POST /api/user/request-reset-code': codeSent });
      await renderLogin();
      const dialog = await openAndContinue();
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
      fireEvent.click(ready);
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
    await renderLogin();
    const dialog = await openAndContinue();
    expect(
      await within(dialog).findByText('Too many attempts. Please try again in 900 seconds.'),
    ).toBeTruthy();
  });

  it('requires all three answers', async () => {
    const { calls } = stubFetch({
      'POST /api/user/request-reset-code': codeSent,
      'POST /api/user/security-questions': () => ({ body: { questions } }),
    });
    await renderLogin();
    const dialog = await openAndFindQuestions();
    type('What is your username?', 'mei', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));

    expect(await within(dialog).findByText('Please fill in all security answers')).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual([
      '/api/user/request-reset-code',
      '/api/user/security-questions',
    ]);
  });

  it("reports 'Failed to retrieve security questions'", async () => {
    stubFetch({
      'POST /api/user/request-reset-code': codeSent,
      'POST /api/user/security-questions': () => ({ status: 500, body: { error: 'x', code: 'INTERNAL' } }),
    });
    await renderLogin();
    const dialog = await openAndContinue();
    await enterCode(dialog);

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
    await renderLogin();
    const dialog = await openAndFindQuestions();
    answer(dialog, 'mei', 'Oakland', 'Spain');

    expect(await within(dialog).findByText('Security verification failed')).toBeTruthy();
  });

  it('shows hints and the temporary password, then signs in with it', async () => {
    const user = makeUser({ requires_password_change: true });
    const { calls } = stubFetch({
      'POST /api/user/request-reset-code': codeSent,
      'POST /api/user/security-questions': () => ({ body: { questions } }),
      'POST /api/user/request-reset': () => ({ body: reset }),
      'POST /api/user/auth-temp': () => ({ body: { token: 'temp-tok', user } }),
    });
    await renderLogin();
    const dialog = await openAndFindQuestions();
    answer(dialog, ' mei ', 'Oakland', 'USA');

    expect(await within(dialog).findByText('Tmp-7Q2x9')).toBeTruthy();
    expect(within(dialog).getByText('O*****d')).toBeTruthy();
    expect(calls[2]?.body).toEqual({
      email: 'mei@example.com',
      code: '042917',
      securityAnswers: ['mei', 'Oakland', 'USA'],
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close & Login' }));
    expect(await screen.findByText('Settings at /app/settings?openSecurity=true')).toBeTruthy();
    expect(calls[3]?.body).toEqual({ username: 'mei', tempPassword: 'Tmp-7Q2x9' });
  });

  it("says 'Authentication failed. Please check your temporary password.' when it is refused", async () => {
    stubFetch({
      'POST /api/user/request-reset-code': codeSent,
      'POST /api/user/security-questions': () => ({ body: { questions } }),
      'POST /api/user/request-reset': () => ({ body: reset }),
      'POST /api/user/auth-temp': () => invalidCredentials,
    });
    await renderLogin();
    const dialog = await openAndFindQuestions();
    answer(dialog, 'mei', 'Oakland', 'USA');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Close & Login' }));

    await waitFor(() =>
      expect(
        within(dialog).getByText('Authentication failed. Please check your temporary password.'),
      ).toBeTruthy(),
    );
  });
});
