import { lazy, Suspense, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';

import { SessionProvider } from '../lib/session';
import { cssVariablesResolver, theme } from './theme';

// Only signed-in screens raise toasts; loading the container later keeps it off the public pages' bundle.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/** Toasts auto-close after 3 seconds unless a screen says otherwise (spec §9). */
const TOAST_MS = 3000;

/**
 * Light scheme only, set without Mantine's ColorSchemeScript: the server's Content Security
 * Policy forbids inline scripts.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} forceColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <Suspense fallback={null}>
        <Notifications position="bottom-right" autoClose={TOAST_MS} />
      </Suspense>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>{children}</SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
