import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queries } from './queries';
import { makeUser, noTermsNeeded, renderRoutes, signInAs, stubFetch } from '../test/render';
import { makeCourseDetail } from '../features/courses/admin/test-data';
import { createRoutes } from './routes';

const course = makeCourseDetail();
const detailPath = `/api/courses/${course.id}`;

/** What the course page saw when it first rendered: whether its course was already being read. */
const readBeforeRender: boolean[] = [];
let detailCalls = () => 0;

vi.mock('../features/courses/course-detail-page', () => ({
  CourseDetailPage: () => {
    readBeforeRender.push(detailCalls() > 0);
    return <h1>Course page</h1>;
  },
}));

describe('route loaders', () => {
  it("start reading a course while the course page's code loads, into the client the page uses", async () => {
    const user = makeUser();
    signInAs(user);
    const { calls } = stubFetch({
      [`POST /api/verify/user/${user.id}`]: () => ({ body: { valid: true, user } }),
      [`GET /api/user/${user.id}/terms-status`]: () => ({ body: noTermsNeeded }),
      [`GET ${detailPath}`]: () => ({ body: { course } }),
      // The home page it starts from reads these.
      'GET /api/quotes/random': () => ({ body: { quote: null } }),
      'GET /api/courses': () => ({ body: { courses: [], total: 0 } }),
      'GET /api/news': () => ({ body: { news: [], total: 0 } }),
      [`GET /api/users/${user.id}/classes`]: () => ({ body: { classes: [] } }),
    });
    detailCalls = () => calls.filter((call) => call.path === detailPath).length;
    const { router, queryClient } = renderRoutes(createRoutes, '/app');
    await screen.findByRole('heading', { name: 'Welcome, Mei Chen' }, { timeout: 5000 });

    await act(() => router.navigate(`/app/course/${course.id}`));
    expect(await screen.findByRole('heading', { name: 'Course page' }, { timeout: 5000 })).toBeTruthy();
    expect(readBeforeRender).toEqual([true]);
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(queries.courses.detail(course.id).queryKey)?.title).toBe(course.title),
    );
    expect(detailCalls()).toBe(1);
  });

  it('read nothing for a visitor who is not signed in', async () => {
    const { calls } = stubFetch({});
    const { router } = renderRoutes(createRoutes, `/app/course/${course.id}`);
    await screen.findByRole('tab', { name: 'Sign In' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/app/login');
    expect(calls.filter((call) => call.path.startsWith('/api/courses'))).toEqual([]);
  });
});
