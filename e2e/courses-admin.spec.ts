import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, textbox, uniqueSuffix } from './fixtures';
import { solidPng } from './images';
import { bearer, enrolFree, findCourseByTitle, FREE_COURSE, readCourse } from './school';

/** The module cards of the content manager, in their on-screen order. */
function moduleCards(page: Page) {
  return page.getByRole('list', { name: 'Modules' }).getByTestId('module-card');
}

async function renameModule(page: Page, position: number, title: string) {
  await moduleCards(page).nth(position).getByRole('heading', { level: 2 }).dblclick();
  const input = page.getByRole('textbox', { name: 'Module title' });
  await input.fill(title);
  await input.press('Enter');
  await expect(moduleCards(page).nth(position).getByRole('heading', { level: 2, name: title })).toBeVisible();
}

test('the demo admin builds, describes and publishes a course, then follows a student through it', async ({
  page,
  api,
  signInAdmin,
  createStudent,
  signIn,
}) => {
  test.setTimeout(60_000);
  const admin = await signInAdmin();
  const title = `Circle Walking ${uniqueSuffix().slice(0, 6)}`;

  // 1. Create the course with the form (free); a new course starts unpublished.
  await page.goto('/app/admin');
  await page.getByRole('button', { name: 'Add Course' }).click();
  const form = page.getByRole('form', { name: 'Add course' });
  await textbox(form, 'Title').fill(title);
  await textbox(form, 'Description').fill('Baguazhang circle walking from the first step.');
  await textbox(form, 'Instructor').fill('Sifu Wang');
  await textbox(form, 'Prerequisites').fill('  Comfortable shoes  ');
  await textbox(form, 'Prerequisites').press('Enter');
  await expect(form.getByRole('list', { name: 'Prerequisites' })).toContainText('Comfortable shoes');
  await form.locator('input[type="file"]').setInputFiles({
    name: 'thumbnail.png',
    mimeType: 'image/png',
    buffer: solidPng(64),
  });
  await expect(textbox(form, 'Thumbnail URL')).toHaveValue(/^\/media\/course-thumbnails\//);
  await expect(form.getByRole('switch', { name: 'Published' })).toHaveCount(0);
  await expect(form.getByText('Starts unpublished')).toBeVisible();
  await form.getByRole('button', { name: 'Create Course' }).click();
  await expect(form).toBeHidden();

  const card = page.getByRole('article', { name: title });
  await expect(card.getByText('Unpublished', { exact: true })).toBeVisible();
  await expect(card.getByText('No lessons yet')).toBeVisible();
  await expect(card.getByRole('link', { name: `Under Construction: ${title}` })).toBeVisible();
  await card.getByRole('link', { name: `Manage Content of ${title}` }).click();
  await expect(page).toHaveURL(/\/app\/admin\/courses\/[0-9a-f-]+\/content$/);
  const courseId = /courses\/([0-9a-f-]+)\/content/.exec(page.url())![1]!;
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // 2. Two modules (the server names them 'New Module'); rename the first inline.
  await page.getByRole('button', { name: 'Add Module' }).click();
  await expect(moduleCards(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Add Module' }).click();
  await expect(moduleCards(page)).toHaveCount(2);
  await renameModule(page, 0, 'Standing Practice');

  // 2b. Describe it inline, from the keyboard; the other module keeps no description.
  const standing = moduleCards(page).nth(0);
  await expect(standing.getByTestId('module-description')).toHaveText(
    'No description yet (students see none)',
  );
  await standing.getByRole('button', { name: 'Edit description of module Standing Practice' }).press('Enter');
  const description = page.getByRole('textbox', { name: 'Module description' });
  await expect(description).toBeFocused();
  await description.fill('Stand like a tree before you walk the circle.');
  await expectNoAxeViolations(page);
  await description.press('Enter');
  await expect(description).toBeHidden();
  await expect(standing.getByTestId('module-description')).toHaveText(
    'Stand like a tree before you walk the circle.',
  );

  // 3. Drag 'Standing Practice' below the other module with dnd-kit's keyboard sensor.
  const handle = page.getByRole('button', { name: 'Drag to reorder module Standing Practice' });
  await handle.focus();
  // Each step waits for dnd-kit's live announcement, so the next key meets a measured list.
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('Module is at position 2.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText('Module dropped at position 2.')).toBeAttached();
  await expect(moduleCards(page).nth(1)).toHaveAccessibleName('Module 2: Standing Practice');
  await expect(moduleCards(page).nth(0)).toHaveAccessibleName('Module 1: New Module');
  await expect
    .poll(async () => (await readCourse(api, admin.token, courseId)).modules.map((m) => m.title))
    .toEqual(['New Module', 'Standing Practice']);

  // 4. A quiz lesson with two questions in 'Standing Practice'.
  await page.getByRole('button', { name: 'Add Lesson to Standing Practice' }).click();
  await page.getByRole('menuitem', { name: 'Quiz lesson' }).click();
  const editor = page.getByRole('form', { name: 'Edit lesson' });
  await textbox(editor, 'Lesson title').fill('Stance Check');
  // A new quiz starts with one question to fill in: a quiz is never saved without questions.
  await textbox(editor, 'Question 1 text').fill('Where does the weight rest in Santi?');
  await textbox(editor, 'Question 1 option 1').fill('Mostly on the front leg');
  await textbox(editor, 'Question 1 option 2').fill('Mostly on the back leg');
  await editor.getByRole('radio', { name: 'Question 1: option 2 is correct' }).check();
  await editor.getByRole('button', { name: 'Add Question' }).click();
  await textbox(editor, 'Question 2 text').fill('Which way do you walk the circle first?');
  await textbox(editor, 'Question 2 option 1').fill('Either way');
  await textbox(editor, 'Question 2 option 2').fill('Only clockwise');
  await editor.getByRole('button', { name: 'Save Lesson' }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByRole('list', { name: 'Lessons of Standing Practice' })).toContainText(
    'Stance Check',
  );

  // 5. Publish it from the dashboard, after a confirmation of what that does.
  await page.getByRole('link', { name: 'Back to Courses' }).click();
  await expect(card.getByText('1 lesson', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: `Publish ${title}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Publish Course' });
  await expect(confirm).toContainText("It appears in the students' course catalogue at once");
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Course published successfully')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(card.getByText('Published', { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: `Enter: ${title}` })).toHaveAttribute(
    'href',
    `/app/course/${courseId}`,
  );

  // 6. A new student enrols (free) and completes the quiz through the API.
  const student = await createStudent();
  await enrolFree(api, student, courseId);
  const quiz = (await readCourse(api, student.token, courseId)).modules[1]!.lessons[0]!;
  const submitted = await api.post(`/api/lessons/${quiz.id}/submit-quiz`, {
    headers: bearer(student.token),
    data: { userId: student.user.id, responses: [] },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);

  // 7. The admin sees the student and the completed lesson.
  await page.reload();
  await card.getByRole('button', { name: `Show Students of ${title}` }).click();
  const students = card.getByRole('table', { name: `Students of ${title}` });
  const row = students.getByRole('row').filter({ hasText: student.user.name });
  await expect(row).toContainText('Completed');
  await row.getByRole('button', { name: `View Details for ${student.user.name}` }).click();
  const details = page.getByRole('dialog', { name: `${student.user.name} — ${title}` });
  const lessons = details.getByRole('table', { name: 'Lessons completed' });
  await expect(lessons).toContainText('Stance Check');
  await expect(lessons).toContainText('Standing Practice');
  await expect(lessons).toContainText('Quiz');
  await expect(lessons).toContainText('0%');

  // 8. The student reads the module's description, and no placeholder for the other module.
  await signIn(student);
  await page.goto(`/app/course/${courseId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Stand like a tree before you walk the circle.')).toBeVisible();
  await expect(page.getByText('Module 1: New Module')).toBeVisible();
  await expect(page.getByText('Add a description')).toHaveCount(0);
});

test('the admin dashboard, the course form and the content manager pass axe', async ({
  page,
  signInAdmin,
}) => {
  test.setTimeout(60_000);
  await signInAdmin();
  // Every axe rule here, best practices included, not only WCAG A and AA.
  const expectNoViolations = () => expectNoAxeViolations(page, { allRules: true });

  await page.goto('/app/admin');
  const seeded = page.getByRole('article', { name: /^Foundations of Zhan Zhuang/ });
  await seeded.getByRole('button', { name: /^Show Students of/ }).click();
  await expect(seeded.getByRole('table', { name: /^Students of/ })).toBeVisible();
  await expect(page.getByRole('article', { name: /^Review by/ }).first()).toBeVisible();
  await expectNoViolations();

  // A seeded student who has completed lessons (other journeys enrol new students who have none).
  await seeded.getByRole('button', { name: 'View Details for Daniel Okafor' }).click();
  await expect(page.getByRole('table', { name: 'Lessons completed' })).toBeVisible();
  await expectNoViolations();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Add Course' }).click();
  await expect(page.getByRole('form', { name: 'Add course' })).toBeVisible();
  await expectNoViolations();
  await page.keyboard.press('Escape');

  await seeded.getByRole('link', { name: /^Manage Content of/ }).click();
  await page.getByRole('button', { name: /^Edit lesson Foundations Check/ }).click();
  await expect(page.getByRole('form', { name: 'Edit lesson' })).toBeVisible();
  await expectNoViolations();
});

/** Every console error of the page, with the address Chromium names for a failed request. */
function collectConsoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(`${message.text()} ${message.location().url}`.trim());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('the course page opens after Manage Content, by its Enter link and from the sidebar', async ({
  page,
  api,
  signInAdmin,
}) => {
  const admin = await signInAdmin();
  const course = await findCourseByTitle(api, admin.token, FREE_COURSE);
  const errors = collectConsoleErrors(page);
  const coursePage = page.getByRole('heading', { level: 1, name: FREE_COURSE });

  await page.goto('/app/admin');
  const card = page.getByRole('article', { name: FREE_COURSE });
  await card.getByRole('link', { name: `Manage Content of ${FREE_COURSE}` }).click();
  await expect(page.getByRole('list', { name: 'Modules' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Courses' }).click();
  await card.getByRole('link', { name: `Enter: ${FREE_COURSE}` }).click();
  await expect(page).toHaveURL(new RegExp(`/app/course/${course.id}$`));
  await expect(coursePage).toBeVisible();
  await expect(page.getByText('Admin Preview Mode')).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);

  // Back to the content manager, then to the course through the sidebar's course list.
  await page.goBack();
  await page.goBack();
  await expect(page.getByRole('list', { name: 'Modules' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'App navigation' })
    .getByRole('link', { name: 'Courses', exact: true })
    .click();
  await page.getByRole('article', { name: FREE_COURSE }).getByRole('link', { name: FREE_COURSE }).click();
  await expect(coursePage).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a student with no review and no plan opens a course page and Settings without a console error', async ({
  page,
  createStudent,
  enrol,
  signIn,
}) => {
  const student = await createStudent();
  const course = await enrol(student, FREE_COURSE);
  const errors = collectConsoleErrors(page);
  await signIn(student);

  await page.goto(`/app/course/${course.id}`);
  await expect(page.getByRole('button', { name: 'Write a Review' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Student Reviews' })).toBeVisible();
  expect(errors).toEqual([]);

  await page.goto('/app/settings');
  const history = page.getByRole('region', { name: 'Order History' });
  await expect(history.getByText(/no orders/i)).toBeVisible();
  await expect(history.getByRole('alert')).toHaveCount(0);
  expect(errors).toEqual([]);
});
