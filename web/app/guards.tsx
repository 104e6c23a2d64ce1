import { useEffect, type ReactNode } from 'react';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { useSession } from '../lib/session';

const SETTINGS_PATH = '/app/settings';

/**
 * /app and below. A cached user renders at once while the token check runs in the background;
 * without one, a spinner until the check answers, or Retry when it could not reach the server.
 * Signed out: the login page, which returns here after sign-in — or, after a deliberate sign-out,
 * the page that sign-out asked for (the landing page). A session signed in with a temporary
 * password may only set a new password, so it stays on the settings page.
 */
export function RequireAuth() {
  const { user, loading, checkFailed, verify, exitPath, clearExitPath } = useSession();
  const location = useLocation();

  // Entering /app checks the token again.
  useEffect(() => {
    void verify();
  }, [verify]);

  // A deliberate sign-out's destination holds only until the guard has acted on it.
  useEffect(() => clearExitPath, [clearExitPath]);

  if (!user && loading) return <PageLoader label="Checking your session" />;
  if (!user && checkFailed) return <SessionCheckFailed onRetry={() => void verify()} />;
  if (!user) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={exitPath ?? '/app/login'} replace state={exitPath ? undefined : { from }} />;
  }
  if (user.requires_password_change && location.pathname !== SETTINGS_PATH) {
    return <Navigate to={`${SETTINGS_PATH}?openSecurity=true`} replace />;
  }
  return <Outlet />;
}

function SessionCheckFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Center component="main" mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={420}>
        <Title order={1} size="h3">
          Could not check your session
        </Title>
        <Text ta="center" c="dimmed">
          The server did not answer. Check your connection and try again.
        </Text>
        <Button onClick={onRetry}>Retry</Button>
      </Stack>
    </Center>
  );
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
