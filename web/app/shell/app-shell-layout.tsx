import { Suspense, useCallback, useState } from 'react';
import { AppShell, Progress } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Outlet, useNavigation } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { MAIN_ID, SkipLink } from '../../components/skip-link';
import { TermsGate } from '../../features/terms/terms-gate';
import { SESSION_ENDED_EVENT } from '../../../common/live';
import {
  CONVERSATION_DELETED_EVENT,
  MESSAGE_CREATED_EVENT,
  MESSAGE_DELETED_EVENT,
  MESSAGE_READ_EVENT,
  UNREAD_POLL_MS,
} from '../../../common/messages';
import { useLiveEvent, useLiveStreamOpen, useRefetchOnLiveReset } from '../../lib/live-events';
// The messaging feature's reads, not the registry: the other domains stay out of the shell's chunk.
import { messageQueries } from '../../features/messages/queries';
import { useCurrentUser, useSession } from '../../lib/session';
import { AppHeader } from './app-header';
import { AppNavbar } from './app-navbar';
import classes from './app-shell-layout.module.css';

const NAVBAR_WIDTH = 240;
const NAVBAR_NARROW_WIDTH = 76;
/** The narrow sidebar is a standing preference, so it outlives a reload. */
const SIDEBAR_COLLAPSED_KEY = 'sidebarCollapsed';

/**
 * Keeps the unread count current: each messaging event on the live stream asks
 * for it again (and marks the bell's recent messages stale), and it is polled only while the
 * stream is down. Mounted only for a session that may call the API, since watching the stream
 * keeps it open.
 */
function UnreadLive({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const liveOpen = useLiveStreamOpen();
  const count = messageQueries.unreadCount(userId);
  useQuery({ ...count, refetchInterval: liveOpen ? false : UNREAD_POLL_MS });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: count.queryKey });
    void queryClient.invalidateQueries({ queryKey: messageQueries.recent(userId).queryKey });
  };
  useLiveEvent(MESSAGE_CREATED_EVENT, refresh);
  useLiveEvent(MESSAGE_READ_EVENT, refresh);
  useLiveEvent(MESSAGE_DELETED_EVENT, refresh);
  useLiveEvent(CONVERSATION_DELETED_EVENT, refresh);
  return null;
}

/** Unread messages for the sidebar badge and the bell. */
function useUnreadCount(userId: string, enabled: boolean): number {
  const { data } = useQuery({ ...messageQueries.unreadCount(userId), enabled });
  return enabled ? (data ?? 0) : 0;
}

/**
 * Keeps the browser's live event stream open. A session ended elsewhere (signed out, a password
 * changed) is noticed at once: the token check then signs this browser out too. Events missed
 * beyond what the server keeps are made up for by re-reading every query.
 */
function LiveSession({ onEnded }: { onEnded: () => void }) {
  useLiveEvent(SESSION_ENDED_EVENT, onEnded);
  useRefetchOnLiveReset();
  return null;
}

/** The signed-in area: sidebar, top bar, the terms gate and the current page. */
export function AppShellLayout() {
  const user = useCurrentUser();
  const { signOut, verify } = useSession();
  const navigation = useNavigation();
  // A session owing a new password may call nothing else, the stream included.
  const mayRead = !user.requires_password_change;
  const unreadCount = useUnreadCount(user.id, mayRead);
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
        {mayRead && <LiveSession onEnded={() => void verify()} />}
        {mayRead && <UnreadLive userId={user.id} />}
        <TermsGate userId={user.id} viewOpened={termsOpened} onViewClose={() => setTermsOpened(false)} />
      </AppShell>
    </>
  );
}
