import {
  expect,
  expectNoAxeViolations,
  expectLandingPage,
  NO_SESSION,
  readStoredSession,
  signInWithForm,
  signOutThroughMenu,
  test,
  textbox,
  uniqueSuffix,
} from './fixtures';
import { authenticate, bearer, readResetCode } from './school';

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
  // An exact match closes the suggestions, so nothing covers Create Account.
  await expect(page.getByRole('listbox')).toBeHidden();
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

test('the martial-art suggestions close on an exact match and leave Create Account free', async ({
  page,
}, testInfo) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/app/login?mode=signup');
    const form = page.getByRole('form', { name: 'Sign up' });
    const art = form.getByRole('combobox', { name: 'Martial art' });
    await art.fill('Tai');
    await expect(page.getByRole('option', { name: 'Taijiquan' })).toBeVisible();
    await art.fill('Taijiquan');
    await expect(page.getByRole('listbox')).toBeHidden();
    // A trial click fails if anything lies over the button.
    await form.getByRole('button', { name: 'Create Account' }).click({ trial: true, timeout: 2_000 });
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`sign-up-exact-art-${width}.png`), fullPage: true });

    // Escape closes the list too; typing on opens it again.
    await art.fill('Bag');
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
  }
});

test('sign in with the form, then sign out through the user menu', async ({ page, createStudent }) => {
  const { user, password } = await createStudent();

  await page.goto('/app/login');
  await signInWithForm(page, user.username, password);
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${user.name}` })).toBeVisible();
  expect((await readStoredSession(page)).userId).toBe(user.id);

  await signOutThroughMenu(page);
  await expectLandingPage(page);
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

interface ApiAnswer {
  path: string;
  status: number;
  code?: string;
}

test('recover a forgotten password with the e-mailed code and the security questions, then set a new one', async ({
  page,
  api,
  createStudent,
}, testInfo) => {
  const { user, password: oldPassword } = await createStudent({ city: 'Fremont', country: 'Canada' });
  const newPassword = `new-${uniqueSuffix()}`;

  await page.goto('/app/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your password' });
  await textbox(dialog, 'Email').fill(user.email);
  await dialog.getByRole('button', { name: 'Continue' }).click();

  await expect(dialog.getByText('We sent a 6-digit code to your e-mail')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Resend code in \d+ s$/ })).toBeDisabled();
  await expectNoAxeViolations(page);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: testInfo.outputPath(`reset-code-step-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  const code = await readResetCode(api, user.email);
  await textbox(dialog, 'Code').fill(code);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await textbox(dialog, 'What is your username?').fill(user.username);
  await textbox(dialog, 'In which city do you live?').fill('Fremont');
  await textbox(dialog, 'In which country do you live?').fill('Canada');
  await dialog.getByRole('button', { name: 'Verify' }).click();

  const tempPasswordCode = dialog.getByTestId('temp-password');
  await expect(tempPasswordCode).toHaveText(/\S{8,}/);
  const tempPassword = (await tempPasswordCode.textContent())!.trim();

  // From the temporary sign-in on, record every API answer: until the new password is set, no
  // screen may call something the restricted session is refused.
  const answers: ApiAnswer[] = [];
  let passwordSetAt = Number.POSITIVE_INFINITY;
  page.on('response', async (response) => {
    const path = new URL(response.url()).pathname;
    if (!path.startsWith('/api/')) return;
    const answer: ApiAnswer = { path, status: response.status() };
    answers.push(answer);
    if (path === '/api/user/set-new-password' && response.ok()) passwordSetAt = answers.length;
    if (answer.status === 403) answer.code = ((await response.json()) as { code?: string }).code;
  });
  await dialog.getByRole('button', { name: 'Close & Login' }).click();

  // Settings opens with the security dialog; the query that asked for it leaves the URL.
  await expect(page).toHaveURL(/\/app\/settings$/);
  const security = page.getByRole('dialog', { name: 'Security & Privacy' });
  await expect(security).toBeVisible();
  // Wandering off before the change leads back to Settings.
  await page.goto('/app/courses');
  await expect(page).toHaveURL(/\/app\/settings$/);
  await expect(security).toBeVisible();
  await textbox(security, 'New password').fill(newPassword);
  await textbox(security, 'Confirm new password').fill(newPassword);
  await security.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Your new password is saved.')).toBeVisible();
  await expect(security).toBeHidden();
  // Nothing is owed any more: the settings page drops its reminder and shows the order history.
  await expect(page.getByRole('button', { name: 'Set new password' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Order History' })).toBeVisible();

  // The app works normally afterwards.
  await page.getByRole('link', { name: 'Courses', exact: true }).first().click();
  await expect(page).toHaveURL(/\/app\/courses$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  expect(Number.isFinite(passwordSetAt)).toBe(true);
  const refused = answers.filter((answer) => answer.code === 'PASSWORD_CHANGE_REQUIRED');
  expect(refused).toEqual([]);
  expect(answers.slice(0, passwordSetAt).filter((answer) => answer.status === 403)).toEqual([]);
  expect(answers.slice(passwordSetAt).length).toBeGreaterThan(0);

  await signOutThroughMenu(page);
  await expectLandingPage(page);

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
