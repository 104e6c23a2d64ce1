import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { useSession } from '../lib/session';

/**
 * /app and below: spinner while the session loads, login page when signed out — or, after a
 * deliberate sign-out, the page that sign-out asked for (the landing page).
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
  return <Outlet />;
}

/** Admin-only routes send students back to the dashboard. */
export function RequireAdmin() {
  const { user } = useSession();
  if (!user?.is_admin) return <Navigate to="/app" replace />;
  return <Outlet />;
}
