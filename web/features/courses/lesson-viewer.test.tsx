import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CourseDetail, Lesson } from '../../../common/courses';
import { courseQueries } from './queries';
import { stubFetch, testQueryClient, TestProviders } from '../../test/render';
import { useCourse } from './api';
import { LessonViewer } from './lesson-viewer';
import classes from './lesson-viewer.module.css';
import { makeCourseDetail } from '../../test/courses';

const course = makeCourseDetail();
const [video, quiz] = course.modules[0]!.lessons as [Lesson, Lesson];
const article: Lesson = {
  ...video,
  id: '33333333-3333-4333-8333-333333333339',
  title: 'The Structure of Wuji',
  lesson_type: 'article',
  content_url: null,
  content_text: 'Feet shoulder-width apart.',
};
const upload: Lesson = {
  ...video,
  id: '33333333-3333-4333-8333-33333333333a',
  title: 'Standing, Filmed',
  content_url: '/media/lesson-videos/2f1c.mp4',
};
const LESSONS = [video, article, quiz, upload];

function renderViewer(lessonId: string) {
  stubFetch({
    // The quiz looks for the student's previous attempt: there is none.
    [`GET /api/lessons/${quiz.id}/quiz-attempts`]: () => ({ body: { attempts: [], total: 0 } }),
  });
  render(
    <TestProviders>
      <LessonViewer
        courseId={course.id}
        userId="0b7a6f1e-8d7c-4c36-9a57-1f0f3c1b2a11"
        isAdmin={false}
        lessons={LESSONS}
        lessonId={lessonId}
        completed={new Set()}
        onNavigate={vi.fn()}
        onClose={vi.fn()}
        onCompletedChange={vi.fn()}
      />
    </TestProviders>,
  );
}

describe('LessonViewer on a phone', () => {
  it('keeps the names of Previous and Next on the buttons, whose words a phone hides', () => {
    renderViewer(article.id);
    for (const name of ['Previous', 'Next']) {
      const button = screen.getByRole('button', { name });
      const words = button.querySelector(`.${classes.stepLabel}`);
      expect(words?.textContent).toBe(name);
    }
    expect(screen.getByRole('button', { name: 'Mark as Complete' })).toBeTruthy();
  });

  it("lets the quiz's disabled button wrap its whole label rather than cut it", () => {
    renderViewer(quiz.id);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Complete Quiz to Mark as Done' });
    expect(button.disabled).toBe(true);
    expect(button.classList.contains(classes.wrapping!)).toBe(true);
  });
});

describe('LessonViewer with an uploaded video', () => {
  it('plays it in a named player that claims no captions it does not have', () => {
    renderViewer(upload.id);
    const player = screen
      .getAllByLabelText('Standing, Filmed')
      .find((element) => element.tagName === 'VIDEO')!;
    expect(player.getAttribute('src')).toBe('/media/lesson-videos/2f1c.mp4');
    expect(player.querySelector('track')).toBeNull();
  });
});

describe('LessonViewer when a video link expires', () => {
  const link = (expires: number) =>
    `/media/lesson-videos/2f1c.mp4?expires=${expires}&signature=sig${expires}`;
  /** The course as the server answers its nth read: a newer link each time, until the third. */
  const courseRead = (n: number): CourseDetail => ({
    ...course,
    modules: [{ ...course.modules[0]!, lessons: [{ ...upload, content_url: link(Math.min(n, 3)) }] }],
  });

  /** The viewer as the course page shows it: its lessons are the course as last read. */
  function Page() {
    const { data } = useCourse(course.id);
    if (!data) return null;
    return (
      <LessonViewer
        courseId={course.id}
        userId="0b7a6f1e-8d7c-4c36-9a57-1f0f3c1b2a11"
        isAdmin={false}
        lessons={data.modules.flatMap((m) => m.lessons)}
        lessonId={upload.id}
        completed={new Set()}
        onNavigate={vi.fn()}
        onClose={vi.fn()}
        onCompletedChange={vi.fn()}
      />
    );
  }

  it('reads the lesson again and resumes where the student was, playing', async () => {
    let reads = 0;
    const { calls } = stubFetch({
      [`GET /api/courses/${course.id}`]: () => ({ body: { course: courseRead(++reads) } }),
    });
    const queryClient = testQueryClient();
    render(
      <TestProviders queryClient={queryClient}>
        <Page />
      </TestProviders>,
    );
    const player = (await screen.findAllByLabelText('Standing, Filmed')).find(
      (element) => element.tagName === 'VIDEO',
    ) as HTMLVideoElement;
    expect(player.getAttribute('src')).toBe(link(1));
    await player.play();
    player.currentTime = 754.5;

    // The page read again for another reason: the link playing is kept, nothing is interrupted.
    await queryClient.refetchQueries({ queryKey: courseQueries.detail(course.id).queryKey });
    expect(reads).toBe(2);
    expect(player.getAttribute('src')).toBe(link(1));

    // The link expires mid-lesson: the player fails, the course is read again, the newest link plays.
    fireEvent.error(player);
    await waitFor(() => expect(player.getAttribute('src')).toBe(link(3)));
    expect(calls.filter((call) => call.path === `/api/courses/${course.id}`)).toHaveLength(3);
    // A new source starts paused at its beginning; once it knows its length it goes back to the same moment.
    player.pause();
    player.currentTime = 0;
    fireEvent.loadedMetadata(player);
    expect(player.currentTime).toBe(754.5);
    expect(player.paused).toBe(false);

    // The new link fails too, and the course has no newer one: the player's error is left, no loop.
    fireEvent.error(player);
    await waitFor(() => expect(reads).toBe(4));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    fireEvent.error(player);
    expect(reads).toBe(4);
    expect(player.getAttribute('src')).toBe(link(3));
  });
});
