import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { TOAST_EVENT } from '../lib/toast-event';
import { SessionProvider } from '../lib/session';
import { cssVariablesResolver, theme } from './theme';

// The toast container and its code load with the first toast, so pages that raise none never fetch them.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

function ToastContainer() {
  const [used, setUsed] = useState(false);
  useEffect(() => {
    const handleFirstToast = () => setUsed(true);
    window.addEventListener(TOAST_EVENT, handleFirstToast, { once: true });
    return () => window.removeEventListener(TOAST_EVENT, handleFirstToast);
  }, []);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      {/* Each toast sets its own auto-close (lib/notify.ts). */}
      <Notifications position="bottom-right" />
    </Suspense>
  );
}

/**
 * Light scheme only, set without Mantine's ColorSchemeScript: the server's Content Security
 * Policy forbids inline scripts.
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <MantineProvider theme={theme} forceColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <ToastContainer />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>{children}</SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
