import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Lesson } from '../../../common/courses';
import { stubFetch, TestProviders } from '../../test/render';
import { LessonViewer } from './lesson-viewer';
import classes from './lesson-viewer.module.css';
import { makeCourseDetail } from './test-data';

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
