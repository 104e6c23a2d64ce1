import type { APIRequestContext } from '@playwright/test';
import type { CourseDetail, CourseResponse } from '../common/courses';
import {
  authenticateDemoAdmin,
  bearer,
  expect,
  expectNoAxeViolations,
  findCourseByTitle,
  test,
} from './fixtures';

const COURSE_TITLE = 'Foundations of Zhan Zhuang: Standing Meditation';

interface SeededQuestion {
  id: string;
  text: string;
  options: string[];
  correctAnswer: number;
}

/** The seeded free course as the demo admin sees it: every lesson, and the quiz with its answers. */
async function readSeededCourse(api: APIRequestContext): Promise<CourseDetail> {
  const admin = await authenticateDemoAdmin(api);
  const summary = await findCourseByTitle(api, admin.token, COURSE_TITLE);
  const detail = await api.get(`/api/courses/${summary.id}`, { headers: bearer(admin.token) });
  expect(detail.status()).toBe(200);
  return ((await detail.json()) as CourseResponse).course;
}

test('the course list, course page and lesson viewer pass axe', async ({
  page,
  api,
  createStudent,
  signIn,
}) => {
  const course = await readSeededCourse(api);
  const account = await createStudent();
  const enrolled = await api.post(`/api/user/${account.user.id}/enroll/${course.id}`, {
    headers: bearer(account.token),
    data: {},
  });
  expect(enrolled.status()).toBe(201);
  await signIn(account);
  await page.goto('/app/courses');
  await expect(page.getByRole('article', { name: COURSE_TITLE })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto(`/app/course/${course.id}`);
  await expect(page.getByRole('heading', { name: 'Student Reviews' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Write a Review' })).toBeVisible();
  await expectNoAxeViolations(page);
  const article = course.modules.flatMap((m) => m.lessons).find((l) => l.lesson_type === 'article')!;
  await page.goto(`/app/course/${course.id}?lesson=${article.id}`);
  await expect(page.getByRole('dialog', { name: article.title })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a new student enrols, completes a video, an article and the quiz, then reviews the course', async ({
  page,
  api,
  createStudent,
  signIn,
}) => {
  test.setTimeout(60_000);
  const course = await readSeededCourse(api);
  const lessons = course.modules.flatMap((m) => m.lessons);
  const video = lessons.find((l) => l.lesson_type === 'video')!;
  const article = lessons.find((l) => l.lesson_type === 'article')!;
  const quiz = lessons.find((l) => l.lesson_type === 'quiz')!;
  const questions = JSON.parse(quiz.content_text) as SeededQuestion[];
  expect(questions.length).toBeGreaterThan(0);
  const percentAfter = (done: number) => Math.round((done / lessons.length) * 100);
  const progressAfter = (done: number) => `Your progress: ${percentAfter(done)}%`;

  const account = await createStudent();
  await signIn(account);

  // Enrol from the list: a free course enrols at once and opens the course page.
  await page.goto('/app/courses');
  await expect(page.getByRole('heading', { name: 'Available Courses', level: 1 })).toBeVisible();
  const card = page.getByRole('article', { name: COURSE_TITLE });
  await card.getByRole('button', { name: 'Enroll for Free' }).click();
  await expect(page.getByText('Successfully enrolled in the course!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/app/course/${course.id}$`));
  await expect(page.getByRole('heading', { name: COURSE_TITLE, level: 1 })).toBeVisible();
  await expect(page.getByText('Your progress: 0%')).toBeVisible();

  // A video lesson: the YouTube page becomes a privacy-enhanced embed.
  await page.getByRole('button', { name: `Open lesson: ${video.title}` }).click();
  const viewer = page.getByRole('dialog', { name: video.title });
  await expect(viewer.locator('iframe')).toHaveAttribute(
    'src',
    /^https:\/\/www\.youtube-nocookie\.com\/embed\//,
  );
  await viewer.getByRole('button', { name: 'Mark as Complete' }).click();
  await expect(page.getByText('Lesson completed successfully!')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Completed' })).toBeDisabled();
  await viewer.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByText(progressAfter(1))).toBeVisible();

  // An article lesson, opened through the ?lesson= link.
  await page.goto(`/app/course/${course.id}?lesson=${article.id}`);
  const articleViewer = page.getByRole('dialog', { name: article.title });
  await expect(articleViewer.getByText(article.content_text.split('\n\n')[0]!)).toBeVisible();
  await articleViewer.getByRole('button', { name: 'Mark as Complete' }).click();
  await expect(page.getByText('Lesson completed successfully!').first()).toBeVisible();
  await expect(articleViewer.getByRole('button', { name: 'Completed' })).toBeDisabled();

  // The quiz: its own button cannot complete it; submitting the right answers does.
  await page.goto(`/app/course/${course.id}?lesson=${quiz.id}`);
  const quizViewer = page.getByRole('dialog', { name: quiz.title });
  await expect(quizViewer.getByRole('button', { name: 'Complete Quiz to Mark as Done' })).toBeDisabled();
  for (const [index, question] of questions.entries()) {
    const group = quizViewer.getByRole('radiogroup', { name: `${index + 1}. ${question.text}` });
    await group.getByRole('radio', { name: question.options[question.correctAnswer]!, exact: true }).check();
  }
  await quizViewer.getByRole('button', { name: 'Submit Quiz' }).click();
  const confirm = page.getByRole('dialog', { name: 'Submit quiz?' });
  await expect(
    confirm.getByText(
      "Are you sure you want to submit your quiz? You won't be able to change your answers after submission.",
    ),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText('Quiz completed with 100%!')).toBeVisible();
  await expect(quizViewer.getByLabel('Your score')).toHaveText('100%');
  await quizViewer.getByRole('button', { name: 'Review Answers' }).click();
  await expect(
    quizViewer.getByText(`Correct answer: ${questions[0]!.options[questions[0]!.correctAnswer]}`),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(quizViewer).toBeHidden();
  await expect(page.getByText(progressAfter(3))).toBeVisible();
  await expect(page.getByRole('progressbar', { name: progressAfter(3) })).toHaveAttribute(
    'aria-valuenow',
    String(percentAfter(3)),
  );

  // Opened again, the quiz loads the previous attempt and shows it as completed.
  await page.getByRole('button', { name: `Open lesson: ${quiz.title} (completed)` }).click();
  await expect(page.getByRole('dialog', { name: quiz.title }).getByLabel('Your score')).toHaveText('100%');
  await page.keyboard.press('Escape');

  // A review: the rating is required, then the review appears in the list.
  const reviewText = `Standing every morning now. ${account.user.username}`;
  await page.getByRole('button', { name: 'Write a Review' }).click();
  const reviewDialog = page.getByRole('dialog', { name: 'Rate This Course' });
  await expect(reviewDialog.getByRole('button', { name: 'Submit Review' })).toBeDisabled();
  await expect(reviewDialog.getByText('Please select a rating')).toBeVisible();
  // Mantine hides the star radios visually; the star itself is the radio's label.
  const fiveStars = reviewDialog.getByRole('radio', { name: '5 stars' });
  await reviewDialog.locator(`label[for="${await fiveStars.getAttribute('id')}"]`).click();
  await expect(fiveStars).toBeChecked();
  await reviewDialog.getByLabel('Your review (optional)').fill(reviewText);
  await expect(reviewDialog.getByText(`${reviewText.length}/2000`)).toBeVisible();
  await reviewDialog.getByRole('button', { name: 'Submit Review' }).click();
  await expect(reviewDialog).toBeHidden();
  const list = page.getByRole('list', { name: 'Reviews' });
  await expect(list.getByRole('listitem').filter({ hasText: reviewText })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Your Review' })).toBeVisible();
});

test('a student requests a course from the courses list', async ({ page, api, createStudent, signIn }) => {
  const account = await createStudent();
  await signIn(account);
  await page.goto('/app/courses');
  await page.getByRole('button', { name: 'Request a Course' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a Course' });
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(dialog.getByText('Subject is required')).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Subject' }).fill('Chen-style Taijiquan Laojia Erlu');
  await dialog.getByRole('textbox', { name: 'Your experience' }).fill('Two years of Yang style.');
  await dialog.getByRole('textbox', { name: 'Why this course?' }).fill('To learn the fast form.');
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByText('Thank you! Your course request has been sent.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const mine = await api.get(`/api/users/${account.user.id}/course-requests`, {
    headers: bearer(account.token),
  });
  expect(mine.status()).toBe(200);
  expect((await mine.json()).requests).toEqual([
    expect.objectContaining({ subject: 'Chen-style Taijiquan Laojia Erlu', status: 'pending' }),
  ]);
});
