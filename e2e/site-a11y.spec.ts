import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, expectNoSidewaysOverflow, test } from './fixtures';
import { expectHeadingInsideGutter, GALLERY_POST, SITE_VIEWPORTS, waitForIslands } from './site';

/**
 * Every public page through axe (WCAG 2 A and AA) on a phone and a desktop, light and dark, once
 * its islands have hydrated; none scrolls sideways or loses its side margins. The light passes leave full-page screenshots
 * in the test's output folder.
 */

/** Every public page, as a visitor opens it; `open` takes a further step once it has loaded. */
const PAGES: { name: string; path: string; open?: (page: Page) => Promise<void> }[] = [
  {
    // With the testimonial form open, which axe checks too.
    name: 'landing',
    path: '/',
    open: async (page) => {
      await page.getByText('Share your experience', { exact: true }).click();
      await expect(page.getByRole('form', { name: 'Share your experience' })).toBeVisible();
    },
  },
  { name: 'about', path: '/about' },
  { name: 'blog', path: '/blog' },
  { name: 'blog-tag', path: '/blog?tags=baguazhang' },
  { name: 'post', path: `/blog/${GALLERY_POST.slug}` },
  { name: 'post-not-found', path: '/blog/no-such-post-anywhere' },
  { name: 'classes', path: '/classes' },
  {
    // With a day's schedule open, which axe checks too.
    name: 'workshops',
    path: '/workshops',
    open: async (page) => {
      await page.getByRole('button', { name: 'Next month' }).click();
      await page
        .getByRole('button', { name: /^Monday, / })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  { name: 'booking-manage', path: `/workshops/manage/${'x'.repeat(43)}` },
  { name: 'class-offer', path: `/classes/offers/${'x'.repeat(43)}` },
];

for (const colorScheme of ['light', 'dark'] as const) {
  for (const viewport of SITE_VIEWPORTS) {
    test.describe(`at ${viewport.width} px, ${colorScheme}`, () => {
      // Still slides, so axe and the screenshots see one settled page.
      test.use({ viewport, colorScheme, reducedMotion: 'reduce' });

      test('every public page passes axe and fits the width inside its gutters', async ({
        page,
      }, testInfo) => {
        // Six pages, each through axe and a full-page screenshot: a phone's pages are long.
        test.slow();
        for (const { name, path, open } of PAGES) {
          await test.step(name, async () => {
            await page.goto(path);
            await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
            await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
            await waitForIslands(page);
            await open?.(page);
            await expectNoSidewaysOverflow(page);
            await expectHeadingInsideGutter(page);
            await expectNoAxeViolations(page);
            // For a person to look at: layout faults that no rule catches.
            if (colorScheme === 'light') {
              // From the top, or the sticky header is drawn wherever the last click scrolled to.
              await page.evaluate(() => window.scrollTo(0, 0));
              await page.screenshot({
                path: testInfo.outputPath(`${name}-${viewport.width}-${colorScheme}.png`),
                fullPage: true,
              });
            }
          });
        }
      });
    });
  }
}
