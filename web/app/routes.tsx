import { Navigate, type RouteObject } from 'react-router';
import { ComingSoonPage } from '../components/coming-soon-page';
import { PageLoader } from '../components/page-loader';
import { RouteErrorBoundary } from '../components/route-error-boundary';
import { LandingPage } from '../features/home/landing-page';
import { RequireAdmin, RequireAuth } from './guards';
import { PublicLayout } from './public-layout';
import { RootLayout } from './root-layout';

/** A placeholder inside the app shell, for screens of later issues. */
const appPlaceholder = (title: string): RouteObject['element'] => (
  <ComingSoonPage title={title} backTo="/app" backLabel="Back to dashboard" />
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
          { path: 'payment/success', element: <ComingSoonPage title="Payment" /> },
          { path: 'payment/failed', element: <ComingSoonPage title="Payment" /> },
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
                lazy: async () => ({
                  Component: (await import('../features/dashboard/dashboard-page')).DashboardPage,
                }),
              },
              { path: 'courses', element: appPlaceholder('Courses') },
              { path: 'series', element: appPlaceholder('Series') },
              { path: 'course/:courseId', element: appPlaceholder('Course') },
              { path: 'community', element: appPlaceholder('Community') },
              { path: 'messages', element: appPlaceholder('Messages') },
              { path: 'resources', element: appPlaceholder('Resources') },
              { path: 'sifu-notes', element: appPlaceholder('Sifu Notes') },
              { path: 'support', element: appPlaceholder('Support') },
              { path: 'news/:id', element: appPlaceholder('News') },
              {
                path: 'settings',
                lazy: async () => ({
                  Component: (await import('../features/users/settings-page')).SettingsPage,
                }),
              },
              {
                path: 'admin',
                element: <RequireAdmin />,
                children: [
                  { index: true, element: appPlaceholder('Admin Dashboard') },
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
