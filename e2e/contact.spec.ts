import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ADMIN } from '../server/db/seed/demo-accounts';
import { expect, expectNoAxeViolations, test, textbox, uniqueSuffix } from './fixtures';
import { outboxMessages } from './school';

/** The outbox rows with this subject, as the demo admin reads them. */
const outboxWithSubject = (api: APIRequestContext, subject: string) =>
  outboxMessages(api, (m) => m.subject === subject);

const contactForm = (page: Page) => page.getByRole('form', { name: 'Contact the school' });

test('a visitor writes to the school and the message reaches the admins', async ({ page, api }) => {
  const subject = `Beginners' class ${uniqueSuffix().slice(0, 6)}`;
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await expectNoAxeViolations(page);

  const form = contactForm(page);
  // An empty form is refused in the browser with the schema's messages.
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByText('Message is required')).toBeVisible();
  await expect(textbox(form, 'Name')).toBeFocused();

  await textbox(form, 'Name').fill('Daniel Ortiz');
  await textbox(form, 'Email').fill('daniel@example.com');
  await form.getByRole('combobox', { name: 'Topic' }).click();
  await page.getByRole('option', { name: 'Classes and workshops' }).click();
  await textbox(form, 'Subject').fill(subject);
  await textbox(form, 'Message').fill('Can a complete beginner join the Saturday class?');
  await expect(form.getByText('48 / 5,000 characters')).toBeVisible();
  await form.getByRole('button', { name: 'Send Message' }).click();

  await expect(
    page.getByText('Thank you — your message has been sent. We will reply to daniel@example.com.'),
  ).toBeVisible();
  await expect(contactForm(page)).toHaveCount(0);

  const rows = await outboxWithSubject(api, `[Contact] Classes and workshops: ${subject}`);
  expect(rows.map((row) => row.to_address)).toContain(DEMO_ADMIN.email);
});

test('Get Support from a failed payment arrives with the payment problem filled in', async ({
  page,
  api,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/contact?topic=payment&reason=declined');
  const form = contactForm(page);
  await expect(form.getByRole('combobox', { name: 'Topic' })).toHaveValue('Payment or billing');
  await expect(textbox(form, 'Subject')).toHaveValue('Payment problem: card declined');
  await expect(textbox(form, 'Reference (optional)')).toHaveValue('declined');
  // Nothing spills sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const subject = `Payment problem: card declined ${uniqueSuffix().slice(0, 6)}`;
  await textbox(form, 'Subject').fill(subject);
  await textbox(form, 'Name').fill('Mei Chen');
  await textbox(form, 'Email').fill('mei@example.com');
  await textbox(form, 'Message').fill('My card was declined although it works elsewhere.');
  await textbox(form, 'Message').press('Tab');
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Send Message' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/We will reply to mei@example\.com\./)).toBeVisible();

  const rows = await outboxWithSubject(api, `[Contact] Payment or billing: ${subject}`);
  expect(rows.map((row) => row.to_address)).toContain(DEMO_ADMIN.email);
});
