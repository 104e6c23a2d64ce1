import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
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

/** Where the reader's choice of light or dark is kept; web/public/color-scheme.js reads the same key. */
export const COLOR_SCHEME_KEY = 'colorScheme';
const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

/**
 * The colour scheme follows the system setting ("auto") until the reader picks light or dark.
 * web/public/color-scheme.js sets it on <html> before the first paint, in place of Mantine's
 * inline ColorSchemeScript, which the server's Content Security Policy would block.
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
    >
      <ToastContainer />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>{children}</SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
