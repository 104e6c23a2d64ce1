import {
  authenticate,
  bearer,
  expect,
  LANDING_URL,
  NO_SESSION,
  readStoredSession,
  signInWithForm,
  signOutThroughMenu,
  test,
  textbox,
  uniqueSuffix,
} from './fixtures';

const INVALID_CREDENTIALS = 'Invalid username or password';

test('sign up through the form, accept the required terms and reach the dashboard', async ({ page, api }) => {
  const suffix = uniqueSuffix();
  const name = `Wen ${suffix.slice(0, 6)}`;
  const username = `signup_${suffix}`;

  await page.goto('/app/login');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('form', { name: 'Sign up' });
  await textbox(form, 'Full name').fill(name);
  await textbox(form, 'Email').fill(`${username}@example.com`);
  await textbox(form, 'Username').fill(username);
  await textbox(form, 'Password').fill('a long enough password');
  await textbox(form, 'City').fill('Portland');
  await textbox(form, 'Country').fill('United States');
  await form.getByRole('combobox', { name: 'Martial art' }).fill('Baguazhang');
  // The suggestions can cover the submit button.
  await page.keyboard.press('Escape');
  await form.getByRole('button', { name: 'Create Account' }).click();

  // The terms must be accepted: no close button, and neither Escape nor a click outside closes them.
  const terms = page.getByRole('dialog', { name: 'Terms of Service' });
  await expect(terms).toBeVisible();
  await expect(terms.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await expect(terms.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 300);
  await expect(terms).toBeVisible();

  await terms.getByRole('button', { name: 'I Accept' }).click();
  await expect(terms.getByText('Please check the box to agree to the terms of service')).toBeVisible();
  await terms.getByRole('checkbox', { name: 'I have read and agree to the Terms of Service' }).check();
  await terms.getByRole('button', { name: 'I Accept' }).click();

  await expect(page.getByText('Terms of service accepted successfully!')).toBeVisible();
  await expect(terms).toBeHidden();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${name}` })).toBeVisible();

  // The acceptance is on record: the server no longer asks for it.
  const session = await readStoredSession(page);
  expect(session.authToken).toBeTruthy();
  const status = await api.get(`/api/user/${session.userId}/terms-status`, {
    headers: bearer(session.authToken!),
  });
  expect(((await status.json()) as { requiresAcceptance: boolean }).requiresAcceptance).toBe(false);
});

test('sign in with the form, then sign out through the user menu', async ({ page, createStudent }) => {
  const { user, password } = await createStudent();

  await page.goto('/app/login');
  await signInWithForm(page, user.username, password);
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${user.name}` })).toBeVisible();
  expect((await readStoredSession(page)).userId).toBe(user.id);

  await signOutThroughMenu(page);
  await expect(page).toHaveURL(LANDING_URL);
  expect(await readStoredSession(page)).toEqual(NO_SESSION);

  await page.goto('/app');
  await expect(page).toHaveURL(/\/app\/login$/);
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
});

test("a wrong password shows the server's message and stores nothing", async ({ page, createStudent }) => {
  const { user } = await createStudent();

  await page.goto('/app/login');
  await signInWithForm(page, user.username, 'not-the-password');
  await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toContainText(
    INVALID_CREDENTIALS,
  );
  await expect(page).toHaveURL(/\/app\/login$/);
  expect(await readStoredSession(page)).toEqual(NO_SESSION);
});

test('recover a forgotten password with the security questions and set a new one', async ({
  page,
  api,
  createStudent,
}) => {
  const { user, password: oldPassword } = await createStudent({ city: 'Fremont', country: 'Canada' });
  const newPassword = `new-${uniqueSuffix()}`;

  await page.goto('/app/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your password' });
  await textbox(dialog, 'Email').fill(user.email);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await textbox(dialog, 'What is your username?').fill(user.username);
  await textbox(dialog, 'In which city do you live?').fill('Fremont');
  await textbox(dialog, 'In which country do you live?').fill('Canada');
  await dialog.getByRole('button', { name: 'Verify' }).click();

  const tempPasswordCode = dialog.getByTestId('temp-password');
  await expect(tempPasswordCode).toHaveText(/\S{8,}/);
  const tempPassword = (await tempPasswordCode.textContent())!.trim();
  await dialog.getByRole('button', { name: 'Close & Login' }).click();

  // Settings opens with the security dialog; the query that asked for it leaves the URL.
  await expect(page).toHaveURL(/\/app\/settings$/);
  const security = page.getByRole('dialog', { name: 'Security & Privacy' });
  await expect(security).toBeVisible();
  await textbox(security, 'New password').fill(newPassword);
  await textbox(security, 'Confirm new password').fill(newPassword);
  await security.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Your new password is saved.')).toBeVisible();
  await expect(security).toBeHidden();
  // Nothing is owed any more: the settings page drops its reminder.
  await expect(page.getByRole('button', { name: 'Set new password' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  await signOutThroughMenu(page);
  await expect(page).toHaveURL(LANDING_URL);

  // The temporary password was single use.
  await page.goto('/app/login');
  await signInWithForm(page, user.username, tempPassword);
  await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toContainText(
    INVALID_CREDENTIALS,
  );

  await signInWithForm(page, user.username, newPassword);
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${user.name}` })).toBeVisible();

  // The old password is gone too.
  const old = await api.post('/api/user/authenticate', {
    data: { username: user.username, password: oldPassword },
  });
  expect(old.status()).toBe(401);
  await authenticate(api, user.username, newPassword);
});
