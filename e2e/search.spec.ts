import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { findCourseByTitle, FREE_COURSE, PAID_COURSE } from './school';

/** A lesson of the free course, in which Mei is enrolled (server/db/seed/). */
const FREE_COURSE_LESSON = 'The Structure of Wuji Posture';

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search' });
const results = (page: Page) => page.getByRole('listbox', { name: 'Search results' });

/** Presses Down until `option` is the active one, as a keyboard user would. */
async function arrowDownTo(page: Page, option: Locator): Promise<void> {
  const count = await results(page).getByRole('option').count();
  for (let step = 0; step < count; step += 1) {
    await page.keyboard.press('ArrowDown');
    if ((await option.getAttribute('aria-selected')) === 'true') return;
  }
  throw new Error('the option never became active');
}

test('a member finds a lesson through the header search with the keyboard alone', async ({
  page,
  api,
  mei,
  signIn,
}, testInfo) => {
  const course = await findCourseByTitle(api, mei.token, FREE_COURSE);
  await signIn(mei);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/app');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // `/` goes to the search from anywhere but a field.
  await page.keyboard.press('/');
  await expect(searchBox(page)).toBeFocused();
  // A whole word and the start of another.
  await page.keyboard.type('wuji postu');
  const lessons = results(page).getByRole('group', { name: 'Lessons' });
  const option = lessons.getByRole('option', { name: new RegExp(FREE_COURSE_LESSON) });
  await expect(option).toBeVisible();
  await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(option.locator('mark').first()).toHaveText(/wuji/i);
  await expect(page.getByRole('search').getByRole('status')).toHaveText(/^\d+ results?$/);
  await page.screenshot({ path: testInfo.outputPath('search-results-1280.png') });

  await arrowDownTo(page, option);
  await expect(searchBox(page)).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  await page.keyboard.press('Enter');

  // Mei is enrolled, so the lesson opens its course.
  await expect(page).toHaveURL(new RegExp(`/app/course/${course.id}(\\?lesson=[0-9a-f-]+)?$`));
  await expect(page.getByRole('heading', { level: 1, name: FREE_COURSE })).toBeVisible();
});

test('a course a member has not bought is found as its highlighted card in the list', async ({
  page,
  api,
  signInNewStudent,
}) => {
  const student = await signInNewStudent();
  const course = await findCourseByTitle(api, student.token, PAID_COURSE);
  await page.goto('/app/courses');
  await expect(page.getByRole('heading', { level: 1, name: 'Available Courses' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search' }).focus();
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type('xingyi five');
  const option = results(page)
    .getByRole('group', { name: 'Courses' })
    .getByRole('option', { name: new RegExp(PAID_COURSE) });
  await expect(option).toBeVisible();
  await arrowDownTo(page, option);
  await page.keyboard.press('Enter');

  // Already on the list: the query string changes and the card is scrolled to and highlighted.
  await expect(page).toHaveURL(new RegExp(`/app/courses\\?highlight=${course.id}$`));
  const card = page.getByRole('article', { name: PAID_COURSE });
  await expect(card).toHaveAttribute('data-highlighted', 'true');
  await expect(card).toBeInViewport();
});

test('an admin search lists people', async ({ page, signInAdmin }) => {
  await signInAdmin();
  await page.goto('/app');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('/');
  await page.keyboard.type('Mei Chen');
  const people = results(page).getByRole('group', { name: 'People' });
  await expect(people.getByRole('option', { name: /Mei Chen/ })).toBeVisible();
  await expectNoAxeViolations(page);

  // Escape closes the list, a second one clears the box.
  await page.keyboard.press('Escape');
  await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(searchBox(page)).toHaveValue('Mei Chen');
  await page.keyboard.press('Escape');
  await expect(searchBox(page)).toHaveValue('');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the search button opens the search in a dialog', async ({ page, mei, signIn }, testInfo) => {
    await signIn(mei);
    await page.goto('/app');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeHidden();
    await page.screenshot({ path: testInfo.outputPath('header-375.png') });

    await page.getByRole('button', { name: 'Search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Search' })).toBeFocused();
    await page.keyboard.type('standing');
    await expect(dialog.getByRole('option').first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('search-dialog-375.png') });
    await expectNoAxeViolations(page);

    // Escape closes the list, then clears the box, then closes the dialog.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(dialog.getByRole('combobox', { name: 'Search' })).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
