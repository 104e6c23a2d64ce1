/**
 * The islands' calls to the API. A signed-in member's token is where the app keeps it (local
 * storage `authToken`, `userId`); the server-rendered HTML is the same for everyone, and
 * only these calls differ.
 */

export const AUTH_TOKEN_KEY = 'authToken';
export const USER_ID_KEY = 'userId';

export function storedSession(): { token: string; userId: string } | null {
  try {
    const token = window.localStorage.getItem(AUTH_TOKEN_KEY);
    const userId = window.localStorage.getItem(USER_ID_KEY);
    return token && userId ? { token, userId } : null;
  } catch {
    return null;
  }
}

export type ApiResult<T> =
  { ok: true; status: number; body: T } | { ok: false; status: number; error: string | null };

/** A JSON call; a failure carries the server's `error` message when it sent one. */
export async function callApi<T>(
  path: string,
  options: { method?: string; body?: unknown; auth?: boolean } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const session = options.auth ? storedSession() : null;
  if (session) headers.authorization = `Bearer ${session.token}`;
  try {
    const response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) return { ok: true, status: response.status, body: body as T };
    const error = (body as { error?: unknown } | null)?.error;
    return { ok: false, status: response.status, error: typeof error === 'string' ? error : null };
  } catch {
    return { ok: false, status: 0, error: null };
  }
}
