import type { APIRequestContext } from '@playwright/test';
import type { AvailabilityResponse } from '../common/bookings';
import { expect, test, uniqueSuffix } from './fixtures';
import { readOutboxMessage } from './school';
import { SITE_VIEWPORTS, waitForIslands } from './site';

async function slotFree(api: APIRequestContext, date: string, time: string): Promise<boolean> {
  const response = await api.get(`/api/bookings/availability/${date}?duration=60&type=private_class`);
  expect(response.status()).toBe(200);
  const { slots } = (await response.json()) as AvailabilityResponse;
  return slots.find((slot) => slot.time === time)?.available ?? false;
}

test.use({ viewport: SITE_VIEWPORTS[0] });

test('on a phone a visitor books a 1-on-1, gets the e-mail with its calendar file, and cancels from its link', async ({
  page,
  api,
}) => {
  const email = `booker-${uniqueSuffix()}@example.com`;
  await page.goto('/workshops');
  await waitForIslands(page);
  await expect(page.getByText('8-12', { exact: false })).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/workshops-375.png', fullPage: true });

  // A Wednesday of next month: a weekday, open, and free in a fresh database.
  await page.getByRole('button', { name: 'Next month' }).click();
  const day = page.getByRole('button', { name: /^Wednesday, / }).first();
  await expect(day).toBeEnabled();
  await day.click();
  const schedule = page.getByRole('dialog', { name: /^Wednesday, / });
  await expect(schedule).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/workshops-day-375.png' });
  await schedule.getByRole('button', { name: 'Create New Booking' }).click();

  const form = page.getByRole('dialog', { name: 'Book a Session' });
  await expect(form).toBeVisible();
  await form.getByRole('radio', { name: '1-on-1' }).check();
  const date = await form.getByLabel('Start date').inputValue();
  expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expect(form.getByLabel('End date')).toHaveValue(date);
  const slot = form.getByLabel('Time slot');
  await expect(slot).toBeEnabled();
  const time = await slot.locator('option').nth(1).getAttribute('value');
  expect(time).toMatch(/^\d{2}:\d{2}$/);
  await slot.selectOption(time);
  await form.getByLabel('Full name').fill('Mei Booker');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Notes').fill('First private lesson');
  await page.screenshot({ path: '/tmp/shots/workshops-form-375.png' });
  await form.getByRole('button', { name: 'Book Session' }).click();

  const confirmed = page.getByRole('dialog', { name: 'Booking Confirmed' });
  await expect(confirmed).toContainText('Your booking has been created successfully!');
  await confirmed.getByRole('button', { name: 'Great!' }).click();
  await expect(confirmed).toBeHidden();
  expect(await slotFree(api, date, time!)).toBe(false);

  // The confirmation e-mail carries the booking as a calendar file and the link to manage it.
  const { text, attachments } = await readOutboxMessage(
    api,
    (m) => m.to_address === email && /Booking confirmed/.test(m.subject),
  );
  expect(attachments.map((a) => a.filename).some((name) => name.endsWith('.ics'))).toBe(true);
  const link = /\/workshops\/manage\/[\w-]+/.exec(text)?.[0];
  expect(link, text).toBeTruthy();

  await page.goto(link!);
  await waitForIslands(page);
  await expect(page.getByText('1-on-1')).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/manage-375.png', fullPage: true });
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
  await expect(confirm).toContainText('This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByRole('status')).toContainText('Your booking has been cancelled.');
  expect(await slotFree(api, date, time!)).toBe(true);
});

test('a slot taken while the form is open ends in the Booking Error dialog, and Try Again keeps what was typed', async ({
  page,
  api,
}) => {
  await page.goto('/workshops');
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Next month' }).click();
  await page
    .getByRole('button', { name: /^Friday, / })
    .nth(1)
    .click();
  await page
    .getByRole('dialog', { name: /^Friday, / })
    .getByRole('button', { name: 'Create New Booking' })
    .click();
  const form = page.getByRole('dialog', { name: 'Book a Session' });
  await form.getByRole('radio', { name: '1-on-1' }).check();
  const date = await form.getByLabel('Start date').inputValue();
  const slot = form.getByLabel('Time slot');
  await expect(slot).toBeEnabled();
  const time = (await slot.locator('option').nth(1).getAttribute('value'))!;
  await slot.selectOption(time);
  await form.getByLabel('Full name').fill('Second Comer');
  await form.getByLabel('E-mail').fill(`second-${uniqueSuffix()}@example.com`);

  // Someone else takes that hour first.
  const taken = await api.post('/api/bookings', {
    data: {
      appointment_type: 'private_class',
      start_date: date,
      time,
      full_name: 'First Comer',
      email: `first-${uniqueSuffix()}@example.com`,
    },
  });
  expect(taken.status(), await taken.text()).toBe(201);

  await form.getByRole('button', { name: 'Book Session' }).click();
  const error = page.getByRole('alertdialog', { name: 'Booking Error' });
  await expect(error).toContainText('Error creating booking.');
  await expect(error).toContainText('That time is no longer available.');
  await error.getByRole('button', { name: 'Try Again' }).click();
  await expect(form.getByLabel('Full name')).toHaveValue('Second Comer');
});

test('a link that names no booking says so', async ({ page }) => {
  await page.goto(`/workshops/manage/${'x'.repeat(43)}`);
  await waitForIslands(page);
  await expect(page.getByRole('alert')).toContainText('Booking not found');
});

test('the calendar works from the keyboard: a day opens with Enter, its schedule closes with Escape', async ({
  page,
}) => {
  await page.goto('/workshops');
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Next month' }).click();
  const day = page.getByRole('button', { name: /^Thursday, / }).first();
  await day.focus();
  await page.keyboard.press('Enter');
  const schedule = page.getByRole('dialog', { name: /^Thursday, / });
  await expect(schedule).toBeVisible();
  await expect(schedule.getByRole('button', { name: 'Close' }).first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(schedule).toBeHidden();
  await expect(day).toBeFocused();
});
