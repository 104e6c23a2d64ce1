import type { Page, TestInfo } from '@playwright/test';
import type { UserListResponse } from '../common/users';
import { expect, expectNoAxeViolations, test, textbox, uniqueSuffix } from './fixtures';
import { bearer, FREE_COURSE, type Account } from './school';

/**
 * The community as its people use it: a member meets the fellow students of their course (never
 * the private ones) and opens a profile to message them; an administrator edits, deactivates,
 * reactivates and deletes students in Community Management.
 */

/** A screenshot at each width the app is checked at, with axe on each. */
async function checkAtBothWidths(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

/** Makes a student's profile private through their own profile save. */
async function makePrivate(api: import('@playwright/test').APIRequestContext, account: Account) {
  const { user } = account;
  const res = await api.put(`/api/user/${user.id}`, {
    headers: bearer(account.token),
    data: {
      name: user.name,
      email: user.email,
      username: user.username,
      current_password: account.password,
      privacy: { profile: 'private', progress: 'private', courses: 'private' },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('a member sees the fellow public students of their course, not the private ones, and can message one', async ({
  page,
  api,
  signIn,
  createStudent,
  enrol,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = uniqueSuffix().slice(0, 5);
  // Names that sort first, so both stand on the course's first page.
  const me = await createStudent({ name: `Aa Member ${tag}` });
  const fellow = await createStudent({ name: `Aa Fellow ${tag}`, city: 'Taipei', martial_art: 'Baguazhang' });
  const hidden = await createStudent({ name: `Aa Hidden ${tag}` });
  for (const account of [me, fellow, hidden]) await enrol(account, FREE_COURSE);
  await makePrivate(api, hidden);

  await signIn(me);
  await page.goto('/app/community');
  await expect(page.getByRole('heading', { name: 'My Learning Community', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Course Instructors' })).toBeVisible();
  const section = page.getByRole('region', { name: FREE_COURSE });
  await expect(section.getByText('Fellow Public Students')).toBeVisible();
  await expect(section.getByRole('button', { name: new RegExp(`^Aa Fellow ${tag},`) })).toBeVisible();
  await expect(section.getByText(`Aa Hidden ${tag}`)).toHaveCount(0);
  await expect(section.getByText(`Aa Member ${tag}`)).toHaveCount(0);
  await checkAtBothWidths(page, testInfo, 'community-member');

  await section.getByRole('button', { name: new RegExp(`^Aa Fellow ${tag},`) }).click();
  const profile = page.getByRole('dialog', { name: `Aa Fellow ${tag}` });
  await expect(profile.getByText('Taipei')).toBeVisible();
  await expect(profile.getByText(FREE_COURSE)).toBeVisible();
  await expect(profile.getByRole('button', { name: `Message Aa Fellow ${tag}` })).toBeVisible();
  await checkAtBothWidths(page, testInfo, 'community-profile');
});

test('an admin edits a student, deactivates and reactivates them, and deletes another in two steps', async ({
  page,
  api,
  signInAdmin,
  createStudent,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = uniqueSuffix().slice(0, 6);
  const edited = await createStudent({ name: `Edit Me ${tag}` });
  const leaving = await createStudent({ name: `Leaving ${tag}` });
  const admin = await signInAdmin();
  await page.goto('/app/community');
  await expect(page.getByRole('heading', { name: 'Community Management', level: 1 })).toBeVisible();
  await textbox(page, 'Search students').fill(tag);
  await expect(page.getByText(`Edit Me ${tag}`)).toBeVisible();
  await checkAtBothWidths(page, testInfo, 'community-admin');

  await page.getByRole('button', { name: `Edit Edit Me ${tag}` }).click();
  const form = page.getByRole('dialog', { name: `Edit Edit Me ${tag}` });
  await textbox(form, 'Name').fill(`Edited ${tag}`);
  await form.getByRole('textbox', { name: 'Experience (years)' }).fill('5');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Edited ${tag}`)).toBeVisible();

  await page.getByRole('button', { name: `Edit Edited ${tag}` }).click();
  const again = page.getByRole('dialog', { name: `Edit Edited ${tag}` });
  const active = again.getByRole('switch', { name: 'Account active' });
  await active.click({ force: true });
  await expect(active).not.toBeChecked();
  await expect(
    page.getByRole('row', { name: new RegExp(`Edited ${tag}`) }).getByText('Inactive'),
  ).toBeVisible();
  await active.click({ force: true });
  await expect(active).toBeChecked();
  await again.getByRole('button', { name: 'Cancel' }).click();

  const users = async () =>
    (
      (await (
        await api.post(`/api/verify/users?q=${tag}`, { headers: bearer(admin.token) })
      ).json()) as UserListResponse
    ).users;
  expect((await users()).find((u) => u.id === edited.user.id)).toMatchObject({
    name: `Edited ${tag}`,
    experience: 5,
    is_active: true,
  });

  await page.getByRole('button', { name: `Delete Leaving ${tag}` }).click();
  await expect(page.getByText('Deletion requested', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Confirm delete Leaving ${tag}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete account' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Leaving ${tag}`, { exact: true })).toHaveCount(0);
  expect((await users()).map((u) => u.id)).not.toContain(leaving.user.id);
});
