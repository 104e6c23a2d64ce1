import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { CourseDetail } from '../../../../common/courses';
import {
  makeUser,
  renderRoutes,
  signInAs,
  stubFetch,
  testQueryClient,
  TestProviders,
} from '../../../test/render';
import { courseKeys } from '../api';
import { CourseDetailPage } from '../course-detail-page';
import { useReorderModules } from './admin-api';
import { ContentManagerPage } from './content-manager-page';
import { COURSE_ID, makeCourseDetail, makeModule, MODULE_ID } from './test-data';

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
    queryClient.setQueryData<CourseDetail>(courseKeys.detail(COURSE_ID), cached);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <TestProviders queryClient={queryClient}>{children}</TestProviders>
    );
    const { result } = renderHook(() => useReorderModules(COURSE_ID), { wrapper });

    act(() => result.current.mutate([second.id, MODULE_ID]));
    await waitFor(() =>
      expect(
        queryClient.getQueryData<CourseDetail>(courseKeys.detail(COURSE_ID))?.modules.map((m) => m.title),
      ).toEqual(['Rooting', 'First Steps']),
    );
  });
});
