import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { COURSE_NOT_FOUND, type CourseDetail } from '../../../common/courses';
import type { User } from '../../../common/users';
import { makeUser, renderRoutes, serverFailure, signInAs, stubFetch } from '../../test/render';
import { CourseDetailPage } from './course-detail-page';
import classes from './course-detail-page.module.css';
import { HEADER_IMAGE_SIZES } from './course-image';
import purchaseClasses from './course-purchase.module.css';
import { makeCourse, makeCourseDetail } from '../../test/courses';

const enrolledCourse = makeCourseDetail({
  enrollment: { progress: 0, start_date: '2024-03-01T00:00:00.000Z', completed_date: null },
});
const video = enrolledCourse.modules[0]!.lessons[0]!;
const quiz = enrolledCourse.modules[0]!.lessons[1]!;

const routes = [
  {
    path: '/app/course/:courseId',
    element: <CourseDetailPage renderReviews={({ canReview }) => <p>Reviews slot {String(canReview)}</p>} />,
  },
];

function serve(user: User, course: CourseDetail | null, extra: Parameters<typeof stubFetch>[0] = {}) {
  signInAs(user);
  return stubFetch({
    [`POST /api/verify/user/${user.id}`]: () => ({ body: { valid: true, user } }),
    [`GET /api/courses/${enrolledCourse.id}`]: () =>
      course
        ? { body: { course } }
        : { status: 404, body: { error: COURSE_NOT_FOUND, code: 'COURSE_NOT_FOUND' } },
    [`GET /api/user/${user.id}/course/${enrolledCourse.id}/lessons/progress`]: () => ({
      body: { lessons: [], total: 0 },
    }),
    [`GET /api/lessons/${quiz.id}/quiz-attempts`]: () => ({ body: { attempts: [], total: 0 } }),
    ...extra,
  });
}

const path = (query = '') => `/app/course/${enrolledCourse.id}${query}`;

/** The course as the API answers a student who has not enrolled: the outline, no lesson content. */
const forSale = makeCourseDetail({
  regular_price: 89,
  average_rating: 0,
  total_reviews: 0,
  has_content_access: false,
  modules: enrolledCourse.modules.map((module) => ({
    ...module,
    lessons: module.lessons.map((lesson) => ({ ...lesson, content_url: null, content_text: '' })),
  })),
});

/** An IntersectionObserver the test drives: `report(false)` scrolls the observed box out of view. */
function controlledIntersection() {
  const callbacks: IntersectionObserverCallback[] = [];
  class FakeObserver {
    constructor(callback: IntersectionObserverCallback) {
      callbacks.push(callback);
    }
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    report: (isIntersecting: boolean) =>
      act(() => {
        for (const callback of callbacks)
          callback([{ isIntersecting } as IntersectionObserverEntry], {} as unknown as IntersectionObserver);
      }),
  };
}

const follows = (later: Element, earlier: Element) =>
  Boolean(earlier.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('CourseDetailPage', () => {
  it('shows the course with its lists, outline, progress and the reviews slot', async () => {
    serve(makeUser(), enrolledCourse);
    renderRoutes(routes, path());
    expect(await screen.findByRole('heading', { name: enrolledCourse.title, level: 1 })).toBeTruthy();
    expect(screen.getByText('Sifu Lin Wei')).toBeTruthy();
    expect(screen.getByText('Loose clothing')).toBeTruthy();
    expect(screen.getByText('Breathe')).toBeTruthy();
    expect(screen.getByText('Beginner')).toBeTruthy();
    expect(screen.getByText('Your progress: 0%')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open lesson: Welcome' })).toBeTruthy();
    expect(screen.getByText('Reviews slot true')).toBeTruthy();
    expect(screen.queryByText('Admin Preview Mode')).toBeNull();
  });

  it('loads its header image at once, at the width the column needs, keeping its space', async () => {
    const url = '/media/course-thumbnails/0b5f6d1e-2c3a-4e7b-9f10-1a2b3c4d5e6f-960x540.webp';
    serve(makeUser(), { ...enrolledCourse, thumbnail_url: url });
    const { container } = renderRoutes(routes, path());
    await screen.findByRole('heading', { name: enrolledCourse.title, level: 1 });
    const img = container.querySelector(`img[src="${url}"]`)!;
    expect(img.getAttribute('srcset')).toBe(
      `${url.replace('.webp', '-320w.webp')} 320w, ${url.replace('.webp', '-640w.webp')} 640w, ${url} 960w`,
    );
    expect(img.getAttribute('sizes')).toBe(HEADER_IMAGE_SIZES);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['960', '540']);
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });

  it("says 'Course not found.' on a 404 and the load error otherwise", async () => {
    serve(makeUser(), null, { 'GET /api/courses': () => ({ body: { courses: [], total: 0 } }) });
    renderRoutes(routes, path());
    expect(await screen.findByText('Course not found.')).toBeTruthy();
  });

  it('shows the load error when the server fails', async () => {
    serve(makeUser(), null, {
      [`GET /api/courses/${enrolledCourse.id}`]: () => serverFailure,
    });
    renderRoutes(routes, path());
    expect(
      await screen.findByText('Failed to load course data. Please try again later.', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('shows Under Construction to a student when the list says the course is unpublished', async () => {
    const listed = makeCourse({ is_published: false });
    serve(makeUser(), null, { 'GET /api/courses': () => ({ body: { courses: [listed], total: 1 } }) });
    renderRoutes(routes, path());
    expect(await screen.findByText('Under Construction')).toBeTruthy();
  });

  it('shows Admin Preview Mode, the unpublished warning and a Preview Course link to admins', async () => {
    serve(makeUser({ is_admin: true, role: 'admin' }), {
      ...enrolledCourse,
      enrollment: null,
      is_published: false,
    });
    renderRoutes(routes, path());
    expect(await screen.findByText('Admin Preview Mode')).toBeTruthy();
    expect(screen.getByText(/This course is unpublished/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Preview Course' }).getAttribute('href')).toContain(
      `lesson=${video.id}`,
    );
    expect(screen.queryByRole('button', { name: /Enroll/ })).toBeNull();
    expect(screen.getByText('Reviews slot false')).toBeTruthy();
  });

  it('offers a paid course with its price and starts the checkout from the confirm dialog', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { calls } = serve(
      makeUser(),
      { ...enrolledCourse, enrollment: null, regular_price: 89 },
      {
        'POST /api/stripe/create-checkout': () => ({
          body: {
            url: 'https://checkout.stripe.com/c/pay/cs_test_9',
            session_id: 'cs_test_9',
            order_id: '55555555-5555-4555-8555-555555555555',
          },
        }),
      },
    );
    const { user } = renderRoutes(routes, path());
    expect(await screen.findByText('$89.00')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Enroll Now' }));
    const dialog = await screen.findByRole('dialog', { name: `Enroll in ${enrolledCourse.title}` });
    expect(within(dialog).getByText('$89.00')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_9'));
    expect(calls.find((call) => call.path === '/api/stripe/create-checkout')?.body).toMatchObject({
      course_id: enrolledCourse.id,
      course_price: 89,
    });
  });

  it('opens ?lesson= in the viewer with an embedded video, and marks it complete', async () => {
    const student = makeUser();
    serve(student, enrolledCourse, {
      [`POST /api/lessons/${video.id}/complete`]: () => ({
        body: {
          saved: true,
          lesson_id: video.id,
          completed_at: '2024-05-01T00:00:00.000Z',
          course_progress: 50,
        },
      }),
    });
    const { user } = renderRoutes(routes, path(`?lesson=${video.id}`));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome' });
    expect(within(dialog).getByTitle('Welcome').getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/kwZhanZh101',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Complete' }));
    expect(await screen.findByText('Lesson completed successfully!')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Your progress: 50%')).toBeTruthy());
  });

  it('reverts the optimistic completion when the server refuses it', async () => {
    serve(makeUser(), enrolledCourse, {
      [`POST /api/lessons/${video.id}/complete`]: () => serverFailure,
    });
    const { user } = renderRoutes(routes, path(`?lesson=${video.id}`));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Complete' }));
    expect(await screen.findByText('Failed to mark lesson as complete. Please try again.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Mark as Complete' })).toBeTruthy();
    expect(screen.getByText('Your progress: 0%')).toBeTruthy();
  });

  it('runs a quiz: disabled completion button, confirmation, score and review', async () => {
    const student = makeUser();
    const { calls } = serve(student, enrolledCourse, {
      [`POST /api/lessons/${quiz.id}/submit-quiz`]: () => ({
        body: {
          saved: true,
          attempt_number: 1,
          score: 50,
          correct: 1,
          total: 2,
          pass_mark: null,
          passed: true,
          course_progress: 50,
          responses: [
            {
              question_id: 'q1',
              question_text: 'What is zhan zhuang?',
              user_answer: 0,
              correct_answer: 0,
              is_correct: true,
              attempt_number: 1,
              explanation: 'It means standing like a post.',
            },
            {
              question_id: 'q2',
              question_text: 'Feet?',
              user_answer: null,
              correct_answer: 1,
              is_correct: false,
              attempt_number: 1,
              explanation: null,
            },
          ],
        },
      }),
    });
    const { user } = renderRoutes(routes, path(`?lesson=${quiz.id}`));
    const dialog = await screen.findByRole('dialog', { name: 'Foundations Check' });
    expect(
      within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Complete Quiz to Mark as Done' })
        .disabled,
    ).toBe(true);
    await user.click(await within(dialog).findByRole('radio', { name: 'Standing like a post' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit Quiz' }));
    const confirm = await screen.findByRole('dialog', { name: 'Submit quiz?' });
    expect(
      within(confirm).getByText(
        "Are you sure you want to submit your quiz? You won't be able to change your answers after submission.",
      ),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Quiz completed with 50%!')).toBeTruthy();
    const submitted = calls.find((c) => c.path.endsWith('/submit-quiz'));
    expect(submitted?.body).toEqual({
      userId: student.id,
      responses: [
        { question_id: 'q1', user_answer: 0 },
        { question_id: 'q2', user_answer: null },
      ],
    });
    await user.click(within(dialog).getByRole('button', { name: 'Review Answers' }));
    expect(within(dialog).getByText('It means standing like a post.')).toBeTruthy();
    expect(within(dialog).getByText('Correct answer: Shoulder-width')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    expect(within(dialog).getByRole('button', { name: 'Submit Quiz' })).toBeTruthy();
  });

  it('shows the save failure when a quiz submission fails', async () => {
    serve(makeUser(), enrolledCourse, {
      [`POST /api/lessons/${quiz.id}/submit-quiz`]: () => serverFailure,
    });
    const { user } = renderRoutes(routes, path(`?lesson=${quiz.id}`));
    const dialog = await screen.findByRole('dialog', { name: 'Foundations Check' });
    await user.click(await within(dialog).findByRole('button', { name: 'Submit Quiz' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Submit quiz?' })).getByRole('button', {
        name: 'Submit',
      }),
    );
    expect(
      await screen.findByText('Quiz completed but failed to save results. Please try again.'),
    ).toBeTruthy();
  });

  it('shows the previous attempt as completed when the quiz opens', async () => {
    const user = makeUser();
    const { calls } = serve(user, enrolledCourse, {
      // Attempts come highest first; the page of one holds the latest of the two.
      [`GET /api/lessons/${quiz.id}/quiz-attempts`]: () => ({
        body: {
          attempts: [{ attempt_number: 2, score: 100, submitted_at: '2024-05-02T00:00:00.000Z' }],
          total: 2,
        },
      }),
      [`GET /api/lessons/${quiz.id}/quiz-responses`]: () => ({ body: [] }),
    });
    renderRoutes(routes, path(`?lesson=${quiz.id}`));
    const dialog = await screen.findByRole('dialog', { name: 'Foundations Check' });
    expect((await within(dialog).findByLabelText('Your score')).textContent).toBe('100%');
    expect(calls.find((c) => c.path.endsWith('/quiz-attempts'))?.query.get('limit')).toBe('1');
    expect(calls.find((c) => c.path.endsWith('/quiz-responses'))?.query.get('attempt')).toBe('2');
  });

  it('marks every completed lesson, reading the progress list page after page', async () => {
    const user = makeUser();
    const done = (lessonId: string) => ({
      lesson_id: lessonId,
      lesson_title: 'x',
      lesson_type: 'video',
      module_title: 'Module',
      completed_at: '2024-05-01T00:00:00.000Z',
      quiz_score: null,
    });
    const { calls } = serve(user, enrolledCourse, {
      [`GET /api/user/${user.id}/course/${enrolledCourse.id}/lessons/progress`]: ({ query }) => ({
        body: { lessons: query.get('offset') === '0' ? [done(video.id)] : [done(quiz.id)], total: 2 },
      }),
    });
    renderRoutes(routes, path());
    expect(
      await screen.findByRole('button', { name: 'Open lesson: Foundations Check (completed)' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open lesson: Welcome (completed)' })).toBeTruthy();
    const offsets = calls
      .filter((c) => c.path.endsWith('/lessons/progress'))
      .map((c) => c.query.get('offset'));
    expect(offsets).toEqual(['0', '1']);
  });

  it('tells an admin that preview completion is not saved', async () => {
    const admin = makeUser({ is_admin: true, role: 'admin' });
    serve(
      admin,
      { ...enrolledCourse, enrollment: null },
      {
        [`POST /api/lessons/${video.id}/complete`]: () => ({
          body: { saved: false, lesson_id: video.id, completed_at: null, course_progress: null },
        }),
      },
    );
    const { user } = renderRoutes(routes, path(`?lesson=${video.id}`));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Complete' }));
    expect(await screen.findAllByText('Preview: progress is not saved')).not.toHaveLength(0);
    expect(screen.queryByText('Lesson completed successfully!')).toBeNull();
  });

  describe('for a student who has not enrolled', () => {
    it('is a sales page: description, objectives, syllabus, instructor, price, guarantee, Enroll Now', async () => {
      serve(makeUser(), forSale);
      renderRoutes(routes, path());
      expect(await screen.findByRole('heading', { name: forSale.title, level: 1 })).toBeTruthy();
      await waitFor(() => expect(document.title).toBe(`${forSale.title} · Kwoon`));
      expect(screen.getByText('Stand like a post.')).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'What you will learn' })).toBeTruthy();
      expect(screen.getByText('Breathe')).toBeTruthy();
      expect(screen.getByText('Module 1: Why We Stand')).toBeTruthy();
      expect(screen.getByText('Welcome')).toBeTruthy();
      expect(screen.getByText('8 min')).toBeTruthy();
      expect(screen.getByText('Foundations Check')).toBeTruthy();
      expect(
        screen.getByText('1 module · 2 lessons · 18 min in total · Lessons unlock when you enroll'),
      ).toBeTruthy();
      expect(screen.getByText('Sifu Lin Wei')).toBeTruthy();
      expect(screen.getByText('$89.00')).toBeTruthy();
      expect(screen.getByText('30-day money-back guarantee')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Enroll Now' })).toBeTruthy();
      expect(screen.getByText('Reviews slot false')).toBeTruthy();
      // The lessons stay locked.
      expect(screen.queryByRole('button', { name: /Open lesson/ })).toBeNull();
    });

    it('says "No reviews yet" instead of 0.0 for a course nobody has reviewed', async () => {
      serve(makeUser(), forSale);
      renderRoutes(routes, path());
      expect(await screen.findByText('No reviews yet')).toBeTruthy();
      expect(screen.queryByText(/0\.0/)).toBeNull();
    });

    it('shows the rating and review count once there are reviews', async () => {
      serve(makeUser(), { ...forSale, average_rating: 4.5, total_reviews: 2 });
      renderRoutes(routes, path());
      expect(await screen.findByText('4.5 (2 reviews)')).toBeTruthy();
    });

    it('puts the price and Enroll Now above the syllabus and reviews, in the column that stands beside them on a wide screen', async () => {
      serve(makeUser(), forSale);
      renderRoutes(routes, path());
      const enroll = await screen.findByRole('button', { name: 'Enroll Now' });
      expect(follows(screen.getByRole('heading', { name: 'Course content' }), enroll)).toBe(true);
      expect(follows(screen.getByText('Reviews slot false'), enroll)).toBe(true);
      expect(enroll.closest(`.${classes.aside}`)).not.toBeNull();
    });

    it('shows a bar with the price and Enroll Now once the box has scrolled away on a small screen', async () => {
      const intersection = controlledIntersection();
      serve(makeUser(), forSale);
      const { user } = renderRoutes(routes, path());
      await screen.findByRole('button', { name: 'Enroll Now' });
      expect(screen.queryByRole('region', { name: 'Course actions' })).toBeNull();
      intersection.report(false);
      const bar = await screen.findByRole('region', { name: 'Course actions' });
      expect(within(bar).getByText('$89.00')).toBeTruthy();
      await user.click(within(bar).getByRole('button', { name: 'Enroll Now' }));
      expect(await screen.findByRole('dialog', { name: `Enroll in ${forSale.title}` })).toBeTruthy();
      intersection.report(true);
      await waitFor(() => expect(screen.queryByRole('region', { name: 'Course actions' })).toBeNull());
    });

    it('hides the bar on a wide screen, where the box stays in view', async () => {
      const intersection = controlledIntersection();
      serve(makeUser(), forSale);
      renderRoutes(routes, path());
      await screen.findByRole('button', { name: 'Enroll Now' });
      intersection.report(false);
      const bar = await screen.findByRole('region', { name: 'Course actions' });
      // course-purchase.module.css hides it from the md breakpoint.
      expect(bar.classList.contains(purchaseClasses.bar!)).toBe(true);
    });
  });

  it('offers Continue Learning in the bar to an enrolled student on a small screen', async () => {
    const intersection = controlledIntersection();
    serve(makeUser(), enrolledCourse);
    const { user } = renderRoutes(routes, path());
    await screen.findByText('Your progress: 0%');
    intersection.report(false);
    const bar = await screen.findByRole('region', { name: 'Course actions' });
    await user.click(within(bar).getByRole('button', { name: 'Continue Learning' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome' })).toBeTruthy();
  });
});
