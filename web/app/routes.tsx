import { lazy, Suspense, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunction, type Params, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { RouteErrorBoundary } from '../components/route-error-boundary';
import type { queries } from './queries';
import { readStoredSession } from '../lib/session-storage';
import type { AdminPanelsProps } from '../features/dashboard/dashboard-page';
import { RequireAdmin, RequireAuth, UnlessPasswordChangePending } from './guards';
import { LeaveForSite, PublicLayout } from './public-layout';
import { RootLayout } from './root-layout';

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

/** The admin's management panels (news, bookings, classes, reviews, enrolments, AI Sifu analytics, courses, course requests), composed here. */
function adminPanels(AdminPanels: ComponentType<AdminPanelsProps>) {
  return (
    <AdminPanels
      actions={
        <>
          {lazyPanel(
            'Loading news',
            async () => (await import('../features/news/admin/news-admin')).AddNewsButton,
          )}
          {lazyPanel(
            'Loading testimonials',
            async () => (await import('../features/testimonials/testimonials-modal')).TestimonialsButton,
          )}
        </>
      }
      news={lazyPanel(
        'Loading news',
        async () => (await import('../features/news/admin/news-admin')).NewsAdminPanel,
      )}
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
      bookings={lazyPanel(
        'Loading bookings',
        async () => (await import('../features/bookings/booking-management')).BookingManagement,
      )}
      classes={lazyPanel(
        'Loading classes',
        async () => (await import('../features/classes/class-management')).ClassManagement,
      )}
      aiSifu={lazyPanel(
        'Loading AI Sifu analytics',
        async () => (await import('../features/ai-sifu-admin/analytics-panel')).AiAnalyticsPanel,
      )}
    />
  );
}

/**
 * A loader that starts a page's reads while its code loads, with the options its hooks use, so
 * they find the answer in flight. It never delays or fails the navigation (the page shows its own
 * loading and error states), and reads nothing for a visitor who is not signed in, for a
 * session that may only set a new password (the guard keeps it on Settings), or, on an admin
 * page, for a student.
 */
function prefetch(
  start: (registry: typeof queries, params: Params) => Promise<void>,
  { adminOnly = false } = {},
): LoaderFunction {
  return ({ params }) => {
    const session = readStoredSession();
    const allowed =
      session && !session.user.requires_password_change && (!adminOnly || session.user.is_admin);
    // The registry, and the schemas it reads with, load beside the page's code, not with `/`.
    if (allowed) void import('./queries').then(({ queries: registry }) => start(registry, params));
    return null;
  };
}

/**
 * The app's routes. The public pages are in the main bundle; everything behind
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
                      // A member's classes load on their own, as the admin panels do.
                      const memberPanels = lazyPanel(
                        'Loading your classes',
                        async () => (await import('../features/classes/my-classes')).MyClasses,
                      );
                      return {
                        Component: () => <DashboardPage adminPanels={panels} memberPanels={memberPanels} />,
                      };
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
                    // The reviews feature, and AI Sifu for an enrolled student, are composed into the
                    // course page here: features do not import each other.
                    lazy: async () => {
                      const [
                        { CourseDetailPage },
                        { CourseReviews },
                        { AskSifuAboutLesson, CourseSifu },
                        { GlossaryText },
                      ] = await Promise.all([
                        import('../features/courses/course-detail-page'),
                        import('../features/reviews/course-reviews'),
                        import('../features/ai-sifu/course-sifu'),
                        import('../features/ai-sifu/glossary-text'),
                      ]);
                      return {
                        Component: () => (
                          <>
                            <CourseDetailPage
                              renderReviews={(props) => <CourseReviews {...props} />}
                              lessonSlots={{
                                renderText: (text) => <GlossaryText text={text} />,
                                renderActions: (lesson) => <AskSifuAboutLesson lessonId={lesson.id} />,
                              }}
                            />
                            <CourseSifu />
                          </>
                        ),
                      };
                    },
                  },
                  {
                    path: 'community',
                    handle: { title: 'Community' },
                    lazy: async () => {
                      const { CommunityPage } = await import('../features/community/community-page');
                      const admin = lazyPanel(
                        'Loading community',
                        async () =>
                          (await import('../features/community/community-management')).CommunityManagement,
                      );
                      const member = lazyPanel(
                        'Loading community',
                        async () => (await import('../features/community/member-community')).MemberCommunity,
                      );
                      return { Component: () => <CommunityPage admin={admin} member={member} /> };
                    },
                  },
                  {
                    path: 'messages',
                    handle: { title: 'Messages' },
                    lazy: async () => ({
                      Component: (await import('../features/messages/messages-page')).MessagesPage,
                    }),
                  },
                  {
                    path: 'resources',
                    handle: { title: 'Learning Resources' },
                    lazy: async () => ({
                      Component: (await import('../features/resources/resources-page')).ResourcesPage,
                    }),
                  },
                  {
                    path: 'sifu-notes',
                    handle: { title: "Sifu's Notes" },
                    lazy: async () => ({
                      Component: (await import('../features/ai-sifu/sifu-notes-page')).SifuNotesPage,
                    }),
                  },
                  {
                    path: 'support',
                    handle: { title: 'Support' },
                    lazy: async () => ({
                      Component: (await import('../features/support/support-page')).SupportPage,
                    }),
                  },
                  {
                    // Without an id the page says that no article was chosen.
                    path: 'news/:id?',
                    handle: { title: 'News' },
                    lazy: async () => ({
                      Component: (await import('../features/news/news-article-page')).NewsArticlePage,
                    }),
                  },
                  {
                    path: 'settings',
                    handle: { title: 'Settings' },
                    // The payments feature's order history and, for admins, the school's settings are
                    // composed into the settings page here.
                    lazy: async () => {
                      const [{ SettingsPage }, { OrderHistory }] = await Promise.all([
                        import('../features/users/settings-page'),
                        import('../features/payments/order-history'),
                      ]);
                      // Loaded only when an administrator's page shows it.
                      const schoolSection = lazyPanel(
                        'Loading school settings',
                        async () =>
                          (await import('../features/school/school-settings-form')).SchoolSettingsSection,
                      );
                      return {
                        Component: () => (
                          <SettingsPage
                            renderOrderHistory={({ userId }) => (
                              <UnlessPasswordChangePending>
                                <OrderHistory userId={userId} />
                              </UnlessPasswordChangePending>
                            )}
                            adminSections={schoolSection}
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
                        path: 'classes/:classId/attendance',
                        handle: { title: 'Attendance' },
                        lazy: async () => ({
                          Component: (await import('../features/classes/attendance-page')).AttendancePage,
                        }),
                      },
                      {
                        path: 'quotes',
                        handle: { title: 'Quotes' },
                        lazy: async () => ({
                          Component: (await import('../features/quotes/quotes-admin-page')).QuotesAdminPage,
                        }),
                      },
                      {
                        path: 'resources',
                        handle: { title: 'Resources Management' },
                        lazy: async () => ({
                          Component: (await import('../features/resources/admin/resources-admin-page'))
                            .ResourcesAdminPage,
                        }),
                      },
                      {
                        path: 'ai-sifu',
                        handle: { title: 'AI Sifu Analytics' },
                        lazy: async () => ({
                          Component: (await import('../features/ai-sifu-admin/analytics-page'))
                            .AiSifuAnalyticsPage,
                        }),
                      },
                      {
                        path: 'ai-sifu/knowledge',
                        handle: { title: 'AI Sifu Knowledge' },
                        lazy: async () => ({
                          Component: (await import('../features/ai-sifu-admin/knowledge-page')).KnowledgePage,
                        }),
                      },
                      {
                        path: 'blog',
                        handle: { title: 'Blog Management' },
                        loader: prefetch((registry) => queryClient.prefetchQuery(registry.blog.stats()), {
                          adminOnly: true,
                        }),
                        lazy: async () => ({
                          Component: (await import('../features/blog/admin/blog-management-page'))
                            .BlogManagementPage,
                        }),
                      },
                      {
                        path: 'blog/new',
                        handle: { title: 'New Blog Post' },
                        lazy: async () => ({
                          Component: (await import('../features/blog/admin/blog-editor-page')).BlogEditorPage,
                        }),
                      },
                      {
                        path: 'blog/:postId/edit',
                        handle: { title: 'Edit Blog Post' },
                        loader: prefetch(
                          (registry, { postId = '' }) =>
                            queryClient.prefetchQuery(registry.blog.adminPost(postId)),
                          { adminOnly: true },
                        ),
                        lazy: async () => ({
                          Component: (await import('../features/blog/admin/blog-editor-page')).BlogEditorPage,
                        }),
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      // The public site's pages (/, /about, /blog, /classes, /workshops) are the server's: leave the app for them.
      { path: '*', element: <LeaveForSite /> },
    ],
  },
];
