import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, uniqueSuffix } from './fixtures';
import { conversationList, messageComposer, messageHistory } from './messages';
import { bearer, FREE_COURSE } from './school';

/** The message menu of the history's row that shows `text`. */
async function messageAction(page: Page, text: string, action: string) {
  const row = messageHistory(page).getByRole('listitem').filter({ hasText: text });
  await row.getByRole('button', { name: /^Actions for the message/ }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('two members write to each other live, and one deletes a message for herself and restores it', async ({
  page,
  createStudent,
  enrol,
  signIn,
  openPageAs,
}) => {
  // Two browsers and a round trip each way.
  test.setTimeout(90_000);
  // Two students of the free course, so each is the other's fellow student, named to stand on its
  // section's first page of the community.
  const tag = uniqueSuffix().slice(0, 5);
  const mei = await createStudent({ name: `Aa Mei ${tag}` });
  const daniel = await createStudent({ name: `Aa Daniel ${tag}` });
  for (const account of [mei, daniel]) await enrol(account, FREE_COURSE);

  const danielsPage = await openPageAs(daniel);
  await danielsPage.goto('/app/messages');
  await expect(danielsPage.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();

  // Mei finds Daniel among the fellow students of her course and writes to him from his profile.
  await signIn(mei);
  await page.goto('/app/community');
  const section = page.getByRole('region', { name: FREE_COURSE });
  await section.getByRole('button', { name: new RegExp(`^${daniel.user.name},`) }).click();
  await page
    .getByRole('dialog', { name: daniel.user.name })
    .getByRole('button', { name: `Message ${daniel.user.name}` })
    .click();
  await expect(page).toHaveURL(/\/app\/messages\?conversation=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 2, name: daniel.user.name })).toBeVisible();
  await expect(page.getByText('No messages yet. Say hello!')).toBeVisible();

  // Shift+Enter adds a line; Enter sends.
  await messageComposer(page).fill('Hello Daniel!');
  await messageComposer(page).press('Shift+Enter');
  await messageComposer(page).pressSequentially('Training on Sunday? https://kwoon.example/schedule');
  await messageComposer(page).press('Enter');
  await expect(messageComposer(page)).toHaveValue('');
  const sent = messageHistory(page).getByRole('listitem').filter({ hasText: 'Hello Daniel!' });
  await expect(sent).toContainText('Sent');
  await expect(sent.getByRole('link', { name: 'https://kwoon.example/schedule' })).toHaveAttribute(
    'target',
    '_blank',
  );

  // Daniel's screen hears of it without a reload: the badge in the sidebar and the row.
  await expect(danielsPage.getByRole('link', { name: 'Messages 1 unread' })).toBeVisible();
  await expect(
    conversationList(danielsPage).getByRole('button', { name: `${mei.user.name}, 1 unread` }),
  ).toBeVisible();
  // The bell lists it among the recent messages and leads to the conversation.
  await danielsPage.getByRole('button', { name: 'Notifications (1 unread messages)' }).click();
  await danielsPage
    .getByRole('list', { name: 'Recent messages' })
    .getByRole('button', { name: new RegExp(mei.user.name) })
    .click();
  await expect(messageHistory(danielsPage).getByText(/Hello Daniel!/)).toBeVisible();
  await expect(danielsPage.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  await messageComposer(danielsPage).fill('Yes, see you there.');
  await messageComposer(danielsPage).press('Enter');

  // Mei sees the answer arrive, and her message read.
  await expect(messageHistory(page).getByText('Yes, see you there.')).toBeVisible();
  await expect(sent).toContainText('Read');
  await expectNoAxeViolations(page);

  // Deleted for her only, then restored from the deleted list.
  await messageAction(page, 'Yes, see you there.', 'Delete for me');
  await expect(messageHistory(page).getByText('Yes, see you there.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Deleted for me' }).click();
  const deleted = page.getByRole('dialog', { name: 'Deleted for me' });
  await expect(deleted.getByText('Yes, see you there.')).toBeVisible();
  await expectNoAxeViolations(page);
  await deleted.getByRole('button', { name: 'Restore' }).click();
  await expect(deleted.getByText('You have not deleted any messages.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(deleted).toBeHidden();
  await expect(messageHistory(page).getByText('Yes, see you there.')).toBeVisible();
  // Daniel never lost it.
  await expect(messageHistory(danielsPage).getByText('Yes, see you there.')).toBeVisible();

  // The search finds the message by its words, beside the people it matches.
  const search = page.getByRole('searchbox', { name: 'Search conversations' });
  await search.fill('Sunday');
  await expect(
    page.getByRole('list', { name: 'Matching messages' }).getByText(/Training on Sunday/),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await search.fill('');

  // On a phone the list and the chat are two steps.
  await page.setViewportSize({ width: 375, height: 760 });
  await expect(conversationList(page)).toBeHidden();
  await page.screenshot({ path: 'test-results/messages-chat-375.png' });
  await page.getByRole('button', { name: 'Back to conversations' }).click();
  await expect(conversationList(page)).toBeVisible();
  await page.screenshot({ path: 'test-results/messages-list-375.png' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
});

test('an administrator deletes a conversation permanently, and it leaves the member at once', async ({
  page,
  api,
  admin,
  createStudent,
  signIn,
  openPageAs,
}) => {
  test.setTimeout(60_000);
  const mei = await createStudent();
  const sent = await api.post('/api/messages', {
    headers: bearer(admin.token),
    data: { recipient_id: mei.user.id, text: 'Welcome to the school, Mei.' },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await signIn(mei);
  await page.goto('/app/messages');
  await expect(conversationList(page).getByRole('button', { name: /1 unread$/ })).toBeVisible();

  const adminsPage = await openPageAs(admin);
  await adminsPage.setViewportSize({ width: 1280, height: 800 });
  await adminsPage.goto('/app/messages');
  await conversationList(adminsPage)
    .getByRole('button', { name: new RegExp(`^${mei.user.name}`) })
    .click();
  await expect(messageHistory(adminsPage).getByText('Welcome to the school, Mei.')).toBeVisible();
  await adminsPage.screenshot({ path: 'test-results/messages-1280.png' });
  await adminsPage.getByRole('button', { name: 'Conversation actions' }).click();
  await adminsPage.getByRole('menuitem', { name: 'Delete permanently' }).click();
  const confirm = adminsPage.getByRole('dialog', { name: 'Delete permanently' });
  await expect(confirm.getByText('This action cannot be undone.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(adminsPage).toHaveURL(/\/app\/messages$/);

  await expect(page.getByText('No conversations yet. Start one from the Community page.')).toBeVisible();
});
