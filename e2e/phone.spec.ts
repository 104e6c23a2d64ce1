import type { Locator, Page } from '@playwright/test';
import type { Lesson } from '../common/courses';
import { expect, expectNoAxeViolations, expectNoSidewaysOverflow, test } from './fixtures';
import { bearer, findCourseByTitle, FREE_COURSE, PAID_COURSE, readCourse } from './school';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

test.use({ viewport: PHONE });

/** A screen at 375 px: it fits the width, no badge is cut short, and it passes axe. */
async function expectPhoneReady(page: Page): Promise<void> {
  // Every panel has loaded: its rows, not its spinner, are what must fit.
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  await expectNoSidewaysOverflow(page);
  expect(await cutBadges(page)).toEqual([]);
  await expectNoAxeViolations(page);
}

/** The labels of every badge on the page that is cut short (ellipsis). */
function cutBadges(page: Page) {
  return page
    .locator('.mantine-Badge-label')
    .evaluateAll((labels) =>
      labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent),
    );
}

/** The lesson type badges of the course outline whose label is cut short (ellipsis). */
function cutLessonBadges(page: Page) {
  return page
    .locator('.mantine-Badge-label')
    .filter({ hasText: /^(video|article|quiz)$/ })
    .evaluateAll((labels) =>
      labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent),
    );
}

async function isCut(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.scrollWidth > element.clientWidth);
}

async function top(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!.y;
}

async function centreY(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!.y + box!.height / 2;
}

test('a student studies on a phone: every screen fits 375 px and passes axe', async ({
  page,
  api,
  signInNewStudent,
  enrol,
}) => {
  test.setTimeout(90_000);
  const account = await signInNewStudent();
  const free = await enrol(account, FREE_COURSE);
  const paid = await findCourseByTitle(api, account.token, PAID_COURSE);
  // A checkout left open is an order, pending, in the history.
  const checkout = await api.post('/api/stripe/create-checkout', {
    headers: bearer(account.token),
    data: { course_id: paid.id },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);

  await page.goto('/app');
  await expect(page.getByRole('heading', { name: `Welcome, ${account.user.name}` })).toBeVisible();
  await expectPhoneReady(page);

  await page.goto('/app/courses');
  await expect(page.getByRole('article', { name: FREE_COURSE })).toBeVisible();
  await expectPhoneReady(page);

  await page.goto(`/app/course/${free.id}`);
  await expect(page.getByRole('heading', { name: 'Student Reviews' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Open lesson:/ }).first()).toBeVisible();
  expect(await cutLessonBadges(page)).toEqual([]);
  await expectPhoneReady(page);

  // The paid course's outline, seen before buying, has its badges whole as well.
  await page.goto(`/app/course/${paid.id}`);
  await expect(page.getByRole('heading', { name: PAID_COURSE, level: 1 })).toBeVisible();
  await expect(
    page
      .locator('.mantine-Badge-label')
      .filter({ hasText: /^video$/ })
      .first(),
  ).toBeVisible();
  expect(await cutLessonBadges(page)).toEqual([]);
  await expectNoSidewaysOverflow(page);

  // Previous, the complete button and Next share one row, for a lesson and for the quiz.
  const lessons: Lesson[] = (await readCourse(api, account.token, free.id)).modules.flatMap((m) => m.lessons);
  const middle = lessons.find((l, i) => l.lesson_type !== 'quiz' && i > 0 && i < lessons.length - 1)!;
  const quiz = lessons.find((l) => l.lesson_type === 'quiz')!;
  for (const [lesson, completeName] of [
    [middle, 'Mark as Complete'],
    [quiz, 'Complete Quiz to Mark as Done'],
  ] as const) {
    await page.goto(`/app/course/${free.id}?lesson=${lesson.id}`);
    const viewer = page.getByRole('dialog', { name: lesson.title });
    const previous = viewer.getByRole('button', { name: 'Previous', exact: true });
    const complete = viewer.getByRole('button', { name: completeName });
    const next = viewer.getByRole('button', { name: 'Next', exact: true });
    await expect(complete).toBeVisible();
    expect(await isCut(complete.locator('.mantine-Button-label'))).toBe(false);
    // The quiz's label may take two lines: the chevrons sit level with its middle.
    const row = await centreY(complete);
    expect(await centreY(previous)).toBeCloseTo(row, 0);
    expect(await centreY(next)).toBeCloseTo(row, 0);
    await expectPhoneReady(page);
  }
  await page.goto(`/app/course/${free.id}?lesson=${middle.id}`);
  const viewer = page.getByRole('dialog', { name: middle.title });
  await viewer.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('dialog', { name: lessons[lessons.indexOf(middle) + 1]!.title })).toBeVisible();

  // Settings: the order history is one table, drawn on a phone as a card per order with the
  // course at its head, and as rows on a desktop.
  await page.goto('/app/settings');
  const history = page.getByRole('region', { name: 'Order History' });
  const orders = history.getByRole('table', { name: 'Your orders' });
  const order = orders.getByRole('row').filter({ hasText: PAID_COURSE });
  await expect(order).toHaveCount(1);
  await expect(order.getByText('$89.00')).toBeVisible();
  await expect(order.getByText('Pending')).toBeVisible();
  const orderCourse = order.getByRole('cell', { name: PAID_COURSE });
  const orderDate = order.getByRole('cell').first();
  expect(await top(orderCourse)).toBeLessThan(await top(orderDate));
  await expectPhoneReady(page);

  await page.setViewportSize(DESKTOP);
  await expect(orders.getByRole('row')).toHaveCount(2);
  await expect(orderCourse).toBeVisible();
  expect(await top(orderCourse)).toBe(await top(orderDate));
  await expectNoSidewaysOverflow(page);
});

test('the admin manages the school on a phone: every screen fits 375 px and passes axe', async ({
  page,
  api,
  signInAdmin,
}) => {
  test.setTimeout(90_000);
  const admin = await signInAdmin();
  const course = await findCourseByTitle(api, admin.token, FREE_COURSE);

  // The dashboard: links, reviews, the most recent enrolments as cards, courses and course requests.
  await page.goto('/app');
  const recent = page.getByRole('region', { name: 'Most Recently Enrolled' });
  const enrollments = recent.getByRole('table', { name: 'Most recently enrolled students' });
  const firstEnrollment = enrollments.getByRole('row').nth(1);
  await expect(firstEnrollment).toBeVisible();
  // A card: the student heads it, the progress is a labelled line below.
  const [student, progress] = [
    firstEnrollment.getByRole('cell').first(),
    firstEnrollment.getByRole('cell').last(),
  ];
  expect(await top(student)).toBeLessThan(await top(progress));
  await expect(page.getByRole('region', { name: 'All Feedback Reviews' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Course Requests' })).toBeVisible();
  await expect(page.getByRole('article', { name: new RegExp(`^${FREE_COURSE}`) })).toBeVisible();
  await expectPhoneReady(page);

  await page.goto('/app/admin');
  await expect(firstEnrollment).toBeVisible();
  await expect(page.getByRole('article', { name: new RegExp(`^${FREE_COURSE}`) })).toBeVisible();
  await expectPhoneReady(page);

  await page.goto(`/app/admin/courses/${course.id}/content`);
  await expect(page.getByRole('heading', { name: FREE_COURSE, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Module' })).toBeVisible();
  await expectPhoneReady(page);
  // Lesson titles keep room to read: their whole width on one line, or at least 200 px (before,
  // the buttons beside them squeezed titles to a word a line, broken mid-word).
  const squeezed = await page
    .getByRole('list', { name: /^Lessons of / })
    .first()
    .locator('li .mantine-Text-root:not([data-size="xs"])')
    .evaluateAll((titles) =>
      titles
        .map((title) => {
          const copy = title.cloneNode(true) as HTMLElement;
          Object.assign(copy.style, { position: 'absolute', whiteSpace: 'nowrap', width: 'max-content' });
          document.body.append(copy);
          const full = copy.getBoundingClientRect().width;
          copy.remove();
          return { text: title.textContent, width: title.getBoundingClientRect().width, full };
        })
        .filter(({ width, full }) => width + 1 < Math.min(full, 200)),
    );
  expect(squeezed).toEqual([]);

  await page.goto(`/app/course/${course.id}`);
  await expect(page.getByRole('heading', { name: FREE_COURSE, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Open lesson:/ }).first()).toBeVisible();
  expect(await cutLessonBadges(page)).toEqual([]);
  await expectPhoneReady(page);

  await page.setViewportSize(DESKTOP);
  await page.goto('/app/admin');
  await expect(enrollments.getByRole('columnheader')).toHaveText(['Student', 'Course', 'Date', 'Progress']);
  await expect(enrollments.getByRole('columnheader').first()).toBeVisible();
  expect(await top(student)).toBe(await top(progress));
  await expectNoSidewaysOverflow(page);
});
