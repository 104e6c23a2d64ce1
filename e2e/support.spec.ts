import { DEMO_ADMIN } from '../server/db/seed/demo-accounts';
import { expect, expectNoAxeViolations, test, textbox, uniqueSuffix } from './fixtures';
import { conversationList, messageComposer, messageHistory } from './messages';
import { outboxMessages } from './school';

test('a member asks for support, an administrator answers in Messages, and the member reads it', async ({
  page,
  api,
  admin,
  signInNewStudent,
  openPageAs,
}) => {
  // Two browsers and a round trip.
  test.setTimeout(90_000);
  const member = await signInNewStudent();
  const subject = `Video stops ${uniqueSuffix().slice(0, 6)}`;
  await page.setViewportSize({ width: 375, height: 760 });
  await page.goto('/app/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Support Center' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Support request' });
  await expect(form.getByRole('combobox', { name: 'Priority' })).toHaveValue('Medium');
  await expect(textbox(form, 'Browser information')).toHaveValue(/Mozilla/);
  await expect(textbox(form, 'Steps to reproduce')).toHaveCount(0);

  await textbox(form, 'Subject').fill(subject);
  await form.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Bug report' }).click();
  await textbox(form, 'Description').fill('The lesson video stops after a minute.');
  await textbox(form, 'Steps to reproduce').fill('Open the first lesson and press play.');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: 'test-results/support-375.png', fullPage: true });
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Send Request' }).click();

  await expect(page.getByRole('heading', { name: 'Request sent' })).toBeVisible();
  await expectNoAxeViolations(page);
  const rows = await outboxMessages(api, (m) => m.subject.includes(subject));
  expect(rows.map((row) => row.to_address)).toContain(DEMO_ADMIN.email);

  // The administrator finds it among the support conversations and answers.
  const adminsPage = await openPageAs(admin);
  await adminsPage.setViewportSize({ width: 1280, height: 800 });
  await adminsPage.goto('/app/support');
  await expect(adminsPage.getByText(/support requests arrive as support conversations/)).toBeVisible();
  await adminsPage.screenshot({ path: 'test-results/support-admin-1280.png' });
  await adminsPage.getByRole('main').getByRole('link', { name: 'Messages' }).click();
  const row = conversationList(adminsPage).getByRole('button', { name: new RegExp(`^${member.user.name}`) });
  await expect(row.getByText('Support', { exact: true })).toBeVisible();
  await row.click();
  await expect(messageHistory(adminsPage).getByText(subject)).toBeVisible();
  await messageComposer(adminsPage).fill('Thank you, we are looking into it.');
  await messageComposer(adminsPage).press('Enter');
  await expect(messageHistory(adminsPage).getByText('Thank you, we are looking into it.')).toBeVisible();
  await expectNoAxeViolations(adminsPage);

  // The member opens the conversation from the confirmation: the school's answer is there.
  await page.getByRole('link', { name: 'Open the conversation' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'School Support' })).toBeVisible();
  await expect(messageHistory(page).getByText('Thank you, we are looking into it.')).toBeVisible();
  // Read on opening: the bell has nothing unread left.
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/support-conversation-375.png' });
  await expectNoAxeViolations(page);
});
