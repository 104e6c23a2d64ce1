import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PROVIDER_UNAVAILABLE_MESSAGE } from '../../../common/payments';
import type { User } from '../../../common/users';
import { makeUser, renderRoutes, serverFailure, signInAs, stubFetch, Where } from '../../test/render';
import { CoursesPage, SeriesPage } from './course-list-page';
import { makeCourse } from '../../test/courses';

const routes = [
  { path: '/app/courses', element: <CoursesPage /> },
  { path: '/app/series', element: <SeriesPage /> },
  { path: '/app/course/:courseId', element: <Where /> },
];

const free = makeCourse();
const paid = makeCourse({
  id: '11111111-1111-4111-8111-111111111112',
  title: 'Xingyi Five Elements',
  regular_price: 49,
});
const enrolled = makeCourse({
  id: '11111111-1111-4111-8111-111111111113',
  title: 'Push Hands',
  enrollment: { progress: 40, start_date: '2024-03-01T00:00:00.000Z', completed_date: null },
});
const completed = makeCourse({
  id: '11111111-1111-4111-8111-111111111114',
  title: 'Wuji Standing',
  enrollment: {
    progress: 100,
    start_date: '2024-03-01T00:00:00.000Z',
    completed_date: '2024-04-01T00:00:00.000Z',
  },
});
const unpublished = makeCourse({
  id: '11111111-1111-4111-8111-111111111115',
  title: 'Chen Laojia',
  is_published: false,
});

function serve(user: User, courses = [free, paid, enrolled, completed, unpublished], extra = {}) {
  signInAs(user);
  return stubFetch({
    [`POST /api/verify/user/${user.id}`]: () => ({ body: { valid: true, user } }),
    'GET /api/courses': () => ({ body: { courses, total: courses.length } }),
    ...extra,
  });
}

const card = (title: string) => screen.getByRole('article', { name: title });

describe('CourseListPage', () => {
  it("titles the lists and shows each card's state for a student", async () => {
    serve(makeUser());
    renderRoutes(routes, '/app/courses');
    expect(await screen.findByRole('heading', { name: 'Available Courses', level: 1 })).toBeTruthy();
    await screen.findByRole('article', { name: free.title });
    expect(within(card(free.title)).getByRole('button', { name: 'Enroll for Free' })).toBeTruthy();
    expect(within(card(paid.title)).getByText('$49.00')).toBeTruthy();
    expect(within(card(paid.title)).getByRole('button', { name: 'Enroll Now' })).toBeTruthy();
    expect(within(card(enrolled.title)).getByText('Currently Enrolled')).toBeTruthy();
    expect(within(card(completed.title)).getByText('Completed')).toBeTruthy();
    expect(within(card(unpublished.title)).getByText('Under Construction')).toBeTruthy();
    expect(within(card(free.title)).getByText('1 h 35 min')).toBeTruthy();
    expect(within(card(free.title)).getByText('12 students')).toBeTruthy();
    // Every card links to its course, enrolled or not, so a student can read it before buying.
    for (const course of [free, paid, enrolled, completed]) {
      const link = within(card(course.title)).getByRole('link', { name: course.title });
      expect(link.getAttribute('href')).toBe(`/app/course/${course.id}`);
    }
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
  });

  it('opens the sales page of a course the student has not bought from its card', async () => {
    serve(makeUser());
    const { router, user } = renderRoutes(routes, '/app/courses');
    await user.click(await screen.findByRole('link', { name: paid.title }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/course/${paid.id}`));
  });

  it('asks the API for series on /app/series', async () => {
    const { calls } = serve(makeUser(), []);
    renderRoutes(routes, '/app/series');
    expect(await screen.findByRole('heading', { name: 'Available Series', level: 1 })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/courses')).toBe(true));
    expect(await screen.findByText(/No series are available yet/)).toBeTruthy();
  });

  it('shows the red box when the courses do not load', async () => {
    serve(makeUser(), [], {
      'GET /api/courses': () => serverFailure,
    });
    renderRoutes(routes, '/app/courses');
    expect(await screen.findByText('Failed to load courses. Please try again later.')).toBeTruthy();
  });

  it('enrols in a free course and opens it', async () => {
    const student = makeUser();
    const { calls } = serve(student, [free], {
      [`POST /api/user/${student.id}/enroll/${free.id}`]: () => ({
        status: 201,
        body: {
          enrolled: true,
          enrollment: {
            id: '44444444-4444-4444-8444-444444444444',
            user_id: student.id,
            course_id: free.id,
            source: 'free',
            progress: 0,
            start_date: '2024-05-01T00:00:00.000Z',
            completed_date: null,
          },
        },
      }),
    });
    const { router, user } = renderRoutes(routes, '/app/courses');
    await user.click(await screen.findByRole('button', { name: 'Enroll for Free' }));
    expect(await screen.findByText('Successfully enrolled in the course!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/course/${free.id}`));
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith(`/enroll/${free.id}`))).toBe(true);
  });

  it('says when enrolment fails', async () => {
    const student = makeUser();
    serve(student, [free], {
      [`POST /api/user/${student.id}/enroll/${free.id}`]: () => serverFailure,
    });
    const { user } = renderRoutes(routes, '/app/courses');
    await user.click(await screen.findByRole('button', { name: 'Enroll for Free' }));
    expect(await screen.findByText('Failed to enroll in course. Please try again.')).toBeTruthy();
  });

  it('confirms a paid course with its price, then starts the card checkout', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { calls } = serve(makeUser(), [paid], {
      'POST /api/stripe/create-checkout': () => ({
        body: {
          url: '/payment/checkout/cs_test_1',
          session_id: 'cs_test_1',
          order_id: '55555555-5555-4555-8555-555555555555',
        },
      }),
    });
    const { user } = renderRoutes(routes, '/app/courses');
    await user.click(await screen.findByRole('button', { name: 'Enroll Now' }));
    const dialog = await screen.findByRole('dialog', { name: `Enroll in ${paid.title}` });
    expect(within(dialog).getByText('$49.00')).toBeTruthy();
    expect(within(dialog).getByText('One-time payment, lifetime access')).toBeTruthy();
    expect(within(dialog).getByText('30-day money-back guarantee')).toBeTruthy();
    expect(within(dialog).queryByText(/coming soon/i)).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/payment/checkout/cs_test_1'));
    const checkout = calls.find((c) => c.path === '/api/stripe/create-checkout');
    expect(checkout?.body).toMatchObject({ course_id: paid.id, course_price: 49, mode: 'payment' });
    expect(within(dialog).getByRole('button', { name: 'Continue to payment' }).dataset.loading).toBe('true');
    expect(calls.some((c) => c.path.includes('/enroll/'))).toBe(false);
  });

  it('closes the payment dialog on Cancel without starting a checkout', async () => {
    const { calls } = serve(makeUser(), [paid]);
    const { user } = renderRoutes(routes, '/app/courses');
    await user.click(await screen.findByRole('button', { name: 'Enroll Now' }));
    const dialog = await screen.findByRole('dialog', { name: `Enroll in ${paid.title}` });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path === '/api/stripe/create-checkout')).toBe(false);
  });

  it('says when the payment cannot start, and keeps the dialog open', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    serve(makeUser(), [paid], {
      'POST /api/stripe/create-checkout': () => ({
        status: 503,
        body: { error: PROVIDER_UNAVAILABLE_MESSAGE, code: 'PAYMENT_PROVIDER_UNAVAILABLE' },
      }),
    });
    const { user } = renderRoutes(routes, '/app/courses');
    await user.click(await screen.findByRole('button', { name: 'Enroll Now' }));
    const dialog = await screen.findByRole('dialog', { name: `Enroll in ${paid.title}` });
    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Failed to start payment process. Please try again.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: `Enroll in ${paid.title}` })).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it('lets admins open every course and refresh the list, without enrol buttons', async () => {
    const { calls } = serve(makeUser({ is_admin: true, role: 'admin' }));
    const { user } = renderRoutes(routes, '/app/courses');
    await screen.findByRole('article', { name: unpublished.title });
    expect(within(card(unpublished.title)).getByText('Unpublished')).toBeTruthy();
    expect(within(card(unpublished.title)).getByRole('link', { name: unpublished.title })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Enroll/ })).toBeNull();
    const before = calls.filter((c) => c.path === '/api/courses').length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/courses').length).toBe(before + 1));
  });

  it('highlights the ?highlight= card after 500 ms', async () => {
    serve(makeUser());
    renderRoutes(routes, `/app/courses?highlight=${paid.id}`);
    await screen.findByRole('article', { name: paid.title });
    expect(card(paid.title).getAttribute('data-highlighted')).toBeNull();
    await waitFor(() => expect(card(paid.title).getAttribute('data-highlighted')).toBe('true'), {
      timeout: 2000,
    });
  });

  it('highlights a card asked for while the list is already open (the header search on this page)', async () => {
    serve(makeUser());
    const scrolled: string[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.id);
    });
    const { router } = renderRoutes(routes, '/app/courses');
    await screen.findByRole('article', { name: paid.title });
    const listPage = screen.getByRole('heading', { name: 'Available Courses', level: 1 });
    await act(() => router.navigate(`/app/courses?highlight=${paid.id}`));
    await waitFor(() => expect(card(paid.title).getAttribute('data-highlighted')).toBe('true'), {
      timeout: 2000,
    });
    // The same page, not a new one: only the query string changed.
    expect(screen.getByRole('heading', { name: 'Available Courses', level: 1 })).toBe(listPage);
    await act(() => router.navigate(`/app/courses?highlight=${enrolled.id}`));
    await waitFor(() => expect(card(enrolled.title).getAttribute('data-highlighted')).toBe('true'), {
      timeout: 2000,
    });
    expect(card(paid.title).getAttribute('data-highlighted')).toBeNull();
    // Asked for again, the same card is scrolled to again.
    await act(() => router.navigate(`/app/courses?highlight=${enrolled.id}`));
    await waitFor(() => expect(scrolled.filter((id) => id === `course-${enrolled.id}`)).toHaveLength(2), {
      timeout: 2000,
    });
    vi.restoreAllMocks();
  });

  it('uses the series wording when enrolling in a series fails', async () => {
    const student = makeUser();
    const series = makeCourse({ is_series: true, title: 'Circle Walking Series' });
    serve(student, [series], {
      [`POST /api/user/${student.id}/enroll/${series.id}`]: () => serverFailure,
    });
    const { user } = renderRoutes(routes, '/app/series');
    await user.click(await screen.findByRole('button', { name: 'Enroll for Free' }));
    expect(await screen.findByText('Failed to enroll in series. Please try again.')).toBeTruthy();
  });
});
