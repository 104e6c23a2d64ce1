import type { Page } from '@playwright/test';
import {
  TESTIMONIAL_THANKS_MESSAGE,
  TESTIMONIAL_TEXT_MAX,
  TESTIMONIAL_TEXT_MIN,
} from '../common/testimonials';
import { DEMO_ADMIN } from '../server/db/seed/demo-accounts';
import { expect, expectNoAxeViolations, test, textbox, uniqueSuffix } from './fixtures';
import { readOutboxText } from './school';
import { carousel, currentSlide, waitForIslands } from './site';

const VIEWPORT = { width: 1280, height: 900 };
test.use({ viewport: VIEWPORT });

/** Shows, through the dots, the carousel's slide that names `name`; fails if none does. */
async function showSlideOf(page: Page, name: string): Promise<void> {
  const dots = carousel(page).getByRole('button', { name: /^Show testimonial \d+$/ });
  const total = await dots.count();
  for (let position = 0; position < total; position++) {
    await dots.nth(position).click();
    await expect(currentSlide(page)).toHaveAccessibleName(`${position + 1} of ${total}`);
    if (await currentSlide(page).getByText(name, { exact: true }).isVisible()) return;
  }
  throw new Error(`No slide of the ${total} names ${name}`);
}

test('a visitor shares their experience; an admin approves and features it; it joins the landing page carousel', async ({
  page,
  browser,
  baseURL,
  api,
  signInAdmin,
}) => {
  test.setTimeout(60_000);
  const name = `Jordan Ellis ${uniqueSuffix().slice(0, 6)}`;
  const context = 'Baguazhang with Sifu Zhao Ming, one year';
  const story =
    'Circle walking with Sifu Zhao taught me to keep my centre while turning. After a year my legs are ' +
    'much stronger and I sleep better; the Saturday group is patient with newcomers.';
  expect(story.length).toBeGreaterThan(TESTIMONIAL_TEXT_MIN);

  // 1. A visitor opens the form under the carousel.
  // A context of its own, without the admin's session; its carousel starts paused, so a slide
  // stays put while the test reads it.
  const visitorContext = await browser.newContext({ baseURL, viewport: VIEWPORT, reducedMotion: 'reduce' });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/');
  await waitForIslands(visitor);
  await visitor.getByText('Share your experience', { exact: true }).click();
  const form = visitor.getByRole('form', { name: 'Share your experience' });
  const submit = form.getByRole('button', { name: 'Submit testimonial' });
  await expect(submit).toBeDisabled();
  await textbox(form, 'Your name').fill(name);
  await textbox(form, 'Training context').fill(context);

  // 2. Submit waits for 100 characters; the counter follows every keystroke.
  const experience = textbox(form, 'Your experience');
  const counter = form.getByText(/^\d+\/\d+ characters/);
  await experience.fill(story.slice(0, TESTIMONIAL_TEXT_MIN - 1));
  await expect(counter).toHaveText(
    `${TESTIMONIAL_TEXT_MIN - 1}/${TESTIMONIAL_TEXT_MAX} characters (at least ${TESTIMONIAL_TEXT_MIN})`,
  );
  await expect(submit).toBeDisabled();
  await experience.press('End');
  await experience.pressSequentially(story.slice(TESTIMONIAL_TEXT_MIN - 1, TESTIMONIAL_TEXT_MIN));
  await expect(counter).toHaveText(
    `${TESTIMONIAL_TEXT_MIN}/${TESTIMONIAL_TEXT_MAX} characters (at least ${TESTIMONIAL_TEXT_MIN})`,
  );
  await expect(submit).toBeEnabled();
  await experience.fill(story);
  await expect(counter).toHaveText(new RegExp(`^${story.length}/${TESTIMONIAL_TEXT_MAX} characters`));
  await textbox(form, 'Location (optional)').fill('Sebastopol, CA');

  // 3. Sent: the thanks, an empty form, and nothing public yet.
  await submit.click();
  await expect(form.getByRole('status')).toHaveText(TESTIMONIAL_THANKS_MESSAGE);
  await expect(experience).toHaveValue('');
  await expectNoAxeViolations(visitor);
  await visitor.reload();
  await expect(carousel(visitor).getByText(name, { exact: true })).toHaveCount(0);

  // 4. The administrators are told, with the words to review.
  const mail = await readOutboxText(
    api,
    (m) => m.to_address === DEMO_ADMIN.email && m.subject === `[Testimonial] New testimonial from ${name}`,
  );
  expect(mail).toContain(story);
  expect(mail).toContain(context);

  // 5. An admin approves it and features it from the dashboard's Testimonials modal.
  await signInAdmin();
  await page.goto('/app/admin');
  await page.getByRole('button', { name: 'Testimonials' }).click();
  const dialog = page.getByRole('dialog', { name: 'Testimonials' });
  const card = dialog.getByRole('article', { name: `Testimonial by ${name}` });
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Testimonial approved successfully')).toBeVisible();
  await expect(card.getByText('Approved', { exact: true })).toBeVisible();
  const featured = card.getByRole('switch', { name: 'Featured' });
  await expect(featured).not.toBeChecked();
  // The switch follows the server: it turns on once the change is saved, not on the click.
  await featured.click();
  await expect(page.getByText('Testimonial featured status updated')).toBeVisible();
  await expect(featured).toBeChecked();
  await expect(card.getByText('Featured', { exact: true })).toHaveCount(2); // the badge and the switch

  // 6. The landing page's carousel shows it at once: the writes forgot the rendered page.
  await visitor.goto('/');
  await waitForIslands(visitor);
  await showSlideOf(visitor, name);
  const slide = currentSlide(visitor);
  await expect(slide.getByText(story)).toBeVisible();
  await expect(slide.getByText('Sebastopol, CA')).toBeVisible();
  await expect(slide.getByText(`Training Context: ${context}`)).toBeVisible();
  await visitorContext.close();
});
