import type { AddressInfo } from 'node:net';
import type { TestApp } from './app';

/*
 * The event stream over real HTTP: the app listens on a free port and the test reads
 * `GET /api/events` with fetch, as the web app does.
 */

/** The app's address, listening on a free port from the first call. */
export async function listen(app: TestApp): Promise<string> {
  if (!app.app.server.listening) await app.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
}

export interface Frame {
  type: string;
  data: unknown;
  id?: number;
}

/** Reads the stream's events (type, data and id) as they arrive; `next()` waits for the next one. */
export async function openStream(on: TestApp, headers: Record<string, string>, query = '') {
  const controller = new AbortController();
  const res = await fetch(`${await listen(on)}/api/events${query}`, { headers, signal: controller.signal });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let pending: Promise<ReadableStreamReadResult<string>> | undefined;
  const comments: string[] = [];

  /** The next event, or 'closed'; with `deadline` (ms since the epoch), 'waiting' once it has passed. */
  async function next(deadline = Infinity): Promise<Frame | 'closed' | 'waiting'> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith(':')) {
          comments.push(block);
          continue;
        }
        const type = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
        const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as unknown;
        const id = /^id: (.*)$/m.exec(block)?.[1];
        return id === undefined ? { type, data } : { type, data, id: Number(id) };
      }
      // A read that outlives a deadline is kept for the next call, so no text is lost.
      pending ??= reader.read();
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'waiting'>((resolve) => {
        if (deadline !== Infinity)
          timer = setTimeout(() => resolve('waiting'), Math.max(0, deadline - Date.now()));
      });
      const read = await Promise.race([pending, late]);
      clearTimeout(timer);
      if (read === 'waiting') return 'waiting';
      pending = undefined;
      if (read.done) return 'closed';
      buffer += read.value;
    }
  }

  /** The next `n` events that are not heartbeats. */
  async function take(n: number): Promise<Frame[]> {
    const out: Frame[] = [];
    while (out.length < n) {
      const frame = await next();
      if (frame === 'closed' || frame === 'waiting')
        throw new Error(`stream closed after ${out.length} of ${n} events`);
      out.push(frame);
    }
    return out;
  }

  /**
   * Every event until the server closes the stream, which must happen within `withinMs`; throws
   * with what arrived if it is still open then.
   */
  async function rest(withinMs: number): Promise<Frame[]> {
    const deadline = Date.now() + withinMs;
    const out: Frame[] = [];
    for (;;) {
      const frame = await next(deadline);
      if (frame === 'closed') return out;
      if (frame === 'waiting')
        throw new Error(`stream still open after ${withinMs} ms, having sent ${JSON.stringify(out)}`);
      out.push(frame);
    }
  }

  return { res, next, take, rest, comments, close: () => controller.abort() };
}
