import { lazy, Suspense, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Navigate, type LoaderFunction, type Params, type RouteObject } from 'react-router';
import { ComingSoonPage } from '../components/coming-soon-page';
import { PageLoader } from '../components/page-loader';
import { RouteErrorBoundary } from '../components/route-error-boundary';
import type { queries } from '../lib/queries';
import { readStoredSession } from '../lib/session-storage';
import { LandingPage } from '../features/home/landing-page';
import type { AdminPanelsProps } from '../features/dashboard/dashboard-page';
import { RequireAdmin, RequireAuth, UnlessPasswordChangePending } from './guards';
import { PublicLayout } from './public-layout';
import { RootLayout } from './root-layout';

/** A placeholder inside the app shell, for screens of later issues. */
const appPlaceholder = (title: string): RouteObject['element'] => (
  <ComingSoonPage title={title} backTo="/app" backLabel="Back to dashboard" />
);

/**
 * One admin panel from its own feature, loaded on its own when a dashboard first shows it: no
 * panel waits for another's code, and the content manager's drag and drop stays with it.
 */
function lazyPanel(label: string, load: () => Promise<ComponentType>) {
  const Panel = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<PageLoader label={label} />}>
      <Panel />
    </Suspense>
  );
}

/** The admin's management panels (reviews, enrolments, courses, course requests), composed here. */
function adminPanels(AdminPanels: ComponentType<AdminPanelsProps>) {
  return (
    <AdminPanels
      reviews={lazyPanel(
        'Loading reviews',
        async () => (await import('../features/reviews/admin/reviews-moderation')).ReviewsModeration,
      )}
      enrollments={lazyPanel(
        'Loading enrolments',
        async () => (await import('../features/courses/admin/recent-enrollments')).RecentEnrollments,
      )}
      courses={lazyPanel(
        'Loading courses',
        async () => (await import('../features/courses/admin/course-management')).CourseManagement,
      )}
      requests={lazyPanel(
        'Loading course requests',
        async () => (await import('../features/course-requests/course-requests-admin')).CourseRequestsAdmin,
      )}
    />
  );
}

/**
 * A loader that starts a page's reads while its code loads, with the options its hooks use, so
 * they find the answer in flight. It never delays or fails the navigation (the page shows its own
 * loading and error states), and reads nothing for a visitor who is not signed in or for a
 * session that may only set a new password (the guard keeps it on Settings).
 */
function prefetch(start: (registry: typeof queries, params: Params) => Promise<void>): LoaderFunction {
  return ({ params }) => {
    const session = readStoredSession();
    // The registry, and the schemas it reads with, load beside the page's code, not with `/`.
    if (session && !session.user.requires_password_change)
      void import('../lib/queries').then(({ queries: registry }) => start(registry, params));
    return null;
  };
}

/**
 * Routes as spec §2 lists them. The public pages are in the main bundle; everything behind
 * /app (shell, dashboard, settings, login) loads lazily so `/` stays small. The query client is
 * the app's one client, which the loaders fill.
 */
export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: 'about', handle: { title: 'About' }, element: <ComingSoonPage title="About" /> },
          { path: 'classes', handle: { title: 'Classes' }, element: <ComingSoonPage title="Classes" /> },
          { path: 'blog', handle: { title: 'Blog' }, element: <ComingSoonPage title="Blog" /> },
          {
            path: 'workshops',
            handle: { title: 'Book a Session' },
            element: <ComingSoonPage title="Book a Session" />,
          },
          // The payment result pages and the test checkout load on demand, keeping `/` small.
          {
            path: 'payment/success',
            handle: { title: 'Payment' },
            lazy: async () => ({
              Component: (await import('../features/payments/payment-success-page')).PaymentSuccessPage,
            }),
          },
          {
            path: 'payment/failed',
            handle: { title: 'Payment Failed' },
            lazy: async () => ({
              Component: (await import('../features/payments/payment-failed-page')).PaymentFailedPage,
            }),
          },
          {
            path: 'contact',
            handle: { title: 'Contact Us' },
            lazy: async () => ({
              Component: (await import('../features/contact/contact-page')).ContactPage,
            }),
          },
          {
            path: 'confirm-email',
            handle: { title: 'Confirm Your E-mail' },
            lazy: async () => ({
              Component: (await import('../features/users/confirm-email-page')).ConfirmEmailPage,
            }),
          },
          {
            path: 'payment/checkout/:sessionId',
            handle: { title: 'Test Checkout' },
            lazy: async () => ({
              Component: (await import('../features/payments/local-checkout-page')).LocalCheckoutPage,
            }),
          },
        ],
      },
      {
        path: 'app/login',
        handle: { title: 'Sign In' },
        lazy: async () => ({ Component: (await import('../features/auth/login-page')).LoginPage }),
      },
      {
        path: 'app',
        element: <RequireAuth />,
        children: [
          {
            lazy: async () => ({ Component: (await import('./shell/app-shell-layout')).AppShellLayout }),
            children: [
              {
                // A page that fails shows its error inside the shell: the sidebar and header stay.
                errorElement: <RouteErrorBoundary />,
                children: [
                  {
                    index: true,
                    handle: { title: 'Dashboard' },
                    lazy: async () => {
                      const { DashboardPage, AdminPanels } =
                        await import('../features/dashboard/dashboard-page');
                      const panels = adminPanels(AdminPanels);
                      return { Component: () => <DashboardPage adminPanels={panels} /> };
                    },
                  },
                  {
                    path: 'courses',
                    handle: { title: 'Courses' },
                    loader: prefetch((registry) =>
                      queryClient.prefetchQuery(registry.courses.list({ isSeries: false })),
                    ),
                    lazy: async () => {
                      const { CoursesPage } = await import('../features/courses/course-list-page');
                      const { RequestCourseButton } =
                        await import('../features/course-requests/request-course-dialog');
                      return { Component: () => <CoursesPage studentActions={<RequestCourseButton />} /> };
                    },
                  },
                  {
                    path: 'series',
                    handle: { title: 'Series' },
                    loader: prefetch((registry) =>
                      queryClient.prefetchQuery(registry.courses.list({ isSeries: true })),
                    ),
                    lazy: async () => {
                      const { SeriesPage } = await import('../features/courses/course-list-page');
                      const { RequestCourseButton } =
                        await import('../features/course-requests/request-course-dialog');
                      return { Component: () => <SeriesPage studentActions={<RequestCourseButton />} /> };
                    },
                  },
                  {
                    path: 'course/:courseId',
                    handle: { title: 'Course' },
                    loader: prefetch((registry, { courseId = '' }) =>
                      queryClient.prefetchQuery(registry.courses.detail(courseId)),
                    ),
                    // The reviews feature is composed into the course page here: features do not import each other.
                    lazy: async () => {
                      const [{ CourseDetailPage }, { CourseReviews }] = await Promise.all([
                        import('../features/courses/course-detail-page'),
                        import('../features/reviews/course-reviews'),
                      ]);
                      return {
                        Component: () => (
                          <CourseDetailPage renderReviews={(props) => <CourseReviews {...props} />} />
                        ),
                      };
                    },
                  },
                  { path: 'community', handle: { title: 'Community' }, element: appPlaceholder('Community') },
                  { path: 'messages', handle: { title: 'Messages' }, element: appPlaceholder('Messages') },
                  { path: 'resources', handle: { title: 'Resources' }, element: appPlaceholder('Resources') },
                  {
                    path: 'sifu-notes',
                    handle: { title: 'Sifu Notes' },
                    element: appPlaceholder('Sifu Notes'),
                  },
                  { path: 'support', handle: { title: 'Support' }, element: appPlaceholder('Support') },
                  { path: 'news/:id', handle: { title: 'News' }, element: appPlaceholder('News') },
                  {
                    path: 'settings',
                    handle: { title: 'Settings' },
                    // The payments feature's order history is composed into the settings page here.
                    lazy: async () => {
                      const [{ SettingsPage }, { OrderHistory }] = await Promise.all([
                        import('../features/users/settings-page'),
                        import('../features/payments/order-history'),
                      ]);
                      return {
                        Component: () => (
                          <SettingsPage
                            renderOrderHistory={({ userId }) => (
                              <UnlessPasswordChangePending>
                                <OrderHistory userId={userId} />
                              </UnlessPasswordChangePending>
                            )}
                          />
                        ),
                      };
                    },
                  },
                  {
                    path: 'admin',
                    element: <RequireAdmin />,
                    children: [
                      {
                        index: true,
                        handle: { title: 'Admin Dashboard' },
                        lazy: async () => {
                          const { AdminDashboardPage, AdminPanels } =
                            await import('../features/dashboard/dashboard-page');
                          const panels = adminPanels(AdminPanels);
                          return { Component: () => <AdminDashboardPage adminPanels={panels} /> };
                        },
                      },
                      {
                        path: 'courses/:courseId/content',
                        handle: { title: 'Manage Content' },
                        loader: prefetch((registry, { courseId = '' }) =>
                          queryClient.prefetchQuery(registry.courses.detail(courseId)),
                        ),
                        lazy: async () => ({
                          Component: (await import('../features/courses/admin/content-manager-page'))
                            .ContentManagerPage,
                        }),
                      },
                      {
                        path: 'blog',
                        handle: { title: 'Blog Management' },
                        element: appPlaceholder('Blog Management'),
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
