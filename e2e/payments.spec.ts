import type { APIRequestContext, Page } from '@playwright/test';
import { REDIRECT_SECONDS, VERIFY_DELAY_MS, type OrderListResponse } from '../common/payments';
import {
  expect,
  expectNoAxeViolations,
  expectNoAxeViolationsWhilePaused,
  pauseClock,
  test as base,
  whileTimeCreeps,
} from './fixtures';
import { bearer, findCourseByTitle, PAID_COURSE, type Account } from './school';

const test = base.extend<{ buyer: Account }>({
  /** Who buys in the journey: a new student, with the page signed in as them. */
  buyer: async ({ signInNewStudent }, use) => {
    await use(await signInNewStudent());
  },
});

async function ordersOf(api: APIRequestContext, account: Account) {
  const response = await api.get(`/api/stripe/orders/${account.user.id}`, { headers: bearer(account.token) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as OrderListResponse).orders;
}

/**
 * Moves the paused clock through a result page's countdown a second at a time: the page stays put
 * until the last second has passed, then replaces itself with `destination`.
 */
async function runCountdown(page: Page, destination: RegExp) {
  const resultUrl = page.url();
  for (let left = REDIRECT_SECONDS; left > 0; left--) {
    await expect(page.getByText(new RegExp(`Redirecting to .+ in ${left}…`))).toBeVisible();
    expect(page.url()).toBe(resultUrl);
    await page.clock.runFor(1_000);
  }
  await expect(page).toHaveURL(destination);
}

/** `page`, signed in as `account`, from the paid course's page through Enroll Now to the built-in test checkout. */
async function startCheckout(page: Page, api: APIRequestContext, account: Account) {
  const course = await findCourseByTitle(api, account.token, PAID_COURSE);
  await page.goto(`/app/course/${course.id}`);
  await page.getByRole('button', { name: 'Enroll Now' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/payment\/checkout\/[^/]+$/);
  await expect(page.getByText(/test mode/i).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return course;
}

test('a student buys the paid course through the test checkout and studies it', async ({
  page,
  api,
  buyer,
}) => {
  await page.clock.install();
  const course = await startCheckout(page, api, buyer);
  await expect(page.getByText(PAID_COURSE)).toBeVisible();
  await expectNoAxeViolations(page);
  await pauseClock(page);
  await page.getByRole('button', { name: /^Pay \$89\.00$/ }).click();

  await expect(page).toHaveURL(/\/payment\/success\?session_id=.+&course_id=/);
  // The page asks the server about the payment after a short delay.
  await expect(page.getByRole('heading', { name: 'Verifying your payment…' })).toBeVisible();
  await page.clock.runFor(VERIFY_DELAY_MS);
  await whileTimeCreeps(page, () =>
    expect(page.getByRole('heading', { name: /payment successful/i })).toBeVisible(),
  );
  await expectNoAxeViolationsWhilePaused(page);
  // The countdown takes the buyer to the course, now open to them.
  await runCountdown(page, new RegExp(`/app/course/${course.id}$`));
  await page.clock.resume();
  await expect(page.getByText('Currently Enrolled')).toBeVisible();
  await page.getByRole('button', { name: 'Continue Learning' }).click();
  await expect(page.getByRole('dialog', { name: 'San Ti Shi Posture, Step by Step' })).toBeVisible();

  const orders = await ordersOf(api, buyer);
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ status: 'paid', amount_cents: 8900, course_title: PAID_COURSE });

  await page.goto('/app/settings');
  const history = page.getByRole('region', { name: 'Order History' });
  await expect(history.getByText(PAID_COURSE)).toBeVisible();
  await expect(history.getByText('$89.00')).toBeVisible();
  await expect(history.getByText('Paid')).toBeVisible();
});

test('a cancelled checkout shows Payment Cancelled without Try Again, then returns to the courses', async ({
  page,
  api,
  buyer,
}) => {
  await page.clock.install();
  await startCheckout(page, api, buyer);
  await pauseClock(page);
  await page.getByRole('button', { name: /cancel/i }).click();

  await expect(page).toHaveURL(/\/payment\/failed\?course_id=.+&reason=cancelled/);
  await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try Again' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Get Support' })).toHaveAttribute('href', /^\/contact/);
  await expectNoAxeViolationsWhilePaused(page);
  await runCountdown(page, /\/app\/courses$/);
  expect((await ordersOf(api, buyer)).map((o) => o.status)).toEqual(['pending']);
});

test('a declined card shows its own failure page with Try Again, and no enrolment', async ({
  page,
  api,
  buyer,
}) => {
  const course = await startCheckout(page, api, buyer);
  await page.getByRole('radio', { name: 'Card declined' }).check();
  await page.getByRole('button', { name: /^Pay / }).click();

  await expect(page).toHaveURL(/\/payment\/failed\?course_id=.+&reason=declined/);
  await expect(page.getByRole('heading', { name: 'Card Declined' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
  const orders = await ordersOf(api, buyer);
  expect(orders).toMatchObject([{ status: 'failed', failure_reason: 'declined' }]);
  const enrolled = await api.get(`/api/user/${buyer.user.id}/enrolled/${course.id}`, {
    headers: bearer(buyer.token),
  });
  expect(await enrolled.json()).toEqual({ enrolled: false });

  // Try Again starts a new checkout for the same course.
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page).toHaveURL(/\/payment\/checkout\/[^/]+$/);
  await expect(page.getByText(PAID_COURSE)).toBeVisible();
});
