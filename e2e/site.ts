import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** A seeded post with a tag filter, a search and a gallery to show. */
export const GALLERY_POST = {
  slug: 'walking-the-circle-an-introduction-to-baguazhang',
  title: 'Walking the Circle: An Introduction to Baguazhang',
  author: 'Sifu Zhao Ming',
  tags: ['baguazhang', 'beginners', 'practice'],
  caption: 'The single palm change, walked slowly',
};

/** The public site's widths: a phone and a desktop. */
export const SITE_VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
] as const;

/**
 * Waits until every island on the page has hydrated. The pages are server-rendered HTML: an
 * island's buttons are there, and look ready, before its chunk has loaded, and a click or a hover
 * before then does nothing. React marks each DOM node it has hydrated with an own property whose
 * name begins `__reactFiber$`; an island's first element carrying one means its code is running.
 */
export async function waitForIslands(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('[data-island]')).every((island) => {
      const root = island.firstElementChild;
      return root !== null && Object.keys(root).some((key) => key.startsWith('__reactFiber$'));
    }),
  );
}

/** The landing page's testimonial carousel. */
export function carousel(page: Page): Locator {
  return page.getByRole('region', { name: 'Testimonials', exact: true });
}

/** The carousel's visible slide, named "{position} of {total}". */
export function currentSlide(page: Page): Locator {
  return carousel(page).getByRole('group', { name: /^\d+ of \d+$/ });
}

/** The position (1-based) and the total the visible slide announces. */
export async function slidePosition(page: Page): Promise<{ position: number; total: number }> {
  const label = (await currentSlide(page).getAttribute('aria-label')) ?? '';
  const [, position, total] = /^(\d+) of (\d+)$/.exec(label) ?? [];
  expect(position, `slide label '${label}'`).toBeTruthy();
  return { position: Number(position), total: Number(total) };
}

/** The post cards of a list, by their title links. */
export function postTitles(scope: Page | Locator): Locator {
  return scope.locator('.kw-post-card-title a');
}

/**
 * The page's heading keeps the same side margin as the header's brand: a body that sits flush
 * against the screen's edge on a phone has lost its container's padding.
 */
export async function expectHeadingInsideGutter(page: Page): Promise<void> {
  const [brand, heading] = await Promise.all([
    page.getByRole('banner').getByRole('link').first().boundingBox(),
    page.getByRole('heading', { level: 1 }).boundingBox(),
  ]);
  expect(brand && heading, 'the brand link and the page heading').toBeTruthy();
  expect(heading!.x).toBeGreaterThanOrEqual(brand!.x - 0.5);
}

/**
 * A post's Read More link. Its visible text is "Read More"; the title follows in visually hidden
 * text, which the accessible name joins with a space or none, depending on the layout.
 */
export function readMoreLink(scope: Page | Locator, title: string): Locator {
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByRole('link', { name: new RegExp(`^Read More\\s*:\\s*${escaped}\\b`) });
}
