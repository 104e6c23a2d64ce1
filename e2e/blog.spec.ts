import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import xml from 'fast-xml-parser';
import type { BlogPostResponse, BlogPostsResponse } from '../common/blog';
import { expect, expectNoAxeViolations, test, textbox, uniqueSuffix } from './fixtures';
import { solidPng } from './images';
import { bearer } from './school';
import { readMoreLink } from './site';

/** The list's row of a post, by its title (the table on a desktop, its card on a phone). */
function postRow(page: Page, title: string) {
  return page.getByRole('row').filter({ has: page.getByText(title, { exact: true }) });
}

const SEEDED_DRAFT = '/blog/preparing-for-the-spring-intensive';
const SEEDED_POST = '/blog/why-every-class-begins-with-standing';

const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The paths of the pages a feed lists, once it has parsed as well-formed XML. */
async function feedPaths(request: APIRequestContext, feed: '/sitemap.xml' | '/blog/rss.xml') {
  const response = await request.get(feed);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/xml/);
  const body = await response.text();
  expect(xml.validate(body)).toBe(true);
  const links =
    feed === '/sitemap.xml'
      ? asList((xml.parse(body) as { urlset: { url: { loc: string }[] } }).urlset.url).map((url) => url.loc)
      : asList((xml.parse(body) as { rss: { channel: { item?: { link: string }[] } } }).rss.channel.item).map(
          (item) => item.link,
        );
  return links.map((link) => new URL(link).pathname);
}

/** Which of `paths` the sitemap and the RSS feed list. */
async function listedInFeeds(request: APIRequestContext, paths: string[]) {
  const [sitemap, rss] = await Promise.all([
    feedPaths(request, '/sitemap.xml'),
    feedPaths(request, '/blog/rss.xml'),
  ]);
  return {
    sitemap: paths.filter((path) => sitemap.includes(path)),
    rss: paths.filter((path) => rss.includes(path)),
  };
}

/** A full-page screenshot at each width the app is checked at, with axe on each. */
async function checkAtBothWidths(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test('an admin writes a post with a banner, a gallery image and tags, previews it, saves a draft and publishes it; visitors and feeds see it once published', async ({
  page,
  api,
  request,
  signInAdmin,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const admin = await signInAdmin();
  const title = `Rooted Like a Tree ${uniqueSuffix().slice(0, 6)}`;

  // 1. From the list to an empty editor.
  await page.goto('/app/admin/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog Management' })).toBeVisible();
  await expect(page.getByText('Total Posts')).toBeVisible();
  await page.getByRole('link', { name: 'New Post' }).click();
  await expect(page).toHaveURL(/\/app\/admin\/blog\/new$/);
  const form = page.getByRole('form', { name: 'New blog post' });

  // 2. The words: title (its address follows), excerpt, the content written in the rich-text editor.
  await textbox(form, 'Title').fill(title);
  await expect(form.getByText(/^Address: \/blog\/rooted-like-a-tree-/)).toBeVisible();
  await textbox(form, 'Excerpt').fill('Zhan Zhuang before every form: why the stance comes first.');
  await expect(form.getByText('58/500')).toBeVisible();
  const content = form.getByRole('textbox', { name: 'Content', exact: true });
  await content.click();
  await page.keyboard.type('Stand, breathe and stay ');
  await form.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('rooted');
  await form.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('.');
  await expect(content.locator('strong')).toHaveText('rooted');

  // 3. A banner and a gallery image, uploaded with their progress; tags, normalised.
  await form.getByLabel('Banner image file').setInputFiles({
    name: 'banner.png',
    mimeType: 'image/png',
    buffer: solidPng(320),
  });
  await expect(form.getByRole('img', { name: 'Banner preview' })).toBeVisible();
  await form.getByLabel('Media file').setInputFiles({
    name: 'stance.png',
    mimeType: 'image/png',
    buffer: solidPng(96, [180, 120, 40]),
  });
  await textbox(form, 'Caption of item 1').fill('The stance from the side');
  await textbox(form, 'Tags').fill('  Zhan Zhuang ');
  await textbox(form, 'Tags').press('Enter');
  await textbox(form, 'Tags').fill('QIGONG');
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await textbox(form, 'Tags').fill('qigong');
  await textbox(form, 'Tags').press('Enter');
  await expect(form.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([
    'zhan zhuang',
    'qigong',
  ]);
  await checkAtBothWidths(page, testInfo, 'blog-editor');

  // 4. The preview shows the post as its page will.
  await form.getByText('Preview', { exact: true }).click();
  const preview = form.getByRole('article', { name: 'Post preview' });
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await expect(preview.getByText('Zhan Zhuang before every form')).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('rooted');
  await expect(preview.getByRole('img', { name: 'The stance from the side' })).toBeVisible();
  await checkAtBothWidths(page, testInfo, 'blog-preview');

  // 5. Saved as a draft: the toast, back to the list, a Draft row with no public link.
  await form.getByRole('button', { name: 'Save as Draft' }).click();
  await expect(page.getByText('Blog post created and saved as draft successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/admin\/blog$/);
  const row = postRow(page, title);
  await expect(row.getByText('Draft', { exact: true })).toBeVisible();
  await expect(row.getByText('zhan zhuang', { exact: true })).toBeVisible();
  await expect(row.getByRole('link', { name: `View ${title}` })).toHaveCount(0);

  const list = await api.get(`/api/admin/blog/posts?search=${encodeURIComponent(title)}`, {
    headers: bearer(admin.token),
  });
  const [summary] = ((await list.json()) as BlogPostsResponse).posts;
  expect(summary?.title).toBe(title);
  const stored = await api.get(`/api/admin/blog/post/${summary!.id}`, { headers: bearer(admin.token) });
  const { post } = (await stored.json()) as BlogPostResponse;
  expect(post.status).toBe('draft');
  expect(post.content).toContain('<strong>rooted</strong>');
  expect(post.banner_image).toMatch(/^\/media\/blog-banners\//);
  expect(post.media).toEqual([
    {
      url: expect.stringMatching(/^\/media\/blog-content\//),
      type: 'image',
      caption: 'The stance from the side',
    },
  ]);
  expect(post.tags).toEqual(['zhan zhuang', 'qigong']);
  // Drafts, the seed's and this one, are in neither feed; published posts are.
  const path = `/blog/${post.slug}`;
  expect(await listedInFeeds(request, [path, SEEDED_DRAFT, SEEDED_POST])).toEqual({
    sitemap: [SEEDED_POST],
    rss: [SEEDED_POST],
  });
  expect((await page.request.get(path)).status()).toBe(404);

  // 6. Published from the editor: the list shows it published, with its public link.
  await row.getByRole('link', { name: `Edit ${title}` }).click();
  const editForm = page.getByRole('form', { name: 'Edit blog post' });
  await expect(textbox(editForm, 'Slug')).toHaveValue(post.slug);
  await editForm.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Blog post updated and published successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/admin\/blog$/);
  await expect(postRow(page, title).getByText('Published', { exact: true })).toBeVisible();
  await expect(postRow(page, title).getByRole('link', { name: `View ${title}` })).toHaveAttribute(
    'href',
    `/blog/${post.slug}`,
  );
  await checkAtBothWidths(page, testInfo, 'blog-list');

  // 7. A visitor finds it first on the blog and reads it; both feeds now list it.
  const visitor = await browser.newPage({ baseURL });
  await visitor.goto('/blog');
  await expect(visitor.locator('.kw-post-card-title a').first()).toHaveText(title);
  await readMoreLink(visitor, title).click();
  await expect(visitor).toHaveURL(new RegExp(`${path}$`));
  const article = visitor.getByRole('article');
  await expect(article.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(article.locator('.kw-prose strong')).toHaveText('rooted');
  await expect(article.getByRole('list', { name: 'Tags' }).getByRole('link')).toHaveText([
    'zhan zhuang',
    'qigong',
  ]);
  await expect(
    article.getByRole('region', { name: 'Gallery' }).getByRole('img', { name: 'The stance from the side' }),
  ).toBeVisible();
  await visitor.close();
  expect(await listedInFeeds(request, [path, SEEDED_DRAFT, SEEDED_POST])).toEqual({
    sitemap: [path, SEEDED_POST],
    rss: [path, SEEDED_POST],
  });
});
