import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSecondInstance, createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { userChannel } from './live.service';

/*
 * The event stream over real HTTP: the app listens on a free port and the test reads the stream
 * with fetch, as the web app does.
 */

let t: TestApp;
let base: string;

beforeEach(async () => {
  t = await createTestApp({ EVENTS_HEARTBEAT_MS: 50 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(async () => t.close());

/** Reads the stream's events (type and data) as they arrive; `next()` waits for the next one. */
async function openStream(headers: Record<string, string>) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers, signal: controller.signal });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const comments: string[] = [];
  async function next(): Promise<{ type: string; data: unknown } | 'closed'> {
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
        return { type, data };
      }
      const { value, done } = await reader.read();
      if (done) return 'closed';
      buffer += value;
    }
  }
  return { res, next, comments, close: () => controller.abort() };
}

describe('GET /api/events', () => {
  it('answers 401 without a token, in the error shape', async () => {
    const res = await fetch(`${base}/api/events`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: expect.any(String), error: expect.any(String) });
  });

  it("streams the caller's own events, with the bearer token, and no one else's", async () => {
    const mei = await createUser(t);
    const wei = await createUser(t);
    const stream = await openStream(mei.auth);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.res.headers.get('cache-control')).toContain('no-cache');
    expect(await stream.next()).toEqual({ type: 'ready', data: null });

    await t.app.events.publish(userChannel(wei.user.id), {
      type: 'message.created',
      data: { id: 'for-wei' },
    });
    await t.app.events.publish(userChannel(mei.user.id), {
      type: 'message.created',
      data: { id: 'for-mei' },
    });

    expect(await stream.next()).toEqual({ type: 'message.created', data: { id: 'for-mei' } });
    stream.close();
  });

  it('keeps a quiet stream alive, then ends it once its session is signed out', async () => {
    const mei = await createUser(t);
    const stream = await openStream(mei.auth);
    expect(await stream.next()).toEqual({ type: 'ready', data: null });
    const logout = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: mei.auth });
    expect(logout.statusCode).toBe(200);

    expect(await stream.next()).toEqual({ type: 'session-ended', data: null });
    expect(await stream.next()).toBe('closed');
    expect(stream.comments.length).toBeGreaterThan(0);
  });

  it('ends every stream with a hint to reconnect when the server shuts down', async () => {
    const mei = await createUser(t);
    const stream = await openStream(mei.auth);
    expect(await stream.next()).toEqual({ type: 'ready', data: null });
    const closing = t.app.close();

    expect(await stream.next()).toEqual({ type: 'reconnect', data: null });
    expect(await stream.next()).toBe('closed');
    await closing;
  });

  // eslint-disable-next-line no-restricted-syntax -- CI runs the server tests on PGlite and again on PostgreSQL
  it.runIf(process.env.DATABASE_URL)('delivers what another instance publishes (PostgreSQL)', async () => {
    const mei = await createUser(t);
    const other = await createSecondInstance(t);
    try {
      const stream = await openStream(mei.auth);
      expect(await stream.next()).toEqual({ type: 'ready', data: null });
      await other.app.events.publish(userChannel(mei.user.id), {
        type: 'booking.confirmed',
        data: { id: 7 },
      });
      expect(await stream.next()).toEqual({ type: 'booking.confirmed', data: { id: 7 } });
      stream.close();
    } finally {
      await other.close();
    }
  });
});
