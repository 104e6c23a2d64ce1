import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AuthResponse } from '../../common/auth';
import type { User } from '../../common/users';
import { AUTH_ERROR_EVENT, apiRequest, isUnauthorized } from './api-client';
import {
  STORAGE_KEYS,
  clearStoredSession,
  isSigningOut,
  readStoredSession,
  readToken,
  readUserId,
  writeCachedUser,
  writeSession,
} from './session-storage';

export interface SessionContextValue {
  user: User | null;
  /**
   * True while a token is stored but no user is known yet: the token check decides. With a cached
   * user the app renders at once and the check runs in the background.
   */
  loading: boolean;
  /** Stores the token, user id and user from a login, registration or temporary-password login. */
  signIn: (auth: AuthResponse) => void;
  /**
   * Revokes the token on the server (unless `revoke` is false) and forgets the session.
   * `redirectTo` is where the /app guard sends the signed-out user instead of the login page.
   */
  signOut: (options?: { revoke?: boolean; redirectTo?: string }) => Promise<void>;
  /** Where the /app guard should go after a deliberate sign-out; null means the login page. */
  exitPath: string | null;
  clearExitPath: () => void;
  /** The token check could not reach the server and no user is cached: offer Retry (`verify`). */
  checkFailed: boolean;
  /** Reloads the user from the server and caches it. */
  refreshUser: () => Promise<User | null>;
  /** Replaces the user (after a profile save) and caches it. */
  setUser: (user: User) => void;
  /**
   * The token check, run on entering /app (public pages never call it): no token → signed out;
   * a 401 for the stored token → signed out; other errors keep the session.
   */
  verify: () => Promise<void>;
}

/**
 * The response schemas load on demand: visitors without a session never download zod, and the
 * public pages' bundle stays small.
 */
async function loadSchemas() {
  const [{ VerifyResponse }, { User }] = await Promise.all([
    import('../../common/auth'),
    import('../../common/users'),
  ]);
  return { VerifyResponse, User };
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUserState] = useState<User | null>(() => readStoredSession()?.user ?? null);
  const [loading, setLoading] = useState(() => readToken() !== null && readStoredSession() === null);
  const [exitPath, setExitPath] = useState<string | null>(null);
  const [checkFailed, setCheckFailed] = useState(false);
  const verifying = useRef<Promise<void> | null>(null);

  const forget = useCallback(
    (nextExitPath: string | null = null) => {
      setExitPath(nextExitPath);
      setUserState(null);
      queryClient.clear();
    },
    [queryClient],
  );

  const verify = useCallback((): Promise<void> => {
    // Several callers (the guard, the login page) share one check in flight.
    if (verifying.current) return verifying.current;
    const run = async () => {
      const token = readToken();
      const userId = readUserId();
      // A sign-out is already on its way: the token's end is no news.
      if (isSigningOut(token)) return;
      if (!token || !userId) {
        clearStoredSession();
        setUserState(null);
        return;
      }
      try {
        const { VerifyResponse } = await loadSchemas();
        const result = await apiRequest(`/verify/user/${encodeURIComponent(userId)}`, {
          method: 'POST',
          schema: VerifyResponse,
        });
        if (readToken() !== token) return;
        writeCachedUser(result.user);
        setUserState(result.user);
        setCheckFailed(false);
      } catch (error) {
        if (isUnauthorized(error)) {
          // Signed out, unless another tab has stored a new token since: the 401 was for the old one.
          const stored = readToken();
          if (stored === null || stored === token) {
            clearStoredSession();
            forget(null);
          }
        } else {
          // The server could not answer; keep the session on the cached user, or say so.
          const cached = readStoredSession()?.user ?? null;
          setUserState((current) => current ?? cached);
          setCheckFailed(cached === null);
        }
      }
    };
    setLoading(readStoredSession() === null && readToken() !== null);
    verifying.current = run().finally(() => {
      verifying.current = null;
      setLoading(false);
    });
    return verifying.current;
  }, [forget]);

  useEffect(() => {
    const handleAuthError = () => forget(null);
    // Follow the other tabs: a sign-out there removes the token, a sign-in there replaces it.
    const handleStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== STORAGE_KEYS.token && event.key !== STORAGE_KEYS.user) return;
      if (!readToken()) {
        forget(null);
        return;
      }
      // Nothing cached under the previous session may show under the new one.
      if (event.key === STORAGE_KEYS.token) queryClient.clear();
      const stored = readStoredSession();
      if (stored) setUserState(stored.user);
    };
    window.addEventListener(AUTH_ERROR_EVENT, handleAuthError);
    window.addEventListener('storage', handleStorage);
    return () => {
      window.removeEventListener(AUTH_ERROR_EVENT, handleAuthError);
      window.removeEventListener('storage', handleStorage);
    };
  }, [forget, queryClient]);

  const signIn = useCallback(
    (auth: AuthResponse) => {
      queryClient.clear();
      writeSession(auth.token, auth.user);
      setExitPath(null);
      setUserState(auth.user);
      setCheckFailed(false);
      setLoading(false);
    },
    [queryClient],
  );

  const signOut = useCallback(
    async ({ revoke = true, redirectTo }: { revoke?: boolean; redirectTo?: string } = {}) => {
      if (revoke && readToken()) {
        try {
          await apiRequest('/user/logout', { method: 'POST', endSessionOn401: false });
        } catch (error) {
          // The local session ends regardless; the server expires the token on its own.
          console.warn('Logout request failed', error);
        }
      }
      clearStoredSession();
      forget(redirectTo ?? null);
    },
    [forget],
  );

  const clearExitPath = useCallback(() => setExitPath(null), []);

  const setUser = useCallback((next: User) => {
    writeCachedUser(next);
    setUserState(next);
  }, []);

  const refreshUser = useCallback(async () => {
    const userId = readUserId();
    if (!userId) return null;
    const { User } = await loadSchemas();
    const next = await apiRequest(`/user/${encodeURIComponent(userId)}/profile`, { schema: User });
    setUser(next);
    return next;
  }, [setUser]);

  const value = useMemo<SessionContextValue>(
    () => ({
      user,
      loading,
      checkFailed,
      signIn,
      signOut,
      exitPath,
      clearExitPath,
      refreshUser,
      setUser,
      verify,
    }),
    [user, loading, checkFailed, signIn, signOut, exitPath, clearExitPath, refreshUser, setUser, verify],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

/** The signed-in user, for screens behind the /app guard. */
export function useCurrentUser(): User {
  const { user } = useSession();
  if (!user) throw new Error('useCurrentUser used without a signed-in user');
  return user;
}
