import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { useSession } from '../lib/session';

const SETTINGS_PATH = '/app/settings';

/**
 * /app and below: spinner while the session loads, login page when signed out — or, after a
 * deliberate sign-out, the page that sign-out asked for (the landing page). A session signed in
 * with a temporary password may only set a new password, so it stays on the settings page.
 */
export function RequireAuth() {
  const { user, loading, verify, exitPath, clearExitPath } = useSession();
  const location = useLocation();
  const loadingAtEntry = useRef(loading);

  // Entering /app checks the token again; on a first page load the load-time check already does.
  useEffect(() => {
    if (!loadingAtEntry.current) void verify();
  }, [verify]);

  // A deliberate sign-out's destination holds only until the guard has acted on it.
  useEffect(() => clearExitPath, [clearExitPath]);

  if (loading) return <PageLoader label="Checking your session" />;
  if (!user) return <Navigate to={exitPath ?? '/app/login'} replace state={{ from: location.pathname }} />;
  if (user.requires_password_change && location.pathname !== SETTINGS_PATH) {
    return <Navigate to={`${SETTINGS_PATH}?openSecurity=true`} replace />;
  }
  return <Outlet />;
}

/**
 * Renders its children only once no password change is pending: until then the server refuses
 * every call but the password change, so parts of a page that load data wait.
 */
export function UnlessPasswordChangePending({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (user?.requires_password_change) return null;
  return children;
}

/** Admin-only routes send students back to the dashboard. */
export function RequireAdmin() {
  const { user } = useSession();
  if (!user?.is_admin) return <Navigate to="/app" replace />;
  return <Outlet />;
}
