import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, expectNoAxeViolations, expectNoSidewaysOverflow, test } from './fixtures';
import { FREE_COURSE, readCourse } from './school';

/**
 * AI Sifu, as a student uses it: a question on the course page answered with its sources, a note
 * kept on the answer and found again in Sifu's Notes, and this month's limit for the course
 * (AI_SIFU_COURSE_MONTHLY_LIMIT, 3 in playwright.config.ts) reached. A new student for each width,
 * so each run starts with the whole allowance.
 */

const MONTHLY_LIMIT = 3;
/*
 * Each width asks its own questions: a question asked before in the course is answered from the
 * cache and not counted, so a repeat would never reach the limit.
 */
const WIDTHS = [
  {
    viewport: { width: 375, height: 812 },
    first: 'what is zhan zhuang',
    more: ['how should I breathe while standing', 'where should my knees point', 'how long should I stand'],
  },
  {
    viewport: { width: 1280, height: 900 },
    first: 'what does zhan zhuang mean',
    more: ['what do I do with my hands', 'should my eyes be open or closed', 'where is the dantian'],
  },
] as const;

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-${page.viewportSize()!.width}.png`) });
}

/** Asks a question in the open panel and waits until AI Sifu has answered it (or refused). */
async function ask(panel: Locator, question: string) {
  const box = panel.getByRole('textbox', { name: 'Your question' });
  await box.fill(question);
  await box.press('Enter');
  await expect(panel.getByText(question, { exact: true })).toBeVisible();
  await expect(box).toBeEnabled({ timeout: 15_000 });
}

async function openSifu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Ask AI Sifu' }).click();
  const panel = page.getByRole('dialog', { name: 'AI Sifu' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Your question' })).toBeFocused();
  return panel;
}

for (const { viewport, first, more } of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("a student asks AI Sifu, keeps a note, finds it in Sifu's Notes and reaches the monthly limit", async ({
      page,
      signInNewStudent,
      enrol,
    }, testInfo) => {
      test.setTimeout(90_000);
      const course = await enrol(await signInNewStudent(), FREE_COURSE);

      await page.goto(`/app/course/${course.id}`);
      await expect(page.getByRole('heading', { level: 1, name: FREE_COURSE })).toBeVisible();
      const panel = await openSifu(page);
      await expect(
        panel.getByText(`This course: 0/${MONTHLY_LIMIT} questions used this month.`),
      ).toBeVisible();
      // 580 px high on a desktop; on a phone a sheet the width of the screen, inside it.
      const box = (await panel.boundingBox())!;
      if (viewport.width < 600) {
        expect(box.width).toBe(viewport.width);
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 0.5);
      } else {
        expect(box.height).toBe(580);
      }
      await expectNoSidewaysOverflow(page);
      await expectNoAxeViolations(page);

      // Asked in pinyin without tones, answered from the school's glossary.
      await ask(panel, first);
      const log = panel.getByRole('log', { name: 'Conversation with AI Sifu' });
      const terms = log.getByRole('list', { name: 'Glossary terms' });
      await expect(terms.getByRole('button', { name: /zhan zhuang/i }).first()).toBeVisible();
      await expect(panel.getByText(`1/${MONTHLY_LIMIT} this month`)).toBeVisible();
      await shoot(page, testInfo, 'ai-sifu-answer');
      await expectNoAxeViolations(page);

      // A source chip opens its entry.
      await terms
        .getByRole('button', { name: /zhan zhuang/i })
        .first()
        .click();
      const entry = page.getByRole('dialog', { name: /zhan zhuang/i });
      await expect(entry.getByText('Glossary term')).toBeVisible();
      await expect(entry.getByText('站桩', { exact: true })).toBeVisible();
      await expect(entry.getByText('zhàn zhuāng', { exact: true })).toBeVisible();
      await shoot(page, testInfo, 'ai-sifu-source');
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(entry).toBeHidden();

      // A note on the answer, found again in Sifu's Notes.
      await log.getByRole('button', { name: 'Save note' }).click();
      await panel.getByRole('textbox', { name: 'Your note' }).fill('Stand ten minutes every morning');
      await panel.getByRole('button', { name: 'Save note' }).click();
      await expect(panel.getByText('Note saved.')).toBeVisible();
      await panel.getByRole('link', { name: "Open Sifu's Notes" }).click();
      await expect(page.getByRole('heading', { level: 1, name: "Sifu's Notes" })).toBeVisible();
      const conversation = page.getByRole('article', { name: first });
      await expect(conversation.getByText('Stand ten minutes every morning')).toBeVisible();
      await expect(conversation.getByRole('list', { name: 'Glossary terms' })).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search your conversations' }).fill('zhan');
      await expect(page.getByRole('article')).toHaveCount(1);
      await expect(conversation).toBeVisible();
      await expectNoSidewaysOverflow(page);
      await shoot(page, testInfo, 'sifu-notes');
      await expectNoAxeViolations(page);

      // The rest of this month's questions for the course, then the limit.
      await page.goto(`/app/course/${course.id}`);
      const again = await openSifu(page);
      for (const question of more) await ask(again, question);
      const refusal = again.getByRole('log').getByRole('alert');
      await expect(refusal).toBeVisible();
      await expect(refusal).toContainText('Error');
      await expect(refusal).not.toContainText('Something went wrong');
      await shoot(page, testInfo, 'ai-sifu-limit');
      await expectNoAxeViolations(page);
    });
  });
}

test.describe('from a lesson, at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a student reading a lesson asks AI Sifu about it', async ({
    page,
    api,
    signInNewStudent,
    enrol,
  }, testInfo) => {
    const student = await signInNewStudent();
    const course = await readCourse(api, student.token, (await enrol(student, FREE_COURSE)).id);
    const article = course.modules.flatMap((m) => m.lessons).find((l) => l.lesson_type === 'article')!;

    await page.goto(`/app/course/${course.id}?lesson=${article.id}`);
    const viewer = page.getByRole('dialog', { name: article.title });
    await viewer.getByRole('button', { name: 'Ask AI Sifu about this lesson' }).click();
    await expect(viewer).toBeHidden();
    const panel = page.getByRole('dialog', { name: 'AI Sifu' });
    const box = panel.getByRole('textbox', { name: 'Your question' });
    await expect(box).toBeFocused();
    await expect(box).toHaveValue(`About “${article.title}”: `);
    await page.keyboard.type('what should I check first?');
    await page.keyboard.press('Enter');
    await expect(panel.getByText(`About “${article.title}”: what should I check first?`)).toBeVisible();
    await expect(box).toBeEnabled({ timeout: 15_000 });
    await expect(panel.getByText(`1/${MONTHLY_LIMIT} this month`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/app/course/${course.id}$`));
    await shoot(page, testInfo, 'ai-sifu-from-lesson');
    await expectNoAxeViolations(page);
  });
});
