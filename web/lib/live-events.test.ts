import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, sessionExpired, signInAs } from '../test/render';
import { ApiRequestError } from './api-client';
import {
  createLiveConnection,
  parseEventStream,
  useLiveStreamOpen,
  type LiveDeps,
  type LiveMessage,
} from './live-events';

async function* chunks(...parts: string[]) {
  for (const part of parts) yield part;
}

async function collect(stream: AsyncIterable<LiveMessage>) {
  const out: LiveMessage[] = [];
  for await (const message of stream) out.push(message);
  return out;
}

describe('parseEventStream', () => {
  it('reads events split anywhere across chunks, skipping comments', async () => {
    const text = 'event: ready\ndata: null\n\n: keep-alive\n\nevent: message.created\ndata: {"id":"m1"}\n\n';
    const parts = [text.slice(0, 7), text.slice(7, 30), text.slice(30, 31), text.slice(31)];
    expect(await collect(parseEventStream(chunks(...parts)))).toEqual([
      { type: 'ready', data: null },
      { type: 'message.created', data: { id: 'm1' } },
    ]);
  });

  it('reads the id of an event', async () => {
    expect(await collect(parseEventStream(chunks('id: 41\nevent: message.created\ndata: {}\n\n')))).toEqual([
      { type: 'message.created', data: {}, id: '41' },
    ]);
  });

  it('joins data lines, accepts CRLF and calls an unnamed event "message"', async () => {
    expect(await collect(parseEventStream(chunks('data: one\r\ndata: two\r\n\r\n')))).toEqual([
      { type: 'message', data: 'one\ntwo' },
    ]);
  });
});

/** A stream the test writes to, as the server would. */
function serverStream() {
  const queue: (string | null | { error: unknown })[] = [];
  let wake: (() => void) | null = null;
  const put = (item: string | null | { error: unknown }) => {
    queue.push(item);
    wake?.();
  };
  const push = (text: string) => put(text);
  const close = () => put(null);
  const fail = (error: unknown) => put({ error });
  async function* read(signal: AbortSignal): AsyncGenerator<string> {
    for (;;) {
      while (queue.length === 0) {
        if (signal.aborted) throw new ApiRequestError('The request was cancelled', 0, 'CANCELLED');
        await new Promise<void>((resolve) => {
          wake = resolve;
          signal.addEventListener('abort', () => resolve(), { once: true });
        });
      }
      const item = queue.shift()!;
      if (item === null) return;
      if (typeof item === 'object') throw item.error;
      yield item;
    }
  }
  return { push, close, fail, read };
}

/** Tabs of one browser: a shared lock queue and channel, as Web Locks and BroadcastChannel give. */
function browser() {
  const waiting: { grant: () => void }[] = [];
  let held = false;
  const locks = {
    request: (_name: string, options: { signal: AbortSignal }, callback: () => Promise<void>) =>
      new Promise<void>((resolve, reject) => {
        const grant = () => {
          held = true;
          void callback().finally(() => {
            held = false;
            resolve();
            waiting.shift()?.grant();
          });
        };
        if (!held) grant();
        else {
          const entry = { grant };
          waiting.push(entry);
          options.signal.addEventListener('abort', () => {
            waiting.splice(waiting.indexOf(entry), 1);
            reject(new DOMException('aborted', 'AbortError'));
          });
        }
      }),
  } as unknown as LiveDeps['locks'];
  const tabs: ((message: unknown) => void)[] = [];
  const away: (() => void)[] = [];
  /** The person comes back to the tabs: every tab waiting for it goes on. */
  const comeBack = () => away.splice(0).forEach((resume) => resume());
  function tab(open: LiveDeps['open']) {
    const handlers = new Set<(event: Event) => void>();
    const me = (message: unknown) =>
      handlers.forEach((handler) => handler(new MessageEvent('message', { data: message })));
    tabs.push(me);
    const channel: LiveDeps['channel'] = {
      postMessage: (message: unknown) =>
        tabs.filter((other) => other !== me).forEach((other) => other(message)),
      addEventListener: (_type: string, handler: (event: Event) => void) => handlers.add(handler),
      removeEventListener: (_type: string, handler: (event: Event) => void) => handlers.delete(handler),
    };
    return createLiveConnection({
      open,
      channel,
      locks,
      sleep: async () => {},
      comeBack: (signal) =>
        new Promise((resolve) => {
          away.push(resolve);
          signal.addEventListener('abort', () => resolve(), { once: true });
        }),
    });
  }
  return { tab, comeBack };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('one live stream per browser', () => {
  it('is read by one tab and heard in every tab; another tab takes over when the first leaves', async () => {
    signInAs(makeUser());
    const first = serverStream();
    const second = serverStream();
    const opened: string[] = [];
    const { tab } = browser();
    const tabA = tab((signal) => (opened.push('A'), first.read(signal)));
    const tabB = tab((signal) => (opened.push('B'), second.read(signal)));
    const heardA: LiveMessage[] = [];
    const heardB: LiveMessage[] = [];
    const leaveA = tabA.subscribe((m) => heardA.push(m));
    tabB.subscribe((m) => heardB.push(m));
    await flush();
    expect(opened).toEqual(['A']);

    first.push('event: message.created\ndata: {"id":1}\n\n');
    await flush();
    expect(heardA).toEqual([{ type: 'message.created', data: { id: 1 } }]);
    expect(heardB).toEqual([{ type: 'message.created', data: { id: 1 } }]);

    leaveA();
    await flush();
    expect(opened).toEqual(['A', 'B']);
    second.push('event: message.created\ndata: {"id":2}\n\n');
    await flush();
    expect(heardB.at(-1)).toEqual({ type: 'message.created', data: { id: 2 } });
    expect(heardA).toHaveLength(1);
  });

  it('connects again after the server closes the stream for a restart, and stops when refused', async () => {
    signInAs(makeUser());
    const streams = [serverStream(), serverStream(), serverStream()];
    let opens = 0;
    const { tab } = browser();
    const connection = tab((signal) => streams[opens++]!.read(signal));
    const heard: string[] = [];
    connection.subscribe((m) => heard.push(m.type));
    await flush();
    streams[0]!.push('event: reconnect\ndata: null\n\n');
    streams[0]!.close();
    await flush();
    expect(opens).toBe(2);
    const { error, code } = sessionExpired.body;
    streams[1]!.fail(new ApiRequestError(error, sessionExpired.status, code));
    await flush();
    await flush();
    expect(opens).toBe(2);
    expect(heard).toEqual(['reconnect']);
  });

  it('stops after session-ended, handing it to the listeners', async () => {
    signInAs(makeUser());
    const stream = serverStream();
    let opens = 0;
    const { tab } = browser();
    const connection = tab((signal) => (opens++, stream.read(signal)));
    const heard: string[] = [];
    connection.subscribe((m) => heard.push(m.type));
    await flush();
    stream.push('event: session-ended\ndata: null\n\n');
    await flush();
    await flush();
    expect(heard).toEqual(['session-ended']);
    expect(opens).toBe(1);
  });
});

describe('a stream replaced by a newer one', () => {
  it('does not connect again, nor lets another tab, until the person comes back to it', async () => {
    signInAs(makeUser());
    const streams = [serverStream(), serverStream()];
    const opened: string[] = [];
    const { tab, comeBack } = browser();
    const tabA = tab((signal) => (opened.push('A'), streams[opened.length - 1]!.read(signal)));
    const tabB = tab((signal) => (opened.push('B'), streams[opened.length - 1]!.read(signal)));
    tabA.subscribe(() => {});
    tabB.subscribe(() => {});
    await flush();
    streams[0]!.push('id: 4\nevent: ready\ndata: null\n\n');
    await flush();
    expect(tabB.isOpen()).toBe(true);

    streams[0]!.push('event: replaced\ndata: null\n\n');
    streams[0]!.close();
    for (let i = 0; i < 5; i++) await flush();
    expect(opened).toEqual(['A']);
    // The screens poll while no stream is open.
    expect(tabA.isOpen()).toBe(false);
    expect(tabB.isOpen()).toBe(false);

    comeBack();
    await flush();
    expect(opened).toEqual(['A', 'A']);
  });
});

describe('picking up where the stream stopped', () => {
  it('sends the id of the last event heard when it connects again, and starts afresh after a restart', async () => {
    signInAs(makeUser());
    const streams = [serverStream(), serverStream(), serverStream()];
    const asked: (string | null)[] = [];
    const { tab } = browser();
    const connection = tab(
      (signal, lastEventId) => (asked.push(lastEventId), streams[asked.length - 1]!.read(signal)),
    );
    connection.subscribe(() => {});
    await flush();
    streams[0]!.push('id: 7\nevent: ready\ndata: null\n\nid: 9\nevent: message.created\ndata: {}\n\n');
    streams[0]!.close();
    await flush();
    await flush();
    expect(asked).toEqual([null, '9']);
    connection.restart();
    await flush();
    expect(asked).toEqual([null, '9', null]);
  });

  it('a tab that takes over the stream asks for what came after the last event the leader passed on', async () => {
    signInAs(makeUser());
    const first = serverStream();
    const second = serverStream();
    const asked: (string | null)[] = [];
    const { tab } = browser();
    const tabA = tab((signal, lastEventId) => (asked.push(lastEventId), first.read(signal)));
    const tabB = tab((signal, lastEventId) => (asked.push(lastEventId), second.read(signal)));
    const leaveA = tabA.subscribe(() => {});
    tabB.subscribe(() => {});
    await flush();
    first.push('id: 3\nevent: message.created\ndata: {}\n\n');
    await flush();
    leaveA();
    await flush();
    expect(asked).toEqual([null, '3']);
  });
});

describe('whether the stream is open', () => {
  it('is known in the leading tab and told to the others, including one that opens later', async () => {
    signInAs(makeUser());
    const stream = serverStream();
    const { tab } = browser();
    const tabA = tab((signal) => stream.read(signal));
    const tabB = tab((signal) => stream.read(signal));
    const changes: boolean[] = [];
    tabA.watchOpen(() => changes.push(tabA.isOpen()));
    tabA.subscribe(() => {});
    await flush();
    expect(tabA.isOpen()).toBe(false);
    stream.push('id: 1\nevent: ready\ndata: null\n\n');
    await flush();
    expect(tabA.isOpen()).toBe(true);
    tabB.subscribe(() => {});
    await flush();
    expect(tabB.isOpen()).toBe(true);
    stream.fail(new ApiRequestError('Network', 0, 'NETWORK_ERROR'));
    await flush();
    expect(tabA.isOpen()).toBe(false);
    expect(tabB.isOpen()).toBe(false);
    expect(changes).toEqual([true, false]);
  });
});

describe('useLiveStreamOpen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('turns true when the stream opens, and the reconnect carries Last-Event-ID', async () => {
    signInAs(makeUser());
    const requests: Headers[] = [];
    const bodies: ReadableStreamDefaultController<Uint8Array>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        requests.push(new Headers(init.headers));
        const body = new ReadableStream<Uint8Array>({ start: (controller) => void bodies.push(controller) });
        return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    const { result, unmount } = renderHook(() => useLiveStreamOpen());
    expect(result.current).toBe(false);
    await waitFor(() => expect(bodies).toHaveLength(1));
    const encode = (text: string) => new TextEncoder().encode(text);
    act(() => bodies[0]!.enqueue(encode('id: 12\nevent: ready\ndata: null\n\n')));
    await waitFor(() => expect(result.current).toBe(true));
    expect(requests[0]!.get('Last-Event-ID')).toBeNull();
    act(() => bodies[0]!.close());
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(result.current).toBe(false);
    expect(requests[1]!.get('Last-Event-ID')).toBe('12');
    unmount();
  });
});
