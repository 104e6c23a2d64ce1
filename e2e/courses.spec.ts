import { expect, expectNoAxeViolations, test } from './fixtures';
import { bearer, enrolFree, FREE_COURSE, PAID_COURSE, readCourseByTitle } from './school';

interface SeededQuestion {
  id: string;
  text: string;
  options: string[];
  correctAnswer: number;
}

test('the course list, course page and lesson viewer pass axe', async ({
  page,
  api,
  admin,
  signInNewStudent,
}) => {
  const course = await readCourseByTitle(api, admin.token, FREE_COURSE);
  await enrolFree(api, await signInNewStudent(), course.id);
  await page.goto('/app/courses');
  await expect(page.getByRole('article', { name: FREE_COURSE })).toBeVisible();
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
  admin,
  signInNewStudent,
}) => {
  test.setTimeout(60_000);
  // As the demo admin sees it: every lesson, and the quiz with its answers.
  const course = await readCourseByTitle(api, admin.token, FREE_COURSE);
  const lessons = course.modules.flatMap((m) => m.lessons);
  const video = lessons.find((l) => l.lesson_type === 'video')!;
  const article = lessons.find((l) => l.lesson_type === 'article')!;
  const quiz = lessons.find((l) => l.lesson_type === 'quiz')!;
  const questions = JSON.parse(quiz.content_text) as SeededQuestion[];
  expect(questions.length).toBeGreaterThan(0);
  const percentAfter = (done: number) => Math.round((done / lessons.length) * 100);
  const progressAfter = (done: number) => `Your progress: ${percentAfter(done)}%`;

  const account = await signInNewStudent();

  // Enrol from the list: a free course enrols at once and opens the course page.
  await page.goto('/app/courses');
  await expect(page.getByRole('heading', { name: 'Available Courses', level: 1 })).toBeVisible();
  const card = page.getByRole('article', { name: FREE_COURSE });
  await card.getByRole('button', { name: 'Enroll for Free' }).click();
  await expect(page.getByText('Successfully enrolled in the course!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/app/course/${course.id}$`));
  await expect(page.getByRole('heading', { name: FREE_COURSE, level: 1 })).toBeVisible();
  await expect(page.getByText('Your progress: 0%')).toBeVisible();

  // A video lesson: the demo's own file plays from the media store (e2e/demo-video.spec.ts plays it).
  await page.getByRole('button', { name: `Open lesson: ${video.title}` }).click();
  const viewer = page.getByRole('dialog', { name: video.title });
  await expect(viewer.locator('video')).toHaveAttribute(
    'src',
    /^\/media\/lesson-videos\/[^?]+\.mp4\?expires=\d+&signature=[\w-]+$/,
  );
  await viewer.getByRole('button', { name: 'Mark as Complete' }).click();
  await expect(page.getByText('Lesson completed successfully!')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Completed' })).toBeDisabled();
  await viewer.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByText(progressAfter(1))).toBeVisible();

  // An article lesson, opened through the ?lesson= link.
  await page.goto(`/app/course/${course.id}?lesson=${article.id}`);
  const articleViewer = page.getByRole('dialog', { name: article.title });
  // The text as shown: glossary terms carry their explanations, which appear only on hover or focus.
  await expect(articleViewer).toContainText(article.content_text.split('\n\n')[0]!, { useInnerText: true });
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
  await expect(reviewDialog.getByText('Please select a rating')).toHaveCount(0);
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

test('a student requests a course from the courses list', async ({ page, api, signInNewStudent }) => {
  const account = await signInNewStudent();
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

test('a student opens a paid course from its card and reads the sales page, on a desktop and a phone', async ({
  page,
  api,
  signInNewStudent,
}) => {
  test.setTimeout(60_000);
  const account = await signInNewStudent();
  // The server sends a student who has not bought the course its outline, never the lessons.
  const outline = await readCourseByTitle(api, account.token, PAID_COURSE);
  const lessons = outline.modules.flatMap((m) => m.lessons);
  expect(outline.has_content_access).toBe(false);
  expect(lessons.length).toBeGreaterThan(0);
  expect(lessons.every((l) => l.content_url === null && l.content_text === '')).toBe(true);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/app/courses');
  const card = page.getByRole('article', { name: PAID_COURSE });

  // Enroll Now on the card asks to pay and stays on the list.
  await card.getByRole('button', { name: 'Enroll Now' }).click();
  const payDialog = page.getByRole('dialog', { name: `Enroll in ${PAID_COURSE}` });
  await expect(payDialog).toBeVisible();
  await expect(page).toHaveURL(/\/app\/courses$/);
  await payDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(payDialog).toBeHidden();

  // The title is a real link a keyboard reaches...
  const link = card.getByRole('link', { name: PAID_COURSE });
  await expect(link).toHaveAttribute('href', `/app/course/${outline.id}`);
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app/course/${outline.id}$`));
  // ...and a click anywhere on the card opens the course too.
  await page.goBack();
  // (Its picture, where no text is: the title link covers the card and takes the click.)
  await card.click({ position: { x: 40, y: 40 } });
  await expect(page).toHaveURL(new RegExp(`/app/course/${outline.id}$`));

  // The sales page: what the course teaches, its syllabus, the guarantee and Enroll Now.
  await expect(page.getByRole('heading', { name: PAID_COURSE, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What you will learn' })).toBeVisible();
  for (const [index, module] of outline.modules.entries())
    await expect(page.getByText(`Module ${index + 1}: ${module.title}`)).toBeVisible();
  await expect(page.getByText(lessons[0]!.title, { exact: true })).toBeVisible();
  await expect(page.getByText(/Lessons unlock when you enroll/)).toBeVisible();
  await expect(page.getByText('30-day money-back guarantee')).toBeVisible();
  await expect(page.getByText('$89.00')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enroll Now' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Student Reviews' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Open lesson/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // On a phone the price and Enroll Now come before the syllabus...
  await page.setViewportSize({ width: 375, height: 740 });
  await page.reload();
  const syllabus = page.getByRole('heading', { name: 'Course content' });
  const enroll = page.getByRole('button', { name: 'Enroll Now' }).first();
  await expect(syllabus).toBeVisible();
  expect((await enroll.boundingBox())!.y).toBeLessThan((await syllabus.boundingBox())!.y);
  const bar = page.getByRole('region', { name: 'Course actions' });
  await enroll.scrollIntoViewIfNeeded();
  await expect(bar).toHaveCount(0);
  await expectNoAxeViolations(page);

  // ...and once they have scrolled away, a bar at the bottom keeps the price and the action.
  await page.getByRole('heading', { name: 'Student Reviews' }).scrollIntoViewIfNeeded();
  await expect(bar).toBeVisible();
  await expect(bar.getByText('$89.00')).toBeVisible();
  const barBox = (await bar.boundingBox())!;
  expect(barBox.y + barBox.height).toBeCloseTo(740, 0);
  await expectNoAxeViolations(page);
  await bar.getByRole('button', { name: 'Enroll Now' }).click();
  await expect(payDialog).toBeVisible();
});
