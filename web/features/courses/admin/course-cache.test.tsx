import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import {
  makeUser,
  renderRoutes,
  signInAs,
  stubFetch,
  testQueryClient,
  TestProviders,
} from '../../../test/render';
import { courseQueries } from '../queries';
import { CourseDetailPage } from '../course-detail-page';
import { useMyReview } from '../../reviews/api';
import { useLessonProgress } from '../api';
import { useReorderModules, useStudentLessonProgress, useStudentReview } from './admin-api';
import { ContentManagerPage } from './content-manager-page';
import { COURSE_ID, makeCourseDetail, makeModule, MODULE_ID, STUDENT_ID } from './test-data';

const admin = makeUser({ is_admin: true, role: 'admin' });
const course = makeCourseDetail();

/** The content manager and the course page read one cached course: one client, both screens. */
describe('the course detail cache shared by the content manager and the course page', () => {
  it('renders the course page after the content manager, and the content manager again after it', async () => {
    signInAs(admin);
    stubFetch({
      [`POST /api/verify/user/${admin.id}`]: () => ({ body: { valid: true, user: admin } }),
      [`GET /api/courses/${COURSE_ID}`]: () => ({ body: { course } }),
    });
    const { router } = renderRoutes(
      [
        { path: '/app/admin/courses/:courseId/content', element: <ContentManagerPage /> },
        { path: '/app/course/:courseId', element: <CourseDetailPage renderReviews={() => null} /> },
      ],
      `/app/admin/courses/${COURSE_ID}/content`,
    );
    expect(await screen.findByRole('listitem', { name: 'Module 1: First Steps' })).toBeTruthy();

    await act(() => router.navigate(`/app/course/${COURSE_ID}`));
    expect(await screen.findByRole('heading', { level: 1, name: course.title })).toBeTruthy();
    expect(screen.getByText('Admin Preview Mode')).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();

    await act(() => router.navigate(`/app/admin/courses/${COURSE_ID}/content`));
    expect(await screen.findByRole('listitem', { name: 'Module 1: First Steps' })).toBeTruthy();
  });

  it('reorders the modules of the cached course at once, before the server answers', async () => {
    const second = makeModule({
      id: '2c9d7e1f-5a4b-4c3d-8e2f-1a0b9c8d7e6f',
      title: 'Rooting',
      order_sequence: 2,
    });
    const cached = makeCourseDetail({ modules: [makeModule(), second] });
    signInAs(admin);
    stubFetch({
      [`PUT /api/courses/${COURSE_ID}/modules/order`]: () => ({ body: { modules: [] } }),
      [`GET /api/courses/${COURSE_ID}`]: () => ({ body: { course: cached } }),
    });
    const queryClient = testQueryClient();
    queryClient.setQueryData(courseQueries.detail(COURSE_ID).queryKey, cached);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <TestProviders queryClient={queryClient}>{children}</TestProviders>
    );
    const { result } = renderHook(() => useReorderModules(COURSE_ID), { wrapper });

    act(() => result.current.mutate([second.id, MODULE_ID]));
    await waitFor(() =>
      expect(
        queryClient.getQueryData(courseQueries.detail(COURSE_ID).queryKey)?.modules.map((m) => m.title),
      ).toEqual(['Rooting', 'First Steps']),
    );
  });

  it("reads a student's lesson progress and review once for the student's page and the admin's view", async () => {
    const lessons = [
      {
        lesson_id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
        lesson_title: 'Standing',
        lesson_type: 'video',
        module_title: 'First Steps',
        completed_at: '2026-01-03T00:00:00.000Z',
        quiz_score: null,
      },
    ];
    signInAs(admin);
    const { calls } = stubFetch({
      [`GET /api/user/${STUDENT_ID}/course/${COURSE_ID}/lessons/progress`]: () => ({
        body: { lessons, total: lessons.length },
      }),
      [`GET /api/users/${STUDENT_ID}/reviews`]: () => ({ body: { reviews: [], total: 0 } }),
    });
    const queryClient = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <TestProviders queryClient={queryClient}>{children}</TestProviders>
    );
    const { result } = renderHook(
      () => ({
        outline: useLessonProgress(STUDENT_ID, COURSE_ID, true),
        adminPage: useStudentLessonProgress(STUDENT_ID, COURSE_ID, 0),
        ownReview: useMyReview(STUDENT_ID, COURSE_ID, true),
        adminReview: useStudentReview(STUDENT_ID, COURSE_ID),
      }),
      { wrapper },
    );

    await waitFor(() => expect(result.current.adminReview.isSuccess).toBe(true));
    await waitFor(() => expect(result.current.adminPage.isSuccess).toBe(true));
    expect(result.current.outline.data).toEqual(lessons);
    expect(result.current.adminPage.data).toEqual({ lessons, total: 1 });
    expect(result.current.ownReview.data).toBeNull();
    expect(calls.map((call) => call.path)).toEqual([
      `/api/user/${STUDENT_ID}/course/${COURSE_ID}/lessons/progress`,
      `/api/users/${STUDENT_ID}/reviews`,
    ]);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(2);
  });
});
