import type { z } from 'zod';
import type { ApiError } from '../../common/api';
import { clearStoredSession, readToken } from './session-storage';

/** Fired on window when a call proves the session is gone (401, or an aborted request). */
export const AUTH_ERROR_EVENT = 'kwoon:auth-error';

const API_BASE = '/api';

/** A failed API call; `message` is the server's `error` text when it sent one. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(message: string, status: number, code: string, details?: unknown) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /**
   * Send the stored token, and treat a 401 or an aborted request as the end of the session.
   * False for the calls the spec makes without a token: login, temp-auth, registration,
   * request-reset and security-questions.
   */
  auth?: boolean;
  /** With `auth`, whether a 401 ends the session; false for logout, whose token may already be gone. */
  endSessionOn401?: boolean;
  /** Checks the response against the shared contract. */
  schema?: z.ZodType<T>;
}

/** Clears the stored session and tells the app (session provider, router) about it. */
export function endSession(): void {
  clearStoredSession();
  window.dispatchEvent(new CustomEvent(AUTH_ERROR_EVENT));
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/** The one error shape (common/api.ts), checked by hand so the client does not pull in zod. */
function isApiError(payload: unknown): payload is ApiError {
  if (typeof payload !== 'object' || payload === null) return false;
  const body = payload as Record<string, unknown>;
  return typeof body.error === 'string' && typeof body.code === 'string';
}

function toRequestError(status: number, payload: unknown): ApiRequestError {
  if (isApiError(payload)) return new ApiRequestError(payload.error, status, payload.code, payload.details);
  return new ApiRequestError(`Request failed (${status})`, status, 'HTTP_ERROR');
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

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, auth = true, endSessionOn401 = true, schema } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = auth ? readToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if (isAbort(error)) {
      if (auth) endSession();
      throw new ApiRequestError('The request was interrupted', 0, 'ABORTED');
    }
    throw new ApiRequestError(
      'Unable to reach the server. Please check your connection.',
      0,
      'NETWORK_ERROR',
    );
  }

  const payload = readJson(await response.text());
  if (!response.ok) {
    if (response.status === 401 && auth && endSessionOn401) endSession();
    throw toRequestError(response.status, payload);
  }
  return parseBody(payload, schema, response.status);
}

export interface UploadOptions<T> {
  schema?: z.ZodType<T>;
  /** Percentage 0–100 of the request body sent so far. */
  onProgress?: (percent: number) => void;
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
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && options.onProgress) {
        options.onProgress(Math.round((event.loaded / event.total) * 100));
      }
    };
    xhr.onload = () => {
      const payload = readJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        if (xhr.status === 401) endSession();
        reject(toRequestError(xhr.status, payload));
        return;
      }
      try {
        resolve(parseBody(payload, options.schema, xhr.status));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    xhr.onerror = () => {
      reject(
        new ApiRequestError('Unable to reach the server. Please check your connection.', 0, 'NETWORK_ERROR'),
      );
    };
    xhr.onabort = () => {
      endSession();
      reject(new ApiRequestError('The request was interrupted', 0, 'ABORTED'));
    };
    xhr.send(form);
  });
}

/**
 * The text to show for a failed call: the server's own message for a 4xx answer (the spec's
 * "server error"), otherwise the screen's fallback — 5xx bodies are generic by design and
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
