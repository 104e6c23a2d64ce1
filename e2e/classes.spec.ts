import type { APIRequestContext } from '@playwright/test';
import type { ClassEnrollmentResponse } from '../common/classes';
import { expect, test, uniqueSuffix } from './fixtures';
import { bearer, createClass, readOutboxText, type Account } from './school';
import { SITE_VIEWPORTS, waitForIslands } from './site';

/** A published class through the admin API, whose one seat is taken by someone added by hand. */
async function createFullClass(api: APIRequestContext, admin: Account, name: string) {
  const item = await createClass(api, admin, {
    class_name: name,
    description: 'Circle walking and the single palm change.',
    instructor_name: 'Sifu Zhao Ming',
    location: 'Main hall',
    class_type: 'intermediate',
    skill_focus: 'Circle walking',
    class_duration: 90,
    max_capacity: 1,
    price: 0,
    age_restrictions: '',
    requires_membership: true,
    waitlist_enabled: true,
    is_published: true,
    video_embed_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    sessions: [{ day_of_week: 'tuesday', start_time: '18:00', end_time: '19:30' }],
  });
  const enrolled = await api.post(`/api/admin/classes/${item.id}/enroll/manual`, {
    headers: bearer(admin.token),
    data: { name: 'Seat Holder', email: `holder-${uniqueSuffix()}@example.com` },
  });
  expect(enrolled.status(), await enrolled.text()).toBe(201);
  return { item, enrollment: ((await enrolled.json()) as ClassEnrollmentResponse).enrollment };
}

test.use({ viewport: SITE_VIEWPORTS[0] });

test('a visitor joins a full class’s waitlist; a freed seat is offered by e-mail and taken from the offer page', async ({
  page,
  api,
  admin,
}) => {
  const name = `Bagua Circle ${uniqueSuffix().slice(0, 6)}`;
  const email = `waiting-${uniqueSuffix()}@example.com`;
  const { item, enrollment } = await createFullClass(api, admin, name);

  await page.goto('/classes');
  await waitForIslands(page);
  const card = page.getByRole('article', { name });
  await expect(card.getByText('Membership Required')).toBeVisible();
  await expect(card.getByText('1/1')).toBeVisible();
  await expect(card.getByRole('button', { name: `Interest List: ${name}` })).toHaveCount(0);

  // The description folds open; the Media button turns the card to its video and back.
  await card.getByRole('button', { name: 'Show description' }).click();
  await expect(card.getByText('Circle walking and the single palm change.')).toBeVisible();
  await card.getByRole('button', { name: `Media: ${name}` }).click();
  const back = page.locator('.kw-class-card-back');
  await expect(back.locator(`iframe[title="${name}: video"]`)).toHaveAttribute(
    'src',
    /youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?autoplay=1&mute=1/,
  );
  await back.getByRole('button', { name: 'Back to details' }).click();
  await expect(page.getByRole('button', { name: `Media: ${name}` })).toBeFocused();
  await page.screenshot({ path: '/tmp/shots/classes-375.png', fullPage: true });

  // The waitlist dialog: submit stays off until name and e-mail are in.
  await page.getByRole('button', { name: `Waitlist Available: ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Join Waitlist' });
  await expect(dialog).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Join Waitlist' });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Full name').fill('Wen Waiting');
  await dialog.getByLabel('E-mail').fill(email);
  await page.screenshot({ path: '/tmp/shots/classes-waitlist-375.png' });
  await submit.click();
  await expect(dialog.getByRole('status')).toContainText('waitlist');
  // It closes itself after two seconds.
  await expect(dialog).toBeHidden({ timeout: 5_000 });

  // An administrator removes the one enrolled student; the seat is offered to the waitlist.
  const removed = await api.delete(`/api/admin/classes/${item.id}/enroll/${enrollment.id}`, {
    headers: bearer(admin.token),
  });
  expect(removed.status(), await removed.text()).toBe(200);
  const text = await readOutboxText(api, (m) => m.to_address === email && /A seat is free/.test(m.subject));
  const link = /\/classes\/offers\/[\w-]+/.exec(text)?.[0];
  expect(link, text).toBeTruthy();

  await page.goto(link!);
  await waitForIslands(page);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText(/held for you until/)).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/offer-375.png', fullPage: true });
  await page.getByRole('button', { name: 'Accept seat' }).click();
  await expect(page.getByRole('status')).toContainText('The seat is yours');

  // Taken once: the link now says the offer is spent.
  await page.reload();
  await waitForIslands(page);
  await expect(page.getByText(/The seat is yours|no longer available/)).toBeVisible();
});

test('a signed-in member enrols in a class from its card and leaves it again', async ({
  page,
  api,
  admin,
  signInNewStudent,
}) => {
  const name = `Open Taiji ${uniqueSuffix().slice(0, 6)}`;
  await createClass(api, admin, {
    class_name: name,
    instructor_name: 'Sifu Lin Wei',
    location: 'Garden',
    class_type: 'open_level',
    skill_focus: 'Form',
    class_duration: 60,
    max_capacity: 10,
    price: 25,
    waitlist_enabled: false,
    is_published: true,
    sessions: [{ day_of_week: 'saturday', start_time: '09:00', end_time: '10:00' }],
  });
  await signInNewStudent();

  await page.goto('/classes');
  await waitForIslands(page);
  const card = page.getByRole('article', { name });
  await expect(card.getByText('$25')).toBeVisible();
  await expect(card.getByRole('button', { name: /Interest List/ })).toHaveCount(0);
  await card.getByRole('button', { name: `Enrol: ${name}` }).click();
  await expect(card.getByText('You are enrolled in this class.')).toBeVisible();
  await expect(card.getByText('1/10')).toBeVisible();
  await card.getByRole('button', { name: `Leave class: ${name}` }).click();
  await expect(card.getByRole('button', { name: `Enrol: ${name}` })).toBeVisible();
});
