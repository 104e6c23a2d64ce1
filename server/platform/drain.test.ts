import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The real app listening on loopback, and a keep-alive agent holding one connection to it. */
async function listening() {
  t = await createTestApp({ SHUTDOWN_TIMEOUT_MS: 5_000 });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise<{ status: number; connection?: string; reused: boolean }>((resolve, reject) => {
      const request = http.get({ agent, host: '127.0.0.1', port, path: '/api/health' }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            connection: response.headers.connection,
            reused: request.reusedSocket,
          }),
        );
      });
      request.on('error', reject);
    });
  return { app: t.app, agent, get };
}

describe('draining connections on close', () => {
  it('answers a request sent on an idle keep-alive connection during the drain, with Connection: close', async () => {
    const { app, agent, get } = await listening();
    expect((await get()).connection).toBe('keep-alive');

    const closed = app.close();
    const during = await get();
    expect(during).toEqual({ status: 200, connection: 'close', reused: true });
    await closed;
    agent.destroy();
  });

  it('closes a connection its client leaves unused once it has been silent for a second', async () => {
    const { app, agent, get } = await listening();
    await get();
    const [socket] = Object.values(agent.freeSockets).flat();
    const socketClosed = new Promise((resolve) => socket!.once('close', resolve));

    const startedAt = Date.now();
    await app.close();
    await socketClosed;
    const took = Date.now() - startedAt;
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(3_000);
    agent.destroy();
  });
});
