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
import { AUTH_ERROR_EVENT, ApiRequestError, apiRequest, isUnauthorized } from './api-client';
import {
  STORAGE_KEYS,
  clearStoredSession,
  readStoredSession,
  readToken,
  readUserId,
  writeCachedUser,
  writeSession,
} from './session-storage';

export interface SessionContextValue {
  user: User | null;
  /** True until the first token check has answered. */
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
  /** Reloads the user from the server and caches it. */
  refreshUser: () => Promise<User | null>;
  /** Replaces the user (after a profile save) and caches it. */
  setUser: (user: User) => void;
  /** The token check: no token → signed out; 401 → signed out; other errors keep the session. */
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

function sessionEnded(error: unknown): boolean {
  return isUnauthorized(error) || (error instanceof ApiRequestError && error.code === 'ABORTED');
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUserState] = useState<User | null>(() => readStoredSession()?.user ?? null);
  const [loading, setLoading] = useState(true);
  const [exitPath, setExitPath] = useState<string | null>(null);
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
    // Several callers (load, entering /app) share one check in flight.
    if (verifying.current) return verifying.current;
    const run = async () => {
      const token = readToken();
      const userId = readUserId();
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
        writeCachedUser(result.user);
        setUserState(result.user);
      } catch (error) {
        if (sessionEnded(error)) {
          clearStoredSession();
          forget(null);
        } else {
          // The server could not answer; keep the session on the cached user.
          setUserState((current) => current ?? readStoredSession()?.user ?? null);
        }
      }
    };
    verifying.current = run().finally(() => {
      verifying.current = null;
      setLoading(false);
    });
    return verifying.current;
  }, [forget]);

  useEffect(() => {
    void verify();
  }, [verify]);

  useEffect(() => {
    const handleAuthError = () => forget(null);
    // Another tab signing out removes the token; follow it.
    const handleStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.token && !event.newValue) forget(null);
    };
    window.addEventListener(AUTH_ERROR_EVENT, handleAuthError);
    window.addEventListener('storage', handleStorage);
    return () => {
      window.removeEventListener(AUTH_ERROR_EVENT, handleAuthError);
      window.removeEventListener('storage', handleStorage);
    };
  }, [forget]);

  const signIn = useCallback(
    (auth: AuthResponse) => {
      queryClient.clear();
      writeSession(auth.token, auth.user);
      setExitPath(null);
      setUserState(auth.user);
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
    () => ({ user, loading, signIn, signOut, exitPath, clearExitPath, refreshUser, setUser, verify }),
    [user, loading, signIn, signOut, exitPath, clearExitPath, refreshUser, setUser, verify],
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
