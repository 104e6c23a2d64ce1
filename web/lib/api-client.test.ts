import { describe, expect, it, vi } from 'vitest';
import { makeUser, signInAs, stubFetch } from '../test/render';
import { AUTH_ERROR_EVENT, ApiRequestError, apiRequest, errorMessage } from './api-client';
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
    stubFetch({
      'GET /api/user/1/profile': () => ({
        status: 401,
        body: { error: 'Your session has expired', code: 'INVALID_TOKEN' },
      }),
    });
    const { listener, stop } = listenForAuthErrors();

    const error = await apiRequest('/user/1/profile').catch((caught: unknown) => caught);
    stop();

    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe('Your session has expired');
    expect((error as ApiRequestError).status).toBe(401);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('treats an aborted request like a lost session', async () => {
    signInAs(makeUser());
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new DOMException('aborted', 'AbortError'))),
    );
    const { listener, stop } = listenForAuthErrors();

    await expect(apiRequest('/user/1/profile')).rejects.toMatchObject({ code: 'ABORTED' });
    stop();

    expect(listener).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
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
    stubFetch({
      'GET /api/health': () => ({ status: 503, body: { error: 'Unavailable', code: 'UNAVAILABLE' } }),
    });
    const { listener, stop } = listenForAuthErrors();

    await expect(apiRequest('/health')).rejects.toMatchObject({ status: 503 });
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
