import { expect, LANDING_URL, pauseClock, test } from './fixtures';
import {
  carousel,
  currentSlide,
  GALLERY_POST,
  postTitles,
  readMoreLink,
  slidePosition,
  waitForIslands,
} from './site';

/**
 * The public site as a visitor meets it: server-rendered pages whose interactive parts hydrate
 * on the client. Content comes from the demo seed; other journeys may add posts and featured
 * testimonials while these run, so counts are read from the page rather than assumed.
 */

test.describe('the landing page', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('says who the school is, what it teaches and where to go next', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Internal martial arts for a lifetime of practice' }),
    ).toBeVisible();
    for (const art of ['Xingyiquan', 'Taijiquan', 'Baguazhang'])
      await expect(page.getByRole('heading', { level: 3, name: new RegExp(`^${art}`) })).toBeVisible();
    await expect(
      page.getByText('The first week is free for in-person courses.', { exact: true }),
    ).toBeVisible();

    const nav = page.getByRole('navigation', { name: 'Main' }).first();
    const links = [
      ['About', '/about'],
      ['Classes', '/classes'],
      ['Blog', '/blog'],
      ['E-Learning', '/app'],
      ['Book Session', '/workshops'],
    ] as const;
    await expect(nav.getByRole('link')).toHaveText(links.map(([name]) => name));
    for (const [name, href] of links)
      await expect(nav.getByRole('link', { name })).toHaveAttribute('href', href);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Book Session' })).toHaveAttribute('href', '/workshops');
    await expect(main.getByRole('link', { name: 'E-Learning' })).toHaveAttribute('href', '/app');

    // The newest posts, each a link to its page.
    const posts = page.getByRole('region', { name: 'From the blog' });
    await expect(postTitles(posts)).toHaveCount(3);
    for (const link of await postTitles(posts).all())
      await expect(link).toHaveAttribute('href', /^\/blog\/[a-z0-9-]+$/);
    await posts.getByRole('link', { name: 'All posts' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  });

  test('the testimonial carousel advances every six seconds, pauses on hover and answers its controls', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/');
    await waitForIslands(page);
    await pauseClock(page);
    const { position: start, total } = await slidePosition(page);
    expect(total).toBeGreaterThanOrEqual(3);
    const after = (steps: number) => `${((start - 1 + steps + total) % total) + 1} of ${total}`;
    await expect(carousel(page).getByRole('button', { name: /^Show testimonial \d+$/ })).toHaveCount(total);

    // Six seconds on its own: the next slide.
    await page.clock.runFor(6_000);
    await expect(currentSlide(page)).toHaveAccessibleName(after(1));

    // The pointer on it holds it still; leaving lets it go on.
    await carousel(page).hover();
    await page.clock.runFor(12_000);
    await expect(currentSlide(page)).toHaveAccessibleName(after(1));
    await page.mouse.move(0, 0);
    await page.clock.runFor(6_000);
    await expect(currentSlide(page)).toHaveAccessibleName(after(2));

    // Next, previous and the dots, which mark the slide shown.
    await carousel(page).getByRole('button', { name: 'Next testimonial' }).click();
    await expect(currentSlide(page)).toHaveAccessibleName(after(3));
    await carousel(page).getByRole('button', { name: 'Previous testimonial' }).click();
    await carousel(page).getByRole('button', { name: 'Previous testimonial' }).click();
    await expect(currentSlide(page)).toHaveAccessibleName(after(1));
    const second = carousel(page).getByRole('button', { name: 'Show testimonial 2' });
    await second.click();
    await expect(currentSlide(page)).toHaveAccessibleName(`2 of ${total}`);
    await expect(second).toHaveAttribute('aria-current', 'true');
    await expect(carousel(page).locator('[aria-current="true"]')).toHaveCount(1);

    // Each slide names its student and their training; a long story opens and closes.
    await expect(currentSlide(page).getByText('Training Context:')).toBeVisible();
    const readMore = currentSlide(page).getByRole('button', { name: 'Read more' });
    const quote = currentSlide(page).locator('blockquote');
    const short = (await quote.textContent()) ?? '';
    expect(short.endsWith('…')).toBe(true);
    await readMore.click();
    await expect(currentSlide(page).getByRole('button', { name: 'Read less' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(((await quote.textContent()) ?? '').length).toBeGreaterThan(short.length);

    // Pause holds it even with the pointer and the focus elsewhere.
    await carousel(page).getByRole('button', { name: 'Pause' }).click();
    await page.mouse.move(0, 0);
    await page.getByRole('heading', { level: 1 }).click();
    await page.clock.runFor(12_000);
    await expect(currentSlide(page)).toHaveAccessibleName(`2 of ${total}`);
    await carousel(page).getByRole('button', { name: 'Play' }).click();
    await expect(carousel(page).getByRole('button', { name: 'Pause' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });
});

test('the about page tells the method and the team, and opens a podcast description', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'Our story' })).toBeVisible();
  const method = page.getByRole('region', { name: 'Our method' });
  await expect(method.getByRole('heading', { level: 3 })).toHaveText([
    'Questioning',
    'Scaffolding',
    'Standardizing',
  ]);
  const team = page.getByRole('region', { name: 'Leadership team' });
  await expect(team.getByRole('heading', { level: 3, name: 'Sifu Lin Wei' })).toBeVisible();
  await expect(team.getByRole('listitem')).toHaveCount(4);

  await waitForIslands(page);
  const podcast = page
    .getByRole('region', { name: 'Podcasts' })
    .getByRole('listitem')
    .filter({ hasText: 'Standing Still, Moving Forward' });
  const description = podcast.getByText(/^Sifu Lin Wei on why every student/);
  await expect(description).toContainText('…');
  await expect(description).not.toContainText('first hundred days');
  await podcast.getByRole('button', { name: 'Read more' }).click();
  await expect(description).toContainText('during the first hundred days of zhan zhuang practice.');
  await podcast.getByRole('button', { name: 'Read less' }).click();
  await expect(description).not.toContainText('first hundred days');
  await expect(podcast.getByRole('button', { name: 'Read more' })).toHaveAttribute('aria-expanded', 'false');

  const start = page.getByRole('region', { name: 'Start here' });
  for (const [name, href] of [
    ['Weekly classes', '/classes'],
    ['E-Learning', '/app'],
    ['Blog', '/blog'],
  ] as const)
    await expect(start.getByRole('link', { name })).toHaveAttribute('href', href);
});

test('on the blog a visitor filters by a tag, searches, clears the filters and opens a post', async ({
  page,
}) => {
  await page.goto('/blog');
  const results = page.getByRole('main');
  const all = await postTitles(results).count();
  expect(all).toBeGreaterThanOrEqual(5);

  // The tag filters sit behind the Filters disclosure, each with its post count.
  const tags = page.getByRole('list', { name: 'Filter by tag' });
  await expect(tags).toBeHidden();
  await page.getByText('Filters', { exact: true }).click();
  await tags.getByRole('link', { name: /^baguazhang \d+$/ }).click();
  await expect(page).toHaveURL(/\/blog\?tags=baguazhang$/);
  await expect(tags.getByRole('link', { name: /^baguazhang \d+$/ })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByText(/^2 posts tagged baguazhang\./)).toBeVisible();
  await expect(postTitles(results)).toHaveText([
    'A Short History of the Three Internal Arts',
    GALLERY_POST.title,
  ]);

  // A search keeps the tag: Enter in the box, then the Search button.
  const search = page.getByRole('searchbox', { name: 'Search blog posts' });
  await search.fill('palm change');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/blog\?q=palm\+change&tags=baguazhang$/);
  await expect(page.getByText(/^1 post for “palm change” tagged baguazhang\./)).toBeVisible();
  await expect(postTitles(results)).toHaveText([GALLERY_POST.title]);
  await search.fill('push hands');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/blog\?q=push\+hands&tags=baguazhang$/);
  await expect(page.getByText('No blog posts found')).toBeVisible();
  await expect(postTitles(results)).toHaveCount(0);

  await page.getByRole('link', { name: 'Clear all filters' }).first().click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(search).toHaveValue('');
  expect(await postTitles(results).count()).toBeGreaterThanOrEqual(all);

  await readMoreLink(page, GALLERY_POST.title).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${GALLERY_POST.slug}$`));
  const article = page.getByRole('article');
  await expect(article.getByRole('heading', { level: 1 })).toHaveText(GALLERY_POST.title);
  await expect(article.getByRole('list', { name: 'Tags' }).getByRole('link')).toHaveText(GALLERY_POST.tags);
  await expect(article.getByText(`By ${GALLERY_POST.author}`)).toBeVisible();
  await expect(article.getByText(/^Published /)).toBeVisible();
  // The seed publishes it when it last changed it: no separate "last updated" date.
  await expect(article.getByText(/^Last updated /)).toHaveCount(0);
  const gallery = article.getByRole('region', { name: 'Gallery' });
  await expect(gallery.locator('video')).toHaveCount(1);
  await expect(gallery.getByText(GALLERY_POST.caption)).toBeVisible();
  await article.getByRole('link', { name: 'Back to blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test.describe('sharing a post without the Web Share API', () => {
  test.beforeEach(async ({ context, page }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // Chromium on a desktop may offer a share sheet; this journey is about the fallback.
    await page.addInitScript(() => {
      delete (Navigator.prototype as Partial<Navigator>).share;
    });
  });

  test('copies the link to the clipboard', async ({ page, baseURL }) => {
    await page.goto(`/blog/${GALLERY_POST.slug}`);
    await waitForIslands(page);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Blog link copied to clipboard!' }),
    ).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${baseURL}/blog/${GALLERY_POST.slug}`,
    );
  });

  test('says so when the clipboard refuses', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Clipboard.prototype, 'writeText', {
        value: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
      });
    });
    await page.goto(`/blog/${GALLERY_POST.slug}`);
    await waitForIslands(page);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Failed to copy link. Please try again.' }),
    ).toBeVisible();
  });
});

test('an unknown post answers 404 and an unknown page leads home', async ({ page }) => {
  const response = await page.goto('/blog/no-such-post-anywhere');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Post Not Found' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Back to blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);

  await page.goto('/no-such-page/here');
  await expect(page).toHaveURL(LANDING_URL);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Internal martial arts for a lifetime of practice',
  );
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the menu opens and leads to each page', async ({ page }) => {
    await page.goto('/');
    // The desktop navigation is hidden; the menu's is the one a phone sees.
    const menuNav = page.locator('.kw-phone-nav');
    await expect(menuNav).toBeHidden();
    await page.getByLabel('Menu', { exact: true }).click();
    await expect(menuNav.getByRole('link')).toHaveText([
      'About',
      'Classes',
      'Blog',
      'E-Learning',
      'Book Session',
    ]);
    await menuNav.getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(menuNav).toBeHidden();
    await page.getByLabel('Menu', { exact: true }).click();
    await expect(menuNav.getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');
    await menuNav.getByRole('link', { name: 'About' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Our story' })).toBeVisible();
  });
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });

  test('every public page shows its content', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Internal martial arts for a lifetime of practice' }),
    ).toBeVisible();
    await expect(postTitles(page.getByRole('region', { name: 'From the blog' }))).toHaveCount(3);
    await expect(currentSlide(page)).toHaveAccessibleName(/^1 of \d+$/);

    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'Our story' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Standardizing' })).toBeVisible();

    // The filters are a native disclosure and links: no script needed.
    await page.goto('/blog');
    await page.getByText('Filters', { exact: true }).click();
    await page
      .getByRole('list', { name: 'Filter by tag' })
      .getByRole('link', { name: /^baguazhang \d+$/ })
      .click();
    await expect(page).toHaveURL(/\/blog\?tags=baguazhang$/);
    await expect(postTitles(page.getByRole('main'))).toHaveText([
      'A Short History of the Three Internal Arts',
      GALLERY_POST.title,
    ]);
    const search = page.getByRole('searchbox', { name: 'Search blog posts' });
    await search.fill('palm change');
    await search.press('Enter');
    await expect(postTitles(page.getByRole('main'))).toHaveText([GALLERY_POST.title]);

    await readMoreLink(page, GALLERY_POST.title).click();
    const article = page.getByRole('article');
    await expect(article.getByRole('heading', { level: 1 })).toHaveText(GALLERY_POST.title);
    await expect(article.locator('.kw-prose')).toContainText('kou bu');
    await expect(
      article.getByRole('region', { name: 'Gallery' }).getByText(GALLERY_POST.caption),
    ).toBeVisible();
  });
});
