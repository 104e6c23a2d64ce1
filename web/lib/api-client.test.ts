import { describe, expect, it, vi } from 'vitest';
import { databaseTimeout, makeUser, sessionExpired, signInAs, stubFetch } from '../test/render';
import {
  AUTH_ERROR_EVENT,
  ApiRequestError,
  DEFAULT_TIMEOUT_MS,
  apiRequest,
  errorMessage,
  isTimeout,
  streamRequest,
} from './api-client';
import { STORAGE_KEYS } from './session-storage';

function listenForAuthErrors() {
  const listener = vi.fn();
  window.addEventListener(AUTH_ERROR_EVENT, listener);
  return { listener, stop: () => window.removeEventListener(AUTH_ERROR_EVENT, listener) };
}

describe('apiRequest', () => {
  it('sends the stored token as a Bearer header', async () => {
    signInAs(makeUser(), 'abc123');
    const { calls } = stubFetch({ 'GET /api/health': () => ({ body: { status: 'ok' } }) });

    await expect(apiRequest('/health')).resolves.toEqual({ status: 'ok' });
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer abc123');
  });

  it('on a 401 clears the token, user id and user, and fires the auth-error event', async () => {
    signInAs(makeUser());
    stubFetch({ 'GET /api/user/1/profile': () => sessionExpired });
    const { listener, stop } = listenForAuthErrors();

    const error = await apiRequest('/user/1/profile').catch((caught: unknown) => caught);
    stop();

    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe(sessionExpired.body.error);
    expect((error as ApiRequestError).status).toBe(401);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('treats a cancelled call as cancelled, never as a sign-out', async () => {
    signInAs(makeUser());
    const { calls } = stubFetch({ 'GET /api/courses': () => ({ body: { courses: [] } }) });
    const controller = new AbortController();
    controller.abort();
    const { listener, stop } = listenForAuthErrors();

    await expect(apiRequest('/courses', { signal: controller.signal })).rejects.toMatchObject({
      code: 'CANCELLED',
    });
    stop();

    expect(calls).toHaveLength(0);
    expect(listener).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('test-token');
  });

  it('gives up on a server that does not answer with TIMEOUT, keeping the session', async () => {
    vi.useFakeTimers();
    try {
      signInAs(makeUser());
      vi.stubGlobal(
        'fetch',
        vi.fn(
          (_url: string, init: RequestInit) =>
            new Promise((_resolve, reject) =>
              init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
            ),
        ),
      );
      const { listener, stop } = listenForAuthErrors();
      const pending = apiRequest('/user/1/profile').catch((caught: unknown) => caught);
      await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - 1);
      let settled = false;
      void pending.then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const error = await pending;
      stop();

      expect(isTimeout(error)).toBe(true);
      expect((error as ApiRequestError).message).toBe(
        'The server took too long to answer. Please try again.',
      );
      expect(listener).not.toHaveBeenCalled();
      expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('test-token');
    } finally {
      vi.useRealTimers();
    }
  });

  it('ignores a 401 for a token that a new sign-in has replaced meanwhile', async () => {
    signInAs(makeUser(), 'old-token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        // Another tab signs in while the call is on its way.
        localStorage.setItem(STORAGE_KEYS.token, 'new-token');
        return new Response(JSON.stringify(sessionExpired.body), { status: 401 });
      }),
    );
    const { listener, stop } = listenForAuthErrors();

    await expect(apiRequest('/user/1/profile')).rejects.toMatchObject({ status: 401 });
    stop();

    expect(listener).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new-token');
  });

  it('leaves the session alone for public calls (a failed login is not a lost session)', async () => {
    signInAs(makeUser(), 'keep-me');
    const { calls } = stubFetch({
      'POST /api/user/authenticate': () => ({
        status: 401,
        body: { error: 'Invalid username or password', code: 'INVALID_CREDENTIALS' },
      }),
    });
    const { listener, stop } = listenForAuthErrors();

    await expect(
      apiRequest('/user/authenticate', {
        method: 'POST',
        body: { username: 'a', password: 'b' },
        auth: false,
      }),
    ).rejects.toMatchObject({ message: 'Invalid username or password', code: 'INVALID_CREDENTIALS' });
    stop();

    expect(listener).not.toHaveBeenCalled();
    expect(calls[0]?.headers.get('Authorization')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('keep-me');
  });

  it('keeps the session on other errors', async () => {
    signInAs(makeUser(), 'keep-me');
    stubFetch({ 'GET /api/courses': () => databaseTimeout });
    const { listener, stop } = listenForAuthErrors();

    await expect(apiRequest('/courses')).rejects.toMatchObject({ status: 503 });
    stop();

    expect(listener).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('keep-me');
  });

  it('rejects a response that breaks the contract', async () => {
    stubFetch({ 'GET /api/user/1/profile': () => ({ body: { id: 'not-a-user' } }) });
    const { User } = await import('../../common/users');
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});

    await expect(apiRequest('/user/1/profile', { schema: User })).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
    });
    expect(consoleError).toHaveBeenCalledWith('Unexpected API response', expect.anything());
  });
});

describe('errorMessage', () => {
  it("prefers the server's text for client errors and the fallback otherwise", () => {
    const fallback = 'Login failed. Please try again.';
    expect(
      errorMessage(new ApiRequestError('Account is deactivated', 403, 'ACCOUNT_DEACTIVATED'), fallback),
    ).toBe('Account is deactivated');
    expect(errorMessage(new ApiRequestError('Internal server error', 500, 'INTERNAL'), fallback)).toBe(
      fallback,
    );
    expect(errorMessage(new ApiRequestError('offline', 0, 'NETWORK_ERROR'), fallback)).toBe(fallback);
    expect(errorMessage(new Error('boom'), fallback)).toBe(fallback);
  });
});

describe('streamRequest', () => {
  it('yields the body as it arrives, with the token, and stops when cancelled', async () => {
    signInAs(makeUser(), 'abc123');
    const encoder = new TextEncoder();
    let push!: (text: string) => void;
    const fetchStub = vi.fn(async (_url: string, init: RequestInit) => {
      const body = new ReadableStream<Uint8Array>({
        start(stream) {
          push = (text) => stream.enqueue(encoder.encode(text));
          push('Stand ');
          // As the browser does, aborting the call errors the body being read.
          init.signal!.addEventListener('abort', () =>
            stream.error(new DOMException('aborted', 'AbortError')),
          );
        },
      });
      return new Response(body, { status: 200 });
    });
    vi.stubGlobal('fetch', fetchStub);
    const controller = new AbortController();
    const received: string[] = [];
    const reading = (async () => {
      for await (const chunk of streamRequest('/events', { signal: controller.signal })) {
        received.push(chunk);
        if (received.length === 1) push('like a tree');
        else controller.abort();
      }
    })();

    await expect(reading).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(received.join('')).toBe('Stand like a tree');
    const init = fetchStub.mock.calls[0]![1];
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer abc123');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('abc123');
  });

  it('fails with the server error before any chunk', async () => {
    signInAs(makeUser());
    const mustChangePassword = 'Please set a new password before continuing';
    stubFetch({
      'GET /api/events': () => ({
        status: 403,
        body: { error: mustChangePassword, code: 'PASSWORD_CHANGE_REQUIRED' },
      }),
    });
    const chunks: string[] = [];
    const reading = (async () => {
      for await (const chunk of streamRequest('/events')) chunks.push(chunk);
    })();
    await expect(reading).rejects.toMatchObject({ status: 403, message: mustChangePassword });
    expect(chunks).toEqual([]);
  });
});
