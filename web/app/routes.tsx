import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { ComingSoonPage } from '../components/coming-soon-page';
import { PageLoader } from '../components/page-loader';
import { RouteErrorBoundary } from '../components/route-error-boundary';
import { LandingPage } from '../features/home/landing-page';
import { RequireAdmin, RequireAuth, UnlessPasswordChangePending } from './guards';
import { PublicLayout } from './public-layout';
import { RootLayout } from './root-layout';

/** A placeholder inside the app shell, for screens of later issues. */
const appPlaceholder = (title: string): RouteObject['element'] => (
  <ComingSoonPage title={title} backTo="/app" backLabel="Back to dashboard" />
);

/**
 * The admin's management panels (courses, reviews, enrolments, course requests) come from their
 * own features and meet here; they load only when an admin view renders them.
 */
const AdminPanels = lazy(async () => {
  const [dashboard, courses, reviews, requests] = await Promise.all([
    import('../features/dashboard/dashboard-page'),
    import('../features/courses/admin'),
    import('../features/reviews/admin/reviews-moderation'),
    import('../features/course-requests/course-requests-admin'),
  ]);
  return {
    default: function ComposedAdminPanels() {
      return (
        <dashboard.AdminPanels
          reviews={<reviews.ReviewsModeration />}
          enrollments={<courses.RecentEnrollments />}
          courses={<courses.CourseManagement />}
          requests={<requests.CourseRequestsAdmin />}
        />
      );
    },
  };
});

const adminPanels = (
  <Suspense fallback={<PageLoader label="Loading the admin dashboard" />}>
    <AdminPanels />
  </Suspense>
);

/**
 * Routes as spec §2 lists them. The public pages are in the main bundle; everything behind
 * /app (shell, dashboard, settings, login) loads lazily so `/` stays small.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: 'about', element: <ComingSoonPage title="About" /> },
          { path: 'classes', element: <ComingSoonPage title="Classes" /> },
          { path: 'blog', element: <ComingSoonPage title="Blog" /> },
          { path: 'workshops', element: <ComingSoonPage title="Book a Session" /> },
          // The payment result pages and the test checkout load on demand, keeping `/` small.
          {
            path: 'payment/success',
            lazy: async () => ({
              Component: (await import('../features/payments/payment-success-page')).PaymentSuccessPage,
            }),
          },
          {
            path: 'payment/failed',
            lazy: async () => ({
              Component: (await import('../features/payments/payment-failed-page')).PaymentFailedPage,
            }),
          },
          {
            path: 'contact',
            lazy: async () => ({
              Component: (await import('../features/contact/contact-page')).ContactPage,
            }),
          },
          {
            path: 'confirm-email',
            lazy: async () => ({
              Component: (await import('../features/users/confirm-email-page')).ConfirmEmailPage,
            }),
          },
          {
            path: 'payment/checkout/:sessionId',
            lazy: async () => ({
              Component: (await import('../features/payments/local-checkout-page')).LocalCheckoutPage,
            }),
          },
        ],
      },
      {
        path: 'app/login',
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
                index: true,
                lazy: async () => {
                  const { DashboardPage } = await import('../features/dashboard/dashboard-page');
                  return { Component: () => <DashboardPage adminPanels={adminPanels} /> };
                },
              },
              {
                path: 'courses',
                lazy: async () => {
                  const { CoursesPage } = await import('../features/courses/course-list-page');
                  const { RequestCourseButton } =
                    await import('../features/course-requests/request-course-dialog');
                  return { Component: () => <CoursesPage studentActions={<RequestCourseButton />} /> };
                },
              },
              {
                path: 'series',
                lazy: async () => {
                  const { SeriesPage } = await import('../features/courses/course-list-page');
                  const { RequestCourseButton } =
                    await import('../features/course-requests/request-course-dialog');
                  return { Component: () => <SeriesPage studentActions={<RequestCourseButton />} /> };
                },
              },
              {
                path: 'course/:courseId',
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
              { path: 'community', element: appPlaceholder('Community') },
              { path: 'messages', element: appPlaceholder('Messages') },
              { path: 'resources', element: appPlaceholder('Resources') },
              { path: 'sifu-notes', element: appPlaceholder('Sifu Notes') },
              { path: 'support', element: appPlaceholder('Support') },
              { path: 'news/:id', element: appPlaceholder('News') },
              {
                path: 'settings',
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
                    lazy: async () => {
                      const { AdminDashboardPage } = await import('../features/dashboard/dashboard-page');
                      return { Component: () => <AdminDashboardPage adminPanels={adminPanels} /> };
                    },
                  },
                  {
                    path: 'courses/:courseId/content',
                    lazy: async () => ({
                      Component: (await import('../features/courses/admin')).ContentManagerPage,
                    }),
                  },
                  { path: 'blog', element: appPlaceholder('Blog Management') },
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
