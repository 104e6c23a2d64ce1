import { Suspense, useCallback, useState } from 'react';
import { AppShell, Progress } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { Outlet, useNavigation } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { MAIN_ID, SkipLink } from '../../components/skip-link';
import { TermsGate } from '../../features/terms/terms-gate';
import { SESSION_ENDED_EVENT } from '../../../common/live';
import { useLiveEvent } from '../../lib/live-events';
import { useCurrentUser, useSession } from '../../lib/session';
import { AppHeader } from './app-header';
import { AppNavbar } from './app-navbar';
import classes from './app-shell-layout.module.css';

const NAVBAR_WIDTH = 240;
const NAVBAR_NARROW_WIDTH = 76;
/** The narrow sidebar is a standing preference, so it outlives a reload. */
const SIDEBAR_COLLAPSED_KEY = 'sidebarCollapsed';

/**
 * Unread messages for the sidebar badge and the bell. The messaging domain supplies the real
 * count (polled every 30 s, spec §9); until it exists there is nothing unread.
 */
function useUnreadCount(): number {
  return 0;
}

/**
 * Keeps the browser's live event stream open. A session ended elsewhere (signed out, a password
 * changed) is noticed at once: the token check then signs this browser out too.
 */
function LiveSession({ onEnded }: { onEnded: () => void }) {
  useLiveEvent(SESSION_ENDED_EVENT, onEnded);
  return null;
}

/** The signed-in area: sidebar, top bar, the terms gate and the current page. */
export function AppShellLayout() {
  const user = useCurrentUser();
  const { signOut, verify } = useSession();
  const navigation = useNavigation();
  const unreadCount = useUnreadCount();
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [narrow, setNarrow] = useLocalStorage({
    key: SIDEBAR_COLLAPSED_KEY,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const [termsOpened, setTermsOpened] = useState(false);

  // The /app guard takes the signed-out user to the landing page.
  const handleSignOut = useCallback(() => signOut({ redirectTo: '/' }), [signOut]);

  return (
    <>
      <SkipLink />
      <AppShell
        header={{ height: 60 }}
        navbar={{
          // From the sm breakpoint up; below it the sidebar opens over the page at full width.
          width: narrow ? NAVBAR_NARROW_WIDTH : NAVBAR_WIDTH,
          breakpoint: 'sm',
          collapsed: { mobile: !mobileOpened },
        }}
        padding="md"
      >
        <AppShell.Header>
          {navigation.state === 'loading' && (
            <Progress
              value={100}
              animated
              size="xs"
              radius={0}
              aria-label="Loading page"
              className={classes.loading}
            />
          )}
          <AppHeader
            user={user}
            unreadCount={unreadCount}
            navbarOpened={mobileOpened}
            onToggleNavbar={toggleMobile}
            onViewTerms={() => setTermsOpened(true)}
            onSignOut={() => void handleSignOut()}
          />
        </AppShell.Header>
        <AppShell.Navbar aria-label="App navigation">
          <AppNavbar
            isAdmin={user.is_admin}
            unreadCount={unreadCount}
            narrow={narrow}
            onToggleNarrow={() => setNarrow((value) => !value)}
            onNavigate={closeMobile}
          />
        </AppShell.Navbar>
        <AppShell.Main id={MAIN_ID} tabIndex={-1}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
        {/* A session owing a new password may call nothing else, the stream included. */}
        {!user.requires_password_change && <LiveSession onEnded={() => void verify()} />}
        <TermsGate userId={user.id} viewOpened={termsOpened} onViewClose={() => setTermsOpened(false)} />
      </AppShell>
    </>
  );
}
