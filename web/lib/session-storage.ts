import type { User } from '../../common/users';

/** The session's local storage keys; e2e fixtures write the same three. */
export const STORAGE_KEYS = {
  token: 'authToken',
  userId: 'userId',
  user: 'userData',
} as const;

/**
 * When this browser's session began: the server's login answer carries no time, so the app notes
 * the moment it stores a new token. Written and cleared with the three keys above.
 */
export const SIGNED_IN_AT_KEY = 'signedInAt';

export interface StoredSession {
  token: string;
  userId: string;
  user: User;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be blocked (privacy modes); the app then works without persistence.
    return null;
  }
}

/**
 * The token whose sign-out is already on its way (a notice is being read before it). Until it
 * comes, finding that token refused — a 401, the live stream's session-ended — is left to it.
 */
let leavingToken: string | null = null;

export function announceSignOut(): void {
  leavingToken = readToken();
}

/** The announced sign-out is not coming after all (the request that would end it was refused). */
export function withdrawSignOut(): void {
  leavingToken = null;
}

export function isSigningOut(token: string | null): boolean {
  return token !== null && token === leavingToken;
}

export function readToken(): string | null {
  return storage()?.getItem(STORAGE_KEYS.token) ?? null;
}

export function readUserId(): string | null {
  return storage()?.getItem(STORAGE_KEYS.userId) ?? null;
}

/**
 * Whether cached data looks like the stored user. Deliberately light: the full schema would put
 * zod on every public page, and the token check replaces the cache with the server's copy anyway.
 */
function isCachedUser(data: unknown, userId: string): data is User {
  if (typeof data !== 'object' || data === null) return false;
  const user = data as Record<string, unknown>;
  return (
    user.id === userId &&
    typeof user.name === 'string' &&
    typeof user.username === 'string' &&
    typeof user.email === 'string' &&
    typeof user.is_admin === 'boolean' &&
    typeof user.privacy === 'object' &&
    user.privacy !== null
  );
}

/**
 * The cached session, used only when all three keys are present and the cached user parses
 * (and belongs to the stored user id); anything else counts as no cache.
 */
export function readStoredSession(): StoredSession | null {
  const store = storage();
  if (!store) return null;
  const token = store.getItem(STORAGE_KEYS.token);
  const userId = store.getItem(STORAGE_KEYS.userId);
  const raw = store.getItem(STORAGE_KEYS.user);
  if (!token || !userId || !raw) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isCachedUser(data, userId)) return null;
  return { token, userId, user: data };
}

export function writeSession(token: string, user: User): void {
  leavingToken = null;
  const store = storage();
  if (!store) return;
  // A new token is a new session; the same token stored again (a refreshed user) keeps its start.
  if (store.getItem(STORAGE_KEYS.token) !== token) store.setItem(SIGNED_IN_AT_KEY, new Date().toISOString());
  store.setItem(STORAGE_KEYS.token, token);
  store.setItem(STORAGE_KEYS.userId, user.id);
  store.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function writeCachedUser(user: User): void {
  storage()?.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function clearStoredSession(): void {
  leavingToken = null;
  const store = storage();
  if (!store) return;
  store.removeItem(STORAGE_KEYS.token);
  store.removeItem(STORAGE_KEYS.userId);
  store.removeItem(STORAGE_KEYS.user);
  store.removeItem(SIGNED_IN_AT_KEY);
}

/**
 * When the stored session began (ISO), or null when no one is signed in. A session stored without
 * its start (signed in before the app noted it) counts from the first time it is asked for here.
 */
export function readSignedInAt(): string | null {
  const store = storage();
  if (!store?.getItem(STORAGE_KEYS.token)) return null;
  const stored = store.getItem(SIGNED_IN_AT_KEY);
  if (stored && !Number.isNaN(Date.parse(stored))) return stored;
  const now = new Date().toISOString();
  store.setItem(SIGNED_IN_AT_KEY, now);
  return now;
}
