import type { z } from 'zod';
import type { ApiError } from '../../common/api';
import { clearStoredSession, isSigningOut, readToken } from './session-storage';

/** Fired on window when a call proves the session is gone (a 401 for the token it sent). */
export const AUTH_ERROR_EVENT = 'kwoon:auth-error';

const API_BASE = '/api';

/**
 * How long a call may wait for the server before it fails with `TIMEOUT` (and the screen offers
 * Retry), so a hung server never leaves a spinner turning forever. Streams set their own.
 */
export const DEFAULT_TIMEOUT_MS = 30_000;

const NETWORK_MESSAGE = 'Unable to reach the server. Please check your connection.';
const TIMEOUT_MESSAGE = 'The server took too long to answer. Please try again.';

/** A failed API call; `message` is the server's `error` text when it sent one. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  /** The whole error body as the server sent it, for a screen that reads more than `error` (AI Sifu's limit). */
  readonly body: unknown;

  constructor(message: string, status: number, code: string, details?: unknown, body?: unknown) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.body = body;
  }
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /**
   * Send the stored token, and treat a 401 for it as the end of the session. False for the calls
   * made signed out, without a token: login, temp-auth, registration, request-reset and
   * security-questions.
   */
  auth?: boolean;
  /** With `auth`, whether a 401 ends the session; false for logout, whose token may already be gone. */
  endSessionOn401?: boolean;
  /** Checks the response against the shared contract. */
  schema?: z.ZodType<T>;
  /** Cancels the call (a screen that unmounts, a search replaced by the next keystroke). */
  signal?: AbortSignal;
  /** Milliseconds before the call fails with `TIMEOUT`; 0 waits as long as the server takes. */
  timeoutMs?: number;
}

/** Clears the stored session and tells the app (session provider, router) about it. */
export function endSession(): void {
  clearStoredSession();
  window.dispatchEvent(new CustomEvent(AUTH_ERROR_EVENT));
}

/**
 * A 401 ends the session only when it answers the token that is still stored: a late answer to a
 * call sent before a new sign-in (here or in another tab) says nothing about the new session.
 */
function endSessionIfCurrent(sentToken: string | null): void {
  if (sentToken && readToken() === sentToken && !isSigningOut(sentToken)) endSession();
}

/** The one error shape (common/api.ts), checked by hand so the client does not pull in zod. */
function isApiError(payload: unknown): payload is ApiError {
  if (typeof payload !== 'object' || payload === null) return false;
  const body = payload as Record<string, unknown>;
  return typeof body.error === 'string' && typeof body.code === 'string';
}

function toRequestError(status: number, payload: unknown): ApiRequestError {
  if (isApiError(payload)) {
    return new ApiRequestError(payload.error, status, payload.code, payload.details, payload);
  }
  return new ApiRequestError(`Request failed (${status})`, status, 'HTTP_ERROR', undefined, payload);
}

function parseBody<T>(payload: unknown, schema: z.ZodType<T> | undefined, status: number): T {
  if (!schema) return payload as T;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    console.error('Unexpected API response', parsed.error);
    throw new ApiRequestError('Unexpected response from the server', status, 'BAD_RESPONSE');
  }
  return parsed.data;
}

function readJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function isCancelled(error: unknown): boolean {
  return error instanceof ApiRequestError && error.code === 'CANCELLED';
}

export function isTimeout(error: unknown): boolean {
  return error instanceof ApiRequestError && error.code === 'TIMEOUT';
}

/**
 * The caller's signal joined with the timeout: `abort()` of the result cancels the fetch, and
 * `reason()` says which of the two it was. `done()` releases the timer.
 */
function callSignal(signal: AbortSignal | undefined, timeoutMs: number) {
  const controller = new AbortController();
  let timedOut = false;
  const cancel = () => controller.abort();
  if (signal?.aborted) controller.abort();
  else signal?.addEventListener('abort', cancel, { once: true });
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs)
      : undefined;
  return {
    signal: controller.signal,
    failure: (): ApiRequestError =>
      timedOut
        ? new ApiRequestError(TIMEOUT_MESSAGE, 0, 'TIMEOUT')
        : new ApiRequestError('The request was cancelled', 0, 'CANCELLED'),
    done: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
    },
  };
}

/**
 * Sends a call and answers its raw response once the status is known, having turned a failed
 * status into an `ApiRequestError`. Cancelling or a timeout is never a sign-out: only a 401 for
 * the token sent is.
 */
async function send(
  path: string,
  options: RequestOptions<unknown>,
  accept: string,
  extraHeaders: Record<string, string> = {},
) {
  const { method = 'GET', body, auth = true, endSessionOn401 = true } = options;
  const headers: Record<string, string> = { ...extraHeaders, Accept: accept };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = auth ? readToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  const call = callSignal(options.signal, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const fail = (error: unknown): never => {
    call.done();
    if (call.signal.aborted) throw call.failure();
    if (error instanceof ApiRequestError) throw error;
    throw new ApiRequestError(NETWORK_MESSAGE, 0, 'NETWORK_ERROR');
  };
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: call.signal,
    });
  } catch (error) {
    return fail(error);
  }
  if (!response.ok) {
    let payload: unknown;
    try {
      payload = readJson(await response.text());
    } catch (error) {
      return fail(error);
    }
    call.done();
    if (response.status === 401 && auth && endSessionOn401) endSessionIfCurrent(token);
    throw toRequestError(response.status, payload);
  }
  return { response, call, fail };
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { response, call, fail } = await send(path, options, 'application/json');
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    return fail(error);
  }
  call.done();
  return parseBody(readJson(text), options.schema, response.status);
}

/**
 * A streamed answer (an AI reply written as it is produced): yields the body's text as it
 * arrives. Errors and session handling are those of `apiRequest`; the timeout (none by default)
 * covers the whole stream, and `signal` stops it.
 */
export async function* streamRequest(
  path: string,
  options: Omit<RequestOptions<never>, 'schema'> & { accept?: string; headers?: Record<string, string> } = {},
): AsyncGenerator<string, void, undefined> {
  const { accept = 'text/plain', headers, ...rest } = options;
  const { response, call, fail } = await send(path, { timeoutMs: 0, ...rest }, accept, headers);
  if (!response.body) {
    call.done();
    return;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<string>;
      try {
        chunk = await reader.read();
      } catch (error) {
        return fail(error);
      }
      if (chunk.done) return;
      yield chunk.value;
    }
  } finally {
    call.done();
    reader.releaseLock();
  }
}

export interface UploadOptions<T> {
  schema?: z.ZodType<T>;
  /** Percentage 0–100 of the request body sent so far. */
  onProgress?: (percent: number) => void;
  /** Cancels the upload. */
  signal?: AbortSignal;
}

/** Multipart upload through XMLHttpRequest, the one browser API that reports upload progress. */
export function uploadForm<T = unknown>(
  path: string,
  form: FormData,
  options: UploadOptions<T> = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && options.onProgress) {
        options.onProgress(Math.round((event.loaded / event.total) * 100));
      }
    };
    xhr.onload = () => {
      const payload = readJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        if (xhr.status === 401) endSessionIfCurrent(token);
        reject(toRequestError(xhr.status, payload));
        return;
      }
      try {
        resolve(parseBody(payload, options.schema, xhr.status));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    xhr.onerror = () => reject(new ApiRequestError(NETWORK_MESSAGE, 0, 'NETWORK_ERROR'));
    xhr.onabort = () => reject(new ApiRequestError('The upload was cancelled', 0, 'CANCELLED'));
    xhr.send(form);
  });
}

/**
 * The text to show for a failed call: the server's own message for a 4xx answer (what a screen
 * shows as the server's error), otherwise the screen's fallback — 5xx bodies are generic by design and
 * network failures have no server text.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.message) {
    return error.message;
  }
  return fallback;
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 401;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}
