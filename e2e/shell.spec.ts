import { DEMO_ADMIN } from '../server/db/seed/demo-accounts';
import type { CourseListResponse } from '../common/courses';
import type { User } from '../common/users';
import {
  expect,
  expectNoAxeViolations,
  expectLandingPage,
  NO_SESSION,
  readStoredSession,
  test,
  textbox,
  uniqueSuffix,
  userMenuButton,
} from './fixtures';
import { bearer, createTemporarySession } from './school';

const SCREENSHOT_WIDTHS = [375, 1280] as const;

test.describe('route guards', () => {
  test('a signed-out visitor to /app/settings goes to /app/login', async ({ page }) => {
    await page.goto('/app/settings');
    await expect(page).toHaveURL(/\/app\/login$/);
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  });

  test('a student on an admin route goes back to the dashboard', async ({ page, signInNewStudent }) => {
    const account = await signInNewStudent();
    await page.goto('/app/admin');
    await expect(page).toHaveURL(/\/app$/);
    await expect(
      page.getByRole('heading', { level: 1, name: `Welcome, ${account.user.name}` }),
    ).toBeVisible();
  });

  test('a revoked token is dropped and the visitor goes to /app/login', async ({
    page,
    api,
    signInNewStudent,
  }) => {
    const account = await signInNewStudent();
    const logout = await api.post('/api/user/logout', { headers: bearer(account.token) });
    expect(logout.status()).toBe(200);
    await page.goto('/app/settings');
    await expect(page).toHaveURL(/\/app\/login$/);
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
    expect(await readStoredSession(page)).toEqual(NO_SESSION);
  });

  test('an unknown path goes to the landing page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expectLandingPage(page);
  });
});

test('two tabs share one live event stream, and a sign-out elsewhere signs both out at once', async ({
  page,
  context,
  api,
  signInNewStudent,
}) => {
  const account = await signInNewStudent();
  const streams: string[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/events') streams.push(request.url());
  });
  await page.goto('/app');
  await expect(page.getByRole('heading', { name: `Welcome, ${account.user.name}` })).toBeVisible();
  const second = await context.newPage();
  await second.goto('/app/courses');
  await expect(second.getByRole('heading', { name: 'Available Courses' })).toBeVisible();
  await expect.poll(() => streams.length).toBe(1);
  // Whichever tab leads, the other one opens no stream of its own.
  await page.waitForTimeout(1500);
  expect(streams).toHaveLength(1);

  // Signed out from another device: the stream's next heartbeat ends it, and both tabs follow.
  const logout = await api.post('/api/user/logout', { headers: bearer(account.token) });
  expect(logout.status()).toBe(200);
  await expect(page).toHaveURL(/\/app\/login$/, { timeout: 10_000 });
  await expect(second).toHaveURL(/\/app\/login$/, { timeout: 10_000 });
  expect(await readStoredSession(second)).toEqual(NO_SESSION);
});

test('a client route survives a reload: the server answers it with the app', async ({
  page,
  api,
  signInNewStudent,
}) => {
  const direct = await api.get('/app/settings');
  expect(direct.status()).toBe(200);
  expect(direct.headers()['content-type']).toContain('text/html');

  await signInNewStudent();
  await page.goto('/app/settings');
  const heading = page.getByRole('heading', { level: 1, name: 'Settings' });
  await expect(heading).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/app\/settings$/);
  await expect(heading).toBeVisible();
  await expect(page.getByRole('form', { name: 'Edit profile' })).toBeVisible();
});

test('the demo admin sees Administrator in the user menu and the Blog link', async ({
  page,
  signInAdmin,
}) => {
  await signInAdmin();
  await page.goto('/app');
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${DEMO_ADMIN.name}` })).toBeVisible();

  const navigation = page.getByRole('navigation', { name: 'App navigation' });
  await expect(navigation.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/app/admin/blog');

  await expect(userMenuButton(page)).toHaveAccessibleName(`${DEMO_ADMIN.name}, Administrator: account menu`);
  await userMenuButton(page).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText(`${DEMO_ADMIN.name} · Administrator`)).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
});

test('a student has no Blog link and the menu shows no Administrator', async ({ page, signInNewStudent }) => {
  await signInNewStudent();
  await page.goto('/app');
  const navigation = page.getByRole('navigation', { name: 'App navigation' });
  await expect(navigation.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Blog' })).toHaveCount(0);
  await expect(userMenuButton(page)).not.toHaveAccessibleName(/Administrator/);
});

test("a student's menu and account summary show the belt an admin gave", async ({
  page,
  api,
  admin,
  createStudent,
  signIn,
}, testInfo) => {
  const account = await createStudent();
  const { user } = account;
  const update = await api.put(`/api/user/${user.id}`, {
    headers: bearer(admin.token),
    data: { name: user.name, email: user.email, username: user.username, belt: 'Green Sash' },
  });
  expect(update.status(), await update.text()).toBe(200);
  const belted = ((await update.json()) as { user: User }).user;
  await signIn({ user: belted, token: account.token });

  await page.goto('/app/settings');
  await expect(userMenuButton(page)).toHaveAccessibleName(`${user.name}, Green Sash: account menu`);
  await expect(page.getByRole('region', { name: 'Account' }).getByText('Green Sash')).toBeVisible();
  for (const width of SCREENSHOT_WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await userMenuButton(page).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText(`${user.name} · Green Sash`)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`user-menu-${width}.png`) });
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  }
});

test('a temporary-password session cannot dismiss the new-password dialog', async ({
  page,
  api,
  createStudent,
  signIn,
}, testInfo) => {
  const account = await createTemporarySession(api, await createStudent());
  await signIn(account);
  await page.goto('/app/settings?openSecurity=true');
  const dialog = page.getByRole('dialog', { name: 'Security & Privacy' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Choose a new password', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveCount(0);

  await page.keyboard.press('Escape');
  await page.mouse.click(4, 400);
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  for (const width of SCREENSHOT_WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: testInfo.outputPath(`forced-password-change-${width}.png`) });
  }

  const newPassword = `new-${uniqueSuffix()}`;
  await textbox(dialog, 'New password').fill(newPassword);
  await textbox(dialog, 'Confirm new password').fill(newPassword);
  await dialog.getByRole('button', { name: 'Set New Password' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Order History' })).toBeVisible();
});

test('the collapsed sidebar stays collapsed after a reload', async ({ page, signInNewStudent }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInNewStudent();
  await page.goto('/app');
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  const expand = page.getByRole('button', { name: 'Expand sidebar' });
  await expect(expand).toBeVisible();

  await page.reload();
  await expect(expand).toBeVisible();
  await expand.click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();
});

test('public pages offer a signed-in visitor the app instead of Sign in', async ({
  page,
  signInNewStudent,
}) => {
  await page.goto('/contact');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Sign in' })).toBeVisible();

  await signInNewStudent();
  await page.goto('/contact');
  await expect(footer.getByRole('link', { name: 'Open the app' })).toHaveAttribute('href', '/app');
  await expect(footer.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
});

test.describe('accessibility (axe, WCAG 2 A and AA)', () => {
  test("an admin's preview of an unpublished course", async ({ page, api, signInAdmin }) => {
    const admin = await signInAdmin();
    const list = await api.get('/api/courses?limit=200', { headers: bearer(admin.token) });
    expect(list.status()).toBe(200);
    const unpublished = ((await list.json()) as CourseListResponse).courses.find((c) => !c.is_published);
    expect(unpublished, 'a seeded course in preparation').toBeTruthy();
    await page.goto(`/app/course/${unpublished!.id}`);
    await expect(page.getByText('This course is unpublished')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the login page', async ({ page }) => {
    await page.goto('/app/login');
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the settings page', async ({ page, signInNewStudent }) => {
    await signInNewStudent();
    await page.goto('/app/settings');
    await expect(page.getByRole('form', { name: 'Edit profile' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the burger opens the navigation', async ({ page, signInNewStudent }) => {
    await signInNewStudent();
    await page.goto('/app');
    const burger = page.getByRole('button', { name: 'Toggle navigation' });
    const communityLink = page
      .getByRole('navigation', { name: 'App navigation' })
      .getByRole('link', { name: 'Community' });

    await expect(burger).toBeVisible();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(communityLink).not.toBeInViewport();

    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await expect(communityLink).toBeInViewport();

    // Following a link closes the navigation again.
    await communityLink.click();
    await expect(page).toHaveURL(/\/app\/community$/);
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(communityLink).not.toBeInViewport();
  });
});
