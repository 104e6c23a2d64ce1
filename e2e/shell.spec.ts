import { DEMO_ADMIN } from '../server/db/seed/demo-accounts';
import {
  authenticateDemoAdmin,
  bearer,
  expect,
  expectNoAxeViolations,
  LANDING_URL,
  NO_SESSION,
  readStoredSession,
  test,
  userMenuButton,
} from './fixtures';

test.describe('route guards', () => {
  test('a signed-out visitor to /app/settings goes to /app/login', async ({ page }) => {
    await page.goto('/app/settings');
    await expect(page).toHaveURL(/\/app\/login$/);
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  });

  test('a student on an admin route goes back to the dashboard', async ({ page, createStudent, signIn }) => {
    const account = await createStudent();
    await signIn(account);
    await page.goto('/app/admin');
    await expect(page).toHaveURL(/\/app$/);
    await expect(
      page.getByRole('heading', { level: 1, name: `Welcome, ${account.user.name}` }),
    ).toBeVisible();
  });

  test('a revoked token is dropped and the visitor goes to /app/login', async ({
    page,
    api,
    createStudent,
    signIn,
  }) => {
    const account = await createStudent();
    const logout = await api.post('/api/user/logout', { headers: bearer(account.token) });
    expect(logout.status()).toBe(200);
    await signIn(account);
    await page.goto('/app/settings');
    await expect(page).toHaveURL(/\/app\/login$/);
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
    expect(await readStoredSession(page)).toEqual(NO_SESSION);
  });

  test('an unknown path goes to the landing page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(LANDING_URL);
  });
});

test('a client route survives a reload: the server answers it with the app', async ({
  page,
  api,
  createStudent,
  signIn,
}) => {
  const direct = await api.get('/app/settings');
  expect(direct.status()).toBe(200);
  expect(direct.headers()['content-type']).toContain('text/html');

  await signIn(await createStudent());
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
  api,
  signIn,
}) => {
  await signIn(await authenticateDemoAdmin(api));
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

test('a student has no Blog link and the menu shows no Administrator', async ({
  page,
  createStudent,
  signIn,
}) => {
  const account = await createStudent();
  await signIn(account);
  await page.goto('/app');
  const navigation = page.getByRole('navigation', { name: 'App navigation' });
  await expect(navigation.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Blog' })).toHaveCount(0);
  await expect(userMenuButton(page)).not.toHaveAccessibleName(/Administrator/);
});

test.describe('accessibility (axe, WCAG 2 A and AA)', () => {
  test('the login page', async ({ page }) => {
    await page.goto('/app/login');
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the settings page', async ({ page, createStudent, signIn }) => {
    await signIn(await createStudent());
    await page.goto('/app/settings');
    await expect(page.getByRole('form', { name: 'Edit profile' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the burger opens the navigation', async ({ page, createStudent, signIn }) => {
    await signIn(await createStudent());
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
