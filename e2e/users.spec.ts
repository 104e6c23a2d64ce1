import type { APIRequestContext, Page } from '@playwright/test';
import type { User } from '../common/users';
import {
  expect,
  expectNoAxeViolations,
  expectLandingPage,
  NO_SESSION,
  pauseClock,
  readStoredSession,
  signInWithForm,
  test,
  textbox,
} from './fixtures';
import { solidPng } from './images';
import { bearer, readOutboxText } from './school';

/** The confirmation link in the newest e-mail to an address, read from the outbox as an admin. */
async function confirmationLinkTo(
  api: APIRequestContext,
  address: string,
  subject = 'Confirm your new e-mail address',
): Promise<URL> {
  const text = await readOutboxText(api, (m) => m.to_address === address && m.subject === subject);
  const link = /(\S+\/confirm-email\?token=\S+)/.exec(text)?.[1];
  expect(link).toBeDefined();
  return new URL(link!);
}

/** Axe reads a toast mid-animation as low contrast; the pages are checked once toasts have closed. */
async function toastsClosed(page: Page) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 8_000 });
}

/** Full-page screenshots at a phone's and a desktop's width, kept with the test's results. */
async function screenshots(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

async function openSettings(page: Page) {
  await page.goto('/app/settings');
  const form = page.getByRole('form', { name: 'Edit profile' });
  await expect(form).toBeVisible();
  return form;
}

test('edit the profile with a new avatar; the changes persist', async ({ page, api, signInNewStudent }) => {
  const account = await signInNewStudent({ city: 'Oakland' });
  const form = await openSettings(page);
  const avatarImage = form.getByRole('img', { name: account.user.name });
  // No picture yet: the initials stand in.
  await expect(avatarImage).toHaveCount(0);

  // The upload is held at the network until the progress bar has been seen.
  let releaseUpload!: () => void;
  const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
  await page.route('**/api/uploads', async (route) => {
    await uploadHeld;
    await route.continue();
  });
  const uploaded = page.waitForResponse(
    (response) => response.url().endsWith('/api/uploads') && response.request().method() === 'POST',
  );
  await form.getByLabel('Upload profile picture').setInputFiles({
    name: 'portrait.png',
    mimeType: 'image/png',
    buffer: solidPng(64),
  });
  // Mantine puts the progressbar role on the filled section, which has no width at 0%.
  const progress = form.getByRole('progressbar', { name: 'Upload progress' });
  await expect(progress).toBeAttached();
  releaseUpload();
  expect((await uploaded).status()).toBe(200);
  await expect(progress).toHaveCount(0);
  // The preview shows the uploaded picture before the profile is saved.
  await expect(avatarImage).toHaveAttribute('src', /^\/media\/avatars\//);
  const avatarUrl = await avatarImage.getAttribute('src');

  await textbox(form, 'City').fill('Berkeley');
  await textbox(form, 'Current password').fill(account.password);
  await form.getByRole('button', { name: 'Save Profile' }).click();
  const savedIndicator = form.getByRole('status');
  await expect(savedIndicator).toHaveText('Saved');
  // The indicator is on a 2-second timer.
  await expect(savedIndicator).toHaveText('', { timeout: 5_000 });

  await page.reload();
  const reloaded = page.getByRole('form', { name: 'Edit profile' });
  await expect(textbox(reloaded, 'City')).toHaveValue('Berkeley');
  await expect(reloaded.getByRole('img', { name: account.user.name })).toHaveAttribute('src', avatarUrl!);

  const response = await api.get(`/api/user/${account.user.id}/profile`, { headers: bearer(account.token) });
  expect(response.status()).toBe(200);
  const profile = (await response.json()) as User;
  expect(profile.city).toBe('Berkeley');
  expect(profile.avatar).toBe(avatarUrl);
  // The picture itself is served.
  const image = await api.get(avatarUrl!);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toMatch(/^image\//);
  // The cached user follows the saved profile.
  const stored = await readStoredSession(page);
  expect(JSON.parse(stored.userData!)).toMatchObject({ city: 'Berkeley', avatar: avatarUrl });
});

test('the profile form refuses a bad picture and a save without the password', async ({
  page,
  api,
  signInNewStudent,
}) => {
  const account = await signInNewStudent();
  const form = await openSettings(page);
  const fileInput = form.getByLabel('Upload profile picture');
  let uploads = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/uploads')) uploads += 1;
  });

  await fileInput.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a picture'),
  });
  await expect(form.getByRole('alert')).toHaveText('Please choose an image file');

  await fileInput.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([solidPng(8), Buffer.alloc(5 * 1024 * 1024)]),
  });
  await expect(form.getByRole('alert')).toHaveText('Please choose an image smaller than 5MB');
  expect(uploads).toBe(0);

  await textbox(form, 'City').fill('Somewhere Else');
  await form.getByRole('button', { name: 'Save Profile' }).click();
  await expect(form.getByText('Password is required to update profile')).toBeVisible();
  await expect(form.getByRole('status')).not.toHaveText('Saved');

  const response = await api.get(`/api/user/${account.user.id}/profile`, { headers: bearer(account.token) });
  expect(((await response.json()) as User).city).toBe(account.user.city);
});

test('e-mail notifications switch off and on at once, without the password', async ({
  page,
  signInNewStudent,
}) => {
  await signInNewStudent();
  await openSettings(page);
  const toggle = page.getByRole('switch', { name: /^E-mail notifications/ });
  await expect(toggle).toBeChecked();

  await toggle.click();
  await expect(page.getByText('E-mail notifications are off.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(toggle).not.toBeChecked();

  await page.reload();
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(page.getByText('E-mail notifications are on.')).toBeVisible();
  await expect(toggle).toBeChecked();
  await toastsClosed(page);
  await expectNoAxeViolations(page);
  await screenshots(page, 'settings-notifications');
});

test('deactivate the account; signing in again is refused', async ({ page, signInNewStudent }) => {
  await page.clock.install();
  const account = await signInNewStudent();
  await openSettings(page);

  await page.getByRole('button', { name: 'Manage Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Account Management' });
  const confirmation = textbox(dialog, 'Type DEACTIVATE to confirm');
  await confirmation.fill('deactivate');
  await dialog.getByRole('button', { name: 'Deactivate Account' }).click();
  await expect(dialog.getByText('Please type DEACTIVATE to confirm')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/settings$/);

  await confirmation.fill('DEACTIVATE');
  await dialog.getByRole('button', { name: 'Deactivate Account' }).click();
  await expect(dialog.getByText('Password is required to deactivate your account')).toBeVisible();
  const password = textbox(dialog, 'Your password');
  await password.fill('not-my-password');
  await dialog.getByRole('button', { name: 'Deactivate Account' }).click();
  await expect(dialog.getByText('Current password is incorrect')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/settings$/);
  await toastsClosed(page);
  await expectNoAxeViolations(page);
  await screenshots(page, 'account-dialog');

  await password.fill(account.password);
  await pauseClock(page);
  await dialog.getByRole('button', { name: 'Deactivate Account' }).click();
  await expect(dialog.getByRole('status')).toContainText('Your account is deactivated');
  // The server has ended the session: the live stream's heartbeat (every second here) says so
  // meanwhile, and the notice still stays.
  await page.waitForTimeout(1_500);
  await expect(dialog.getByRole('status')).toContainText('Your account is deactivated');

  // The sign-out follows on a 2-second timer (DEACTIVATION_LOGOUT_MS), so the message can be read.
  await page.clock.runFor(1_999);
  await expect(dialog.getByRole('status')).toContainText('Your account is deactivated');
  expect(page.url()).toMatch(/\/app\/settings$/);
  await page.clock.runFor(1);
  await expectLandingPage(page);
  await page.clock.resume();
  expect(await readStoredSession(page)).toEqual(NO_SESSION);

  await page.goto('/app/login');
  await signInWithForm(page, account.user.username, account.password);
  const signInForm = page.getByRole('form', { name: 'Sign in' });
  await expect(signInForm.getByRole('alert')).toContainText(
    'This account has been deactivated. Please contact support to reactivate it.',
  );
  await expect(page).toHaveURL(/\/app\/login$/);
});

test('change the e-mail address: it waits for the link sent to the new address', async ({
  page,
  api,
  signInNewStudent,
}) => {
  const account = await signInNewStudent();
  const newEmail = `moved-${account.user.username}@example.com`.toLowerCase();
  const form = await openSettings(page);

  await textbox(form, 'Email').fill(newEmail);
  await textbox(form, 'Current password').fill(account.password);
  await form.getByRole('button', { name: 'Save Profile' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Confirm your new e-mail address' });
  await expect(notice).toContainText(`Confirm the link we sent to ${newEmail}`);
  // The old address stays until the link is opened.
  await expect(textbox(form, 'Email')).toHaveValue(account.user.email);
  await toastsClosed(page);
  await expectNoAxeViolations(page);
  await screenshots(page, 'settings-pending-email');

  // The dialogs that changed: the security dialog's password rules.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Open Security & Privacy' }).click();
  const security = page.getByRole('dialog', { name: 'Security & Privacy' });
  await textbox(security, 'New password').fill('password1');
  await textbox(security, 'Confirm new password').fill('password1');
  await textbox(security, 'Current password').fill(account.password);
  await security.getByRole('button', { name: 'Save Settings' }).click();
  await expect(
    security.getByText('This password is too common. Please choose a less common one.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'security-dialog-common-password');
  await security.getByRole('button', { name: 'Cancel' }).click();

  const link = await confirmationLinkTo(api, newEmail);
  await page.goto(`/confirm-email${link.search}`);
  await expect(page.getByRole('heading', { name: 'E-mail address confirmed', level: 1 })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(newEmail);
  await expectNoAxeViolations(page);
  await screenshots(page, 'confirm-email-success');

  // A link works once.
  await page.goto(`/confirm-email${link.search}`);
  await expect(
    page.getByRole('heading', { name: 'We could not confirm this address', level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('invalid or has expired');
  await expectNoAxeViolations(page);
  await screenshots(page, 'confirm-email-failure');

  const response = await api.get(`/api/user/${account.user.id}/profile`, { headers: bearer(account.token) });
  expect((await response.json()) as User).toMatchObject({ email: newEmail, pending_email: null });
  await page.goto('/app/settings');
  await expect(textbox(page.getByRole('form', { name: 'Edit profile' }), 'Email')).toHaveValue(newEmail);
  await expect(page.getByText('Confirm your new e-mail address')).toHaveCount(0);
});

test('a new account confirms its address with the link e-mailed at sign-up; Settings asks until then', async ({
  page,
  api,
  signInNewStudent,
}) => {
  const account = await signInNewStudent();
  expect(account.user.email_verified).toBe(false);
  await openSettings(page);
  const notice = page.getByRole('alert').filter({ hasText: 'Confirm your e-mail address' });
  await expect(notice).toContainText(`Open the link we sent to ${account.user.email}`);
  await notice.getByRole('button', { name: 'Send a new link' }).click();
  await expect(page.getByText(`We sent a new link to ${account.user.email}.`)).toBeVisible();
  await toastsClosed(page);
  await expectNoAxeViolations(page);
  await screenshots(page, 'settings-unconfirmed-email');

  const link = await confirmationLinkTo(api, account.user.email, 'Confirm your e-mail address');
  await page.goto(`/confirm-email${link.search}`);
  await expect(page.getByRole('heading', { name: 'E-mail address confirmed', level: 1 })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(account.user.email);

  const response = await api.get(`/api/user/${account.user.id}/profile`, { headers: bearer(account.token) });
  expect((await response.json()) as User).toMatchObject({ email_verified: true, pending_email: null });
  await openSettings(page);
  await expect(page.getByText('Confirm your e-mail address')).toHaveCount(0);
});
