import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import type { AiAnalytics, AskResponse, KnowledgeExportResponse } from '../common/ai-sifu';
import { expect, expectNoAxeViolations, test, textbox, uniqueSuffix } from './fixtures';
import { bearer, FREE_COURSE, type Account } from './school';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

test.use({ viewport: DESKTOP });

/**
 * The page does not scroll sideways, once a resize has settled (the sidebar slides away); a
 * failure names the elements that reach past the right edge.
 */
async function expectNoSidewaysOverflow(page: Page): Promise<void> {
  const measure = () =>
    page.evaluate(() => {
      const width = window.innerWidth;
      const past = Array.from(document.querySelectorAll('body *'))
        .filter((element) => element.getBoundingClientRect().right > width + 0.5)
        .slice(0, 5)
        .map((element) => `<${element.tagName.toLowerCase()} class="${element.className}">`);
      return { over: document.scrollingElement!.scrollWidth - width, past };
    });
  let last = await measure();
  await expect
    .poll(async () => (last = await measure()).over, { message: 'sideways overflow', timeout: 5_000 })
    .toBeLessThanOrEqual(0)
    .catch((error: unknown) => {
      throw new Error(`${String(error)}\n${last.past.join('\n')}`);
    });
}

/** At 375 px and at 1280 px: the screen fits, passes axe, and is photographed for review. */
async function checkAtBothWidths(page: Page, testInfo: TestInfo, name: string) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
    if (viewport === PHONE) await expectNoSidewaysOverflow(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${viewport.width}.png`), fullPage: true });
  }
}

const summaryValue = (page: Page, label: string) =>
  page.getByLabel('Summary').locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

/** A student asks AI Sifu `question` in `courseId` through the API; answers whether the cache answered. */
async function ask(api: APIRequestContext, student: Account, courseId: string, question: string) {
  const response = await api.post('/api/ai-sifu/ask', {
    headers: bearer(student.token),
    data: { question, course_id: courseId },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as AskResponse).data.cached;
}

test('an admin reads the AI Sifu analytics, cleans the cache after confirming, and sees the figures load again', async ({
  page,
  api,
  signInAdmin,
  createStudent,
  enrol,
}, testInfo) => {
  test.setTimeout(90_000);
  const admin = await signInAdmin();
  // A student's questions: the same one twice, so the second is answered from the cache.
  const student = await createStudent();
  const course = await enrol(student, FREE_COURSE);
  const question = 'How long should I hold zhan zhuang each day?';
  expect(await ask(api, student, course.id, question)).toBe(false);
  expect(await ask(api, student, course.id, question)).toBe(true);
  await ask(api, student, course.id, 'What does song mean when standing?');

  const answer = await api.get('/api/admin/ai-sifu/analytics', { headers: bearer(admin.token) });
  expect(answer.status(), await answer.text()).toBe(200);
  const analytics = (await answer.json()) as AiAnalytics;

  await page.goto('/app');
  await page
    .getByRole('navigation', { name: 'Administration' })
    .getByRole('link', { name: /^AI Sifu/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'AI Sifu Analytics' })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/admin\/ai-sifu$/);

  // The four cards, by the display rules.
  await expect(summaryValue(page, 'Total Questions')).toHaveText(
    analytics.overview.total_questions.toLocaleString('en-US'),
  );
  await expect(summaryValue(page, 'Cache Hit Rate')).toHaveText(/^\d{1,3}\.\d%$/);
  await expect(summaryValue(page, 'Total Cost')).toHaveText(
    `$${(analytics.overview.total_cost_cents / 100).toFixed(2)}`,
  );
  expect(analytics.cache_stats.total_cached).toBeGreaterThan(0);
  await expect(page.getByRole('list', { name: 'Popular questions' })).toContainText(question);
  // Daily Usage: ten of the thirty days in the table, all thirty in the two charts.
  const days = page.getByRole('table', { name: 'Daily usage' });
  await expect(days.getByRole('row')).toHaveCount(1 + Math.min(10, analytics.daily_costs.length));
  await expect(page.getByText(/^Questions per day \(/)).toBeVisible();
  await expect(page.getByText(/^Cost per day \(/)).toBeVisible();
  await expect(page.locator('.recharts-surface')).toHaveCount(2);
  // Cache Performance: each coloured figure says its level in words, and the legend explains them.
  const cache = page.getByRole('region', { name: 'Cache Performance' });
  await expect(cache.getByText(/^(Good|Monitor|Needs cleaning)$/)).toBeVisible();
  await expect(cache.getByText(/^(Efficient|Heavy|Overloaded)$/)).toBeVisible();
  await expect(cache.getByRole('region', { name: 'Colour legend' })).toContainText(
    'Good: under 10K cached responses; Efficient: under 50K hits',
  );
  await expect(page.getByRole('navigation', { name: 'Popular questions pages' })).toContainText(/\d+ of \d+/);
  await checkAtBothWidths(page, testInfo, 'ai-sifu-analytics');

  // Clean Cache asks first; once it has cleaned, the analytics are read again.
  await page.getByRole('button', { name: 'Clean Cache' }).click();
  const confirm = page.getByRole('dialog', { name: 'Clean Cache' });
  await expect(confirm).toContainText('This action cannot be undone.');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('ai-sifu-clean-cache-1280.png') });
  const cleaned = page.waitForResponse(
    (r) => r.url().endsWith('/api/admin/ai-sifu/clean-cache') && r.request().method() === 'POST',
  );
  const reloaded = page.waitForResponse(
    (r) => r.url().endsWith('/api/admin/ai-sifu/analytics') && r.request().method() === 'GET',
  );
  await confirm.getByRole('button', { name: 'Clean Cache' }).click();
  expect((await cleaned).status()).toBe(200);
  expect((await reloaded).status()).toBe(200);
  await expect(page.getByText(/^Cache cleaned: \d+ cached answers? removed$/)).toBeVisible();
  await expect(confirm).toBeHidden();
  // The cached answers are gone; the questions asked stay counted.
  await expect(cache.getByText('Cached Responses').locator('xpath=following-sibling::dd[1]')).toContainText(
    /^0\D/,
  );
  await expect(summaryValue(page, 'Total Questions')).toHaveText(
    analytics.overview.total_questions.toLocaleString('en-US'),
  );

  // The dashboard's panel shows the same analytics, its questions 5 a page.
  await page.goto('/app/admin');
  const panel = page.getByRole('region', { name: 'AI Sifu Analytics' });
  await expect(panel.getByLabel('Summary')).toBeVisible();
  await expect(panel.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await checkAtBothWidths(page, testInfo, 'ai-sifu-dashboard-panel');
});

test('an admin adds a glossary term, finds it by its pinyin, deletes it, and exports and imports the knowledge', async ({
  page,
  signInAdmin,
}, testInfo) => {
  test.setTimeout(120_000);
  await signInAdmin();
  const suffix = uniqueSuffix().slice(0, 6);
  const title = `White Crane Spreads Its Wings ${suffix}`;

  await page.goto('/app/admin/ai-sifu');
  await page.getByRole('link', { name: 'Knowledge', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'AI Sifu Knowledge' })).toBeVisible();
  const kinds = page.getByRole('radiogroup', { name: 'Kind' });
  await expect(kinds.getByText(/^Glossary term \(\d+\)$/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Knowledge entries' })).toBeVisible();
  await checkAtBothWidths(page, testInfo, 'ai-sifu-knowledge');

  // Add a term: the form's messages first, then the entry with its course and a related term.
  await page.getByRole('button', { name: 'Add Entry' }).click();
  const form = page.getByRole('dialog', { name: 'Add Entry' });
  await form.getByRole('button', { name: 'Save Entry' }).click();
  await expect(form.getByText('Title is required')).toBeVisible();
  await expect(form.getByText('Body is required')).toBeVisible();
  await textbox(form, 'Title').fill(title);
  await textbox(form, 'Body').fill(
    'A posture of Yang-style taijiquan: one hand rises to guard the head while the other presses down beside the hip.',
  );
  await textbox(form, 'Hanzi').fill('白鹤亮翅');
  await textbox(form, 'Pinyin').fill('bái hè liàng chì');
  await textbox(form, 'Source').fill('School glossary');
  await form.getByRole('combobox', { name: 'Related entries' }).fill('zhan zhuang');
  await page.getByRole('option', { name: /^Zhan Zhuang \(standing post\)/ }).click();
  await form.getByRole('combobox', { name: 'Linked courses' }).click();
  await page.getByRole('option', { name: FREE_COURSE }).click();
  await page.keyboard.press('Escape');
  await expect(form).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('ai-sifu-knowledge-form-1280.png') });
  await form.getByRole('button', { name: 'Save Entry' }).click();
  await expect(page.getByText('Knowledge entry created')).toBeVisible();
  await expect(form).toBeHidden();

  // Found by its pinyin typed without tones.
  await page.getByRole('textbox', { name: 'Search knowledge' }).fill('bai he liang chi');
  const table = page.getByRole('table', { name: 'Knowledge entries' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText(title)).toBeVisible();
  await expect(table.getByText('白鹤亮翅 · bái hè liàng chì')).toBeVisible();
  await page.setViewportSize(PHONE);
  await expectNoSidewaysOverflow(page);
  await page.screenshot({ path: testInfo.outputPath('ai-sifu-knowledge-found-375.png'), fullPage: true });
  await page.setViewportSize(DESKTOP);

  // Delete, confirmed.
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Entry' });
  await expect(confirm).toContainText('This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Knowledge entry deleted')).toBeVisible();
  await expect(page.getByText('No entries found')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search knowledge' }).fill('');

  // Export saves the base as JSON; importing an entry by a new key adds it, and again updates it.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^kwoon-knowledge-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readDownload(file)) as KnowledgeExportResponse;
  expect(exported.version).toBe(1);
  expect(
    exported.entries.some((entry) => entry.key === 'term-zhan-zhuang' || entry.title.startsWith('Zhan')),
  ).toBe(true);
  const imported = {
    version: 1,
    entries: [
      {
        key: `term-e2e-${suffix}`,
        kind: 'term',
        title: `Single Whip ${suffix}`,
        body: 'A posture of taijiquan: the hook hand behind, the open palm pressing forward.',
        hanzi: '单鞭',
        pinyin: 'dān biān',
      },
    ],
  };
  const picker = page.getByLabel('Knowledge file to import');
  const upload = (name: string) =>
    picker.setInputFiles({
      name,
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(imported)),
    });
  await upload('knowledge.json');
  await expect(page.getByText('Import finished: 1 created, 0 updated')).toBeVisible();
  await upload('knowledge-again.json');
  await expect(page.getByText('Import finished: 0 created, 1 updated')).toBeVisible();
  await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not json') });
  await expect(page.getByText(/^This file is not a knowledge export/)).toBeVisible();
});

async function readDownload(file: { createReadStream: () => Promise<NodeJS.ReadableStream> }) {
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
