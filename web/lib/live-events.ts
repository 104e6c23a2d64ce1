import { useEffect, useRef } from 'react';
import { SESSION_ENDED_EVENT } from '../../common/live';
import { ApiRequestError, streamRequest } from './api-client';
import { STORAGE_KEYS, readToken } from './session-storage';

/**
 * Live events from `GET /api/events` (server-sent events), one stream per browser: the tab that
 * holds the Web Lock reads the stream and passes each event to the other tabs over a
 * BroadcastChannel; when that tab closes, another takes the lock and the stream. See
 * docs/decisions/0014.
 */

export interface LiveMessage {
  type: string;
  data: unknown;
}

const LOCK_NAME = 'kwoon-live';
const CHANNEL_NAME = 'kwoon-live';
const MAX_BACKOFF_MS = 30_000;

/** A 4xx answer other than "too slow" or "too many": asking again would get the same. */
const isRefusal = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

function parseData(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The events of a server-sent event stream, from its text as it arrives in chunks. */
export async function* parseEventStream(chunks: AsyncIterable<string>): AsyncGenerator<LiveMessage> {
  let buffer = '';
  for await (const chunk of chunks) {
    buffer += chunk;
    buffer = buffer.replace(/\r\n|\r(?=.)/g, '\n');
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let type = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') type = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0) yield { type, data: parseData(data.join('\n')) };
    }
  }
}

/** What a connection needs from the browser; tests pass their own. */
export interface LiveDeps {
  /** The stream's text (the bearer token is the API client's). */
  open: (signal: AbortSignal) => AsyncIterable<string>;
  /** Shares events with the other tabs; null where BroadcastChannel is missing. */
  channel: Pick<BroadcastChannel, 'postMessage' | 'addEventListener' | 'removeEventListener'> | null;
  /** Elects the one tab that reads the stream; null where Web Locks are missing (each tab reads). */
  locks: Pick<LockManager, 'request'> | null;
  /** Waits before connecting again; resolves early when `signal` aborts. */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
}

export function createLiveConnection(deps: LiveDeps) {
  const listeners = new Set<(message: LiveMessage) => void>();
  let running: AbortController | null = null;

  const deliver = (message: LiveMessage) => listeners.forEach((listener) => listener(message));
  const fromOtherTab = (event: Event) => deliver((event as MessageEvent<LiveMessage>).data);

  /** Reads the stream while this tab leads, connecting again after a drop (with backoff). */
  async function lead(signal: AbortSignal): Promise<void> {
    let failures = 0;
    while (!signal.aborted && readToken()) {
      // A stream that closes before saying anything counts as a failure, so it is not hammered.
      let heard = false;
      try {
        for await (const message of parseEventStream(deps.open(signal))) {
          heard = true;
          failures = 0;
          deliver(message);
          deps.channel?.postMessage(message);
          // The session is over: the app checks its token (and signs out); no point reconnecting.
          if (message.type === SESSION_ENDED_EVENT) return;
        }
        // Closed by the server (after `reconnect`, a restart): connect again.
        if (!heard) failures += 1;
      } catch (error) {
        if (signal.aborted) return;
        // Refused (signed out, not allowed): the session handles it, and asking again would not help.
        if (error instanceof ApiRequestError && isRefusal(error.status)) return;
        failures += 1;
      }
      if (failures > 0) await deps.sleep(Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (failures - 1)), signal);
    }
  }

  function start() {
    const controller = new AbortController();
    running = controller;
    deps.channel?.addEventListener('message', fromOtherTab);
    const leading = deps.locks
      ? deps.locks.request(LOCK_NAME, { signal: controller.signal }, () => lead(controller.signal))
      : lead(controller.signal);
    // Abandoning the wait for the lock (the last listener left) rejects it; that is the point.
    leading.catch(() => {});
  }

  function stop() {
    running?.abort();
    running = null;
    deps.channel?.removeEventListener('message', fromOtherTab);
  }

  return {
    /** Hears every event while subscribed; the first listener starts the stream, the last stops it. */
    subscribe(listener: (message: LiveMessage) => void): () => void {
      listeners.add(listener);
      if (listeners.size === 1) start();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) stop();
      };
    },
    /** Opens the stream again, e.g. with the token of a session begun in another tab. */
    restart(): void {
      if (!running) return;
      stop();
      start();
    },
  };
}

function browserDeps(): LiveDeps {
  return {
    open: (signal) => streamRequest('/events', { accept: 'text/event-stream', signal }),
    channel: typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME),
    locks: typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null,
    sleep: (ms, signal) =>
      new Promise((resolve) => {
        const timer = setTimeout(resolve, ms);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      }),
  };
}

let browserConnection: ReturnType<typeof createLiveConnection> | null = null;

/**
 * Calls `handler` with the data of every live event of `type` while the component is mounted.
 * Any mounted listener keeps the browser's one stream open.
 */
export function useLiveEvent(type: string, handler: (data: unknown) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!browserConnection) {
      const connection = createLiveConnection(browserDeps());
      // Another tab signed in or out: the stream must carry this browser's current token.
      window.addEventListener('storage', (event) => {
        if (event.key === STORAGE_KEYS.token || event.key === null) connection.restart();
      });
      browserConnection = connection;
    }
    return browserConnection.subscribe((message) => {
      if (message.type === type) latest.current(message.data);
    });
  }, [type]);
}
