import type { Locator, Page } from '@playwright/test';
import type { Lesson } from '../common/courses';
import type { LessonProgressResponse } from '../common/progress';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { bearer, enrolFree, FREE_COURSE, readCourse, readCourseByTitle } from './school';

/** The seeded quiz of the free course, with a pass mark. */
const QUIZ_TITLE = 'Foundations Check';

interface SeededQuestion {
  text: string;
  options: string[];
  correctAnswer: number;
}

/** Answers the quiz with the first `right` questions correct and the rest wrong, and submits it. */
async function takeQuiz(page: Page, viewer: Locator, questions: SeededQuestion[], right: number) {
  for (const [index, question] of questions.entries()) {
    const answer =
      index < right ? question.correctAnswer : (question.correctAnswer + 1) % question.options.length;
    const group = viewer.getByRole('radiogroup', { name: `${index + 1}. ${question.text}` });
    await group.getByRole('radio', { name: question.options[answer]!, exact: true }).check();
  }
  await viewer.getByRole('button', { name: 'Submit Quiz' }).click();
  await page
    .getByRole('dialog', { name: 'Submit quiz?' })
    .getByRole('button', { name: 'Submit', exact: true })
    .click();
}

/** Looks at the screen at a phone's width and at a laptop's (showing `focus`), with axe at each. */
async function checkAtBothWidths(page: Page, name: string, focus?: Locator) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await focus?.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
}

test('a student fails the quiz below its pass mark, tries again and passes; the admin sees the results', async ({
  page,
  api,
  admin,
  signIn,
  signInNewStudent,
}) => {
  test.setTimeout(90_000);
  const course = await readCourseByTitle(api, admin.token, FREE_COURSE);
  const quiz = course.modules.flatMap((m) => m.lessons).find((l: Lesson) => l.title === QUIZ_TITLE)!;
  expect(quiz.pass_mark).toBe(70);
  const questions = JSON.parse(quiz.content_text) as SeededQuestion[];
  expect(questions).toHaveLength(5);

  const student = await signInNewStudent();
  await enrolFree(api, student, course.id);

  // 1. Two of five right: 40%, below the pass mark of 70%.
  await page.goto(`/app/course/${course.id}?lesson=${quiz.id}`);
  const viewer = page.getByRole('dialog', { name: QUIZ_TITLE });
  await takeQuiz(page, viewer, questions, 2);
  await expect(viewer.getByRole('heading', { name: 'Not Passed Yet' })).toBeVisible();
  await expect(viewer.getByLabel('Your score')).toHaveText('40%');
  await expect(viewer.getByText('Pass mark: 70%')).toBeVisible();
  await expect(viewer.getByText('Score at least 70% to complete this lesson.')).toBeVisible();
  await expect(
    page.getByText('You scored 40%. The pass mark is 70%: try again to complete this lesson.'),
  ).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Try Again' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Complete Quiz to Mark as Done' })).toBeDisabled();
  await checkAtBothWidths(page, 'quiz-not-passed');

  // The lesson is not complete, on the page or on the server.
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(page.getByRole('button', { name: `Open lesson: ${QUIZ_TITLE}`, exact: true })).toBeVisible();
  const progress = await api.get(`/api/user/${student.user.id}/course/${course.id}/lessons/progress`, {
    headers: bearer(student.token),
  });
  expect(((await progress.json()) as LessonProgressResponse).lessons).toEqual([]);

  // 2. Opened again, the failed attempt shows; Try Again, and all five right completes the lesson.
  await page.getByRole('button', { name: `Open lesson: ${QUIZ_TITLE}`, exact: true }).click();
  await expect(viewer.getByRole('heading', { name: 'Not Passed Yet' })).toBeVisible();
  await viewer.getByRole('button', { name: 'Try Again' }).click();
  await takeQuiz(page, viewer, questions, 5);
  await expect(viewer.getByRole('heading', { name: 'Quiz Completed' })).toBeVisible();
  await expect(viewer.getByLabel('Your score')).toHaveText('100%');
  await expect(viewer.getByText('Pass mark: 70% (passed)')).toBeVisible();
  await expect(page.getByText('Quiz completed with 100%!')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Completed' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: `Open lesson: ${QUIZ_TITLE} (completed)` })).toBeVisible();

  // 3. The admin opens the quiz in the content manager: its pass mark, checked, and the results.
  await signIn(admin);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/app/admin/courses/${course.id}/content`);
  await page.getByRole('button', { name: `Edit lesson ${QUIZ_TITLE}` }).click();
  const editor = page.getByRole('form', { name: 'Edit lesson' });
  const passMark = editor.getByRole('textbox', { name: 'Pass mark (%)' });
  await expect(passMark).toHaveValue('70');
  await passMark.fill('101');
  await editor.getByRole('button', { name: 'Save Lesson' }).click();
  await expect(editor.getByText('The pass mark must be a whole number from 1 to 100')).toBeVisible();
  await expect(passMark).toHaveAttribute('aria-invalid', 'true');
  await checkAtBothWidths(page, 'quiz-editor', passMark);
  await page.setViewportSize({ width: 1280, height: 800 });

  await editor.getByRole('button', { name: 'Student Results' }).click();
  const results = page.getByRole('dialog', { name: `Results: ${QUIZ_TITLE}` });
  await expect(results.getByText('Pass mark: 70%')).toBeVisible();
  const table = results.getByRole('table', { name: `Results of ${QUIZ_TITLE}` });
  const row = table.getByRole('row').filter({ hasText: student.user.name });
  await expect(row.getByRole('cell')).toHaveText([student.user.name, '2', '100%', 'Yes', /\d{4}/]);
  await checkAtBothWidths(page, 'quiz-results');

  // Closing the results leaves the editor as it was; cancelling it saves nothing.
  await page.setViewportSize({ width: 1280, height: 800 });
  await results.getByRole('button', { name: 'Close' }).click();
  await expect(results).toBeHidden();
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor).toBeHidden();
  const stored = (await readCourse(api, admin.token, course.id)).modules
    .flatMap((m) => m.lessons)
    .find((l) => l.id === quiz.id)!;
  expect(stored.pass_mark).toBe(70);
});
