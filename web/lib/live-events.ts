import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LAST_EVENT_ID_HEADER, REPLACED_EVENT, RESET_EVENT, SESSION_ENDED_EVENT } from '../../common/live';
import { ApiRequestError, streamRequest } from './api-client';
import { STORAGE_KEYS, readToken } from './session-storage';

/**
 * Live events from `GET /api/events` (server-sent events), one stream per browser: the tab that
 * holds the Web Lock reads the stream and passes each event to the other tabs over a
 * BroadcastChannel; when that tab closes, another takes the lock and the stream. Every tab keeps
 * the id of the last event it heard, so whichever tab connects next asks the server for what was
 * missed (`Last-Event-ID`). See docs/decisions/0014.
 */

export interface LiveMessage {
  type: string;
  data: unknown;
  /** The server's position of this event in the user's log, when it sent one. */
  id?: string;
}

/** What tabs tell each other: an event, whether the leader's stream is open, or a question about it. */
type TabMessage = { event: LiveMessage } | { open: boolean } | { ask: true };

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
      let id: string | undefined;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') type = value;
        else if (field === 'data') data.push(value);
        else if (field === 'id') id = value;
      }
      if (data.length > 0)
        yield id === undefined
          ? { type, data: parseData(data.join('\n')) }
          : { type, data: parseData(data.join('\n')), id };
    }
  }
}

/** What a connection needs from the browser; tests pass their own. */
export interface LiveDeps {
  /** The stream's text (the bearer token is the API client's), from after `lastEventId` when given. */
  open: (signal: AbortSignal, lastEventId: string | null) => AsyncIterable<string>;
  /** Shares events with the other tabs; null where BroadcastChannel is missing. */
  channel: Pick<BroadcastChannel, 'postMessage' | 'addEventListener' | 'removeEventListener'> | null;
  /** Elects the one tab that reads the stream; null where Web Locks are missing (each tab reads). */
  locks: Pick<LockManager, 'request'> | null;
  /** Waits before connecting again; resolves early when `signal` aborts. */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Resolves when the person next comes back to this tab (it is shown again), or when `signal` aborts. */
  comeBack: (signal: AbortSignal) => Promise<void>;
}

export function createLiveConnection(deps: LiveDeps) {
  const listeners = new Set<(message: LiveMessage) => void>();
  const openWatchers = new Set<() => void>();
  let running: AbortController | null = null;
  let leading = false;
  let open = false;
  let lastEventId: string | null = null;

  const post = (message: TabMessage) => deps.channel?.postMessage(message);
  const deliver = (message: LiveMessage) => {
    if (message.id !== undefined) lastEventId = message.id;
    listeners.forEach((listener) => listener(message));
  };
  const setOpen = (value: boolean) => {
    if (open === value) return;
    open = value;
    openWatchers.forEach((watcher) => watcher());
  };
  /** The leader's stream opened or closed: this tab and the others now know. */
  const announce = (value: boolean) => {
    setOpen(value);
    post({ open: value });
  };
  const fromOtherTab = (event: Event) => {
    const message = (event as MessageEvent<TabMessage>).data;
    if ('event' in message) deliver(message.event);
    else if ('open' in message) {
      if (!leading) setOpen(message.open);
    } else if (leading) post({ open });
  };

  /** Reads the stream while this tab leads, connecting again after a drop (with backoff). */
  async function lead(signal: AbortSignal): Promise<void> {
    leading = true;
    try {
      let failures = 0;
      while (!signal.aborted && readToken()) {
        // A stream that closes before saying anything counts as a failure, so it is not hammered.
        let heard = false;
        let replaced = false;
        try {
          for await (const message of parseEventStream(deps.open(signal, lastEventId))) {
            if (!heard) announce(true);
            heard = true;
            failures = 0;
            deliver(message);
            post({ event: message });
            // The session is over: the app checks its token (and signs out); no point reconnecting.
            if (message.type === SESSION_ENDED_EVENT) return;
            if (message.type === REPLACED_EVENT) replaced = true;
          }
          // Closed by the server (after `reconnect`, a restart): connect again.
          if (!heard) failures += 1;
        } catch (error) {
          if (signal.aborted) return;
          // Refused (signed out, not allowed): the session handles it, and asking again would not help.
          if (error instanceof ApiRequestError && isRefusal(error.status)) return;
          failures += 1;
        }
        announce(false);
        // A newer stream of this session or person took this one's place: connecting at once would
        // close another, which would do the same. This tab keeps the lock, so no other tab of the
        // browser connects either, and waits for the person to come back to it; screens poll meanwhile.
        if (replaced) await deps.comeBack(signal);
        else if (failures > 0) await deps.sleep(Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (failures - 1)), signal);
      }
    } finally {
      leading = false;
      announce(false);
    }
  }

  function start() {
    const controller = new AbortController();
    running = controller;
    deps.channel?.addEventListener('message', fromOtherTab);
    // A tab that opens while another leads learns from it whether the stream is open.
    post({ ask: true });
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
    if (!leading) setOpen(false);
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
      // A new session starts from the server's present, not from where the last one stopped.
      lastEventId = null;
      start();
    },
    /** Whether this browser's stream is open (read by this tab, or by the tab that leads). */
    isOpen: (): boolean => open,
    /** Calls `watcher` whenever `isOpen()` changes. */
    watchOpen(watcher: () => void): () => void {
      openWatchers.add(watcher);
      return () => openWatchers.delete(watcher);
    },
  };
}

function browserDeps(): LiveDeps {
  return {
    open: (signal, lastEventId) =>
      streamRequest('/events', {
        accept: 'text/event-stream',
        signal,
        headers: lastEventId === null ? {} : { [LAST_EVENT_ID_HEADER]: lastEventId },
      }),
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
    comeBack: (signal) =>
      new Promise((resolve) => {
        const done = () => {
          document.removeEventListener('visibilitychange', shown);
          resolve();
        };
        const shown = () => {
          if (document.visibilityState === 'visible') done();
        };
        document.addEventListener('visibilitychange', shown);
        signal.addEventListener('abort', done, { once: true });
      }),
  };
}

let browserConnection: ReturnType<typeof createLiveConnection> | null = null;

/** The browser's one connection, made on first use. */
function browserLive() {
  if (!browserConnection) {
    const connection = createLiveConnection(browserDeps());
    // Another tab signed in or out: the stream must carry this browser's current token.
    window.addEventListener('storage', (event) => {
      if (event.key === STORAGE_KEYS.token || event.key === null) connection.restart();
    });
    browserConnection = connection;
  }
  return browserConnection;
}

/**
 * Calls `handler` with the data of every live event of `type` while the component is mounted.
 * Any mounted listener keeps the browser's one stream open.
 */
export function useLiveEvent(type: string, handler: (data: unknown) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(
    () =>
      browserLive().subscribe((message) => {
        if (message.type === type) latest.current(message.data);
      }),
    [type],
  );
}

/** Keeps the stream open while watching whether it is; stable, so React subscribes once. */
function subscribeToOpen(onChange: () => void): () => void {
  const connection = browserLive();
  const leave = connection.subscribe(() => {});
  const unwatch = connection.watchOpen(onChange);
  return () => {
    unwatch();
    leave();
  };
}

/**
 * True while this browser's live stream is open (in this tab or in the tab that reads it for the
 * others); a screen polls for what the stream would tell it only while this is false.
 */
export function useLiveStreamOpen(): boolean {
  return useSyncExternalStore(
    subscribeToOpen,
    () => browserConnection?.isOpen() ?? false,
    () => false,
  );
}

/**
 * After a `reset` (the server no longer holds what this browser missed), every query is re-read,
 * so no screen goes on showing what changed while it was not listening.
 */
export function useRefetchOnLiveReset(): void {
  const queryClient = useQueryClient();
  useLiveEvent(RESET_EVENT, () => void queryClient.invalidateQueries());
}
