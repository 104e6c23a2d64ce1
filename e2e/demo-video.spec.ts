import type { LessonProgressResponse } from '../common/progress';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { bearer, PAID_COURSE, readCourseByTitle } from './school';

test('a demo student plays a demo video lesson offline, seeks in it and completes it', async ({
  page,
  api,
  mei,
  signIn,
}) => {
  // Mei, a demo student, bought the paid course and has finished its first lesson only.
  const course = await readCourseByTitle(api, mei.token, PAID_COURSE);
  const progressUrl = `/api/user/${mei.user.id}/course/${course.id}/lessons/progress?limit=100`;
  const completedIds = async () => {
    const response = await api.get(progressUrl, { headers: bearer(mei.token) });
    expect(response.status()).toBe(200);
    return ((await response.json()) as LessonProgressResponse).lessons.map((l) => l.lesson_id);
  };
  // The first video lesson she has not finished (a retry finds the next one).
  const done = await completedIds();
  const lesson = course.modules
    .flatMap((m) => m.lessons)
    .find((l) => l.lesson_type === 'video' && !done.includes(l.id))!;
  expect(lesson, 'a video lesson Mei has not completed').toBeTruthy();

  await signIn(mei);
  await page.goto(`/app/course/${course.id}?lesson=${lesson.id}`);
  const viewer = page.getByRole('dialog', { name: lesson.title });
  const video = viewer.locator('video');
  // The first page of the app can take a while on a busy machine.
  await expect(viewer).toBeVisible({ timeout: 15_000 });
  await expect(video).toHaveAttribute(
    'src',
    /^\/media\/lesson-videos\/[^?]+\.mp4\?expires=\d+&signature=[\w-]+$/,
  );

  // The file loads from our own server: its metadata is read and it has a length.
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
  expect(duration).toBeGreaterThan(3);
  expect(duration).toBeLessThan(10);
  await expectNoAxeViolations(page);

  // Seeking: the server answers range requests, so the browser can jump and stay there.
  const seeked = await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<{ time: number; seekableEnd: number }>((resolve) => {
        v.addEventListener('seeked', () => resolve({ time: v.currentTime, seekableEnd: v.seekable.end(0) }), {
          once: true,
        });
        v.currentTime = 3;
      }),
  );
  expect(seeked.time).toBeCloseTo(3, 1);
  expect(seeked.seekableEnd).toBeCloseTo(duration, 1);
  await page.waitForTimeout(300);
  expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(3, 1);

  // It plays on from there (no audio track, so no autoplay policy stands in the way).
  await video.evaluate((v: HTMLVideoElement) => v.play());
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(3.2);

  await viewer.getByRole('button', { name: 'Mark as Complete' }).click();
  await expect(page.getByText('Lesson completed successfully!')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Completed' })).toBeDisabled();
  expect(await completedIds()).toContain(lesson.id);
});
