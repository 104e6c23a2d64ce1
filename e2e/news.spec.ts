import type { NewsInput, NewsResponse } from '../common/news';
import type { RandomQuoteResponse } from '../common/quotes';
import { expect, test, textbox, uniqueSuffix } from './fixtures';
import { bearer, FREE_COURSE } from './school';

test.use({ viewport: { width: 1280, height: 900 } });

test("a member's home shows a quote, their current course and the news, and opens an article", async ({
  page,
  api,
  admin,
  signInNewStudent,
  enrol,
}) => {
  const title = `Open training day ${uniqueSuffix().slice(0, 6)}`;
  const input: NewsInput = {
    title,
    description: 'Everyone is welcome at the hall on Saturday.',
    body: 'Doors open at nine.\nBring a friend who has never trained.',
    author_name: 'Sifu Lin Wei',
    tags: 'open day, community',
    status: 'published',
  };
  const created = await api.post('/api/admin/news', { headers: bearer(admin.token), data: input });
  expect(created.status(), await created.text()).toBe(201);
  const news = ((await created.json()) as NewsResponse).news;

  const student = await signInNewStudent();
  await enrol(student, FREE_COURSE);

  const quoteAnswer = page.waitForResponse((response) => response.url().endsWith('/api/quotes/random'));
  await page.goto('/app');
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${student.user.name}` })).toBeVisible();
  await expect(page.getByText(/^Signed in at /)).toBeVisible();

  const { quote } = (await (await quoteAnswer).json()) as RandomQuoteResponse;
  expect(quote, 'a quote to draw').toBeTruthy();
  const figure = page.getByRole('figure', { name: 'Quote of the day' });
  if (quote!.chinese) await expect(figure.locator('[lang="zh"]')).toHaveText(quote!.chinese);
  await expect(figure.locator('blockquote')).toContainText(quote!.text);
  await expect(figure.locator('figcaption')).toContainText(quote!.author);
  await expect(figure.locator('figcaption')).toContainText(quote!.source);

  const courses = page.getByRole('list', { name: 'Your courses' });
  await expect(courses.getByRole('link', { name: FREE_COURSE })).toBeVisible();
  // Just enrolled: the bar is there, at nothing yet.
  await expect(courses.getByRole('progressbar', { name: `${FREE_COURSE} progress` })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );

  const newsList = page.getByRole('region', { name: 'News & Updates' }).getByRole('list', { name: 'News' });
  await newsList.getByRole('button', { name: new RegExp(title) }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByText('Doors open at nine.')).toBeVisible();
  await dialog.getByRole('link', { name: 'Read full article' }).click();

  await expect(page).toHaveURL(`/app/news/${news.id}`);
  const article = page.getByRole('article', { name: title });
  await expect(article.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(article.getByText('By Sifu Lin Wei')).toBeVisible();
  await expect(article.getByRole('list', { name: 'Tags' })).toHaveText(/open day.*community/);
  await expect(article.getByText('Bring a friend who has never trained.')).toBeVisible();
  await expect(article.getByText(/^\d+ views?$/)).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL('/app');
});

test('an admin posts important news through Add News and it reaches the members’ home', async ({
  page,
  signInAdmin,
  createStudent,
  openPageAs,
}) => {
  test.setTimeout(60_000);
  const title = `Hall closed on Monday ${uniqueSuffix().slice(0, 6)}`;
  await signInAdmin();
  await page.goto('/app/admin');

  await page.getByRole('button', { name: 'Add News' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add News' });
  await dialog.getByRole('button', { name: 'Save News' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await textbox(dialog, 'Title').fill(title);
  await textbox(dialog, 'Summary').fill('No classes on Monday; the floor is being refinished.');
  await textbox(dialog, 'Body').fill('The hall is closed all day.\nClasses resume on Tuesday evening.');
  await textbox(dialog, 'Tags').fill('schedule, hall');
  const notify = dialog.getByRole('checkbox', { name: 'E-mail this to members who opted in' });
  await expect(notify).toHaveCount(0);
  await dialog.getByRole('checkbox', { name: 'Important' }).check();
  await notify.check();
  await dialog.getByRole('button', { name: 'Save News' }).click();
  await expect(page.getByText('News Saved')).toBeVisible();
  await expect(dialog).toBeHidden();
  const column = page.getByRole('region', { name: 'News & Updates' });
  await expect(column.getByRole('article', { name: `News: ${title}` }).getByText('Important')).toBeVisible();

  const student = await createStudent();
  const member = await openPageAs(student);
  await member.goto('/app');
  const item = member
    .getByRole('region', { name: 'News & Updates' })
    .getByRole('list', { name: 'News' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(item.getByText('Important')).toBeVisible();
  await item.getByRole('button').click();
  const detail = member.getByRole('dialog', { name: title });
  await expect(detail.getByText('Classes resume on Tuesday evening.')).toBeVisible();
});
