import http from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { createUser } from '../test/factories';
import { sendOnNewConnection } from '../test/keep-alive-load';
import { waitingToBeAccepted } from './drain';

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
  return { app: t.app, agent, get, port };
}

/**
 * A sign-in whose body is held back: `headersRead` resolves once the server has read the headers
 * (it answers 100 Continue), so the request is in flight until `sendBody` is called.
 */
function heldSignIn(port: number, credentials: { username: string; password: string }) {
  const body = JSON.stringify(credentials);
  const request = http.request({
    host: '127.0.0.1',
    port,
    path: '/api/user/authenticate',
    method: 'POST',
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      expect: '100-continue',
    },
  });
  const headersRead = new Promise<void>((resolve) => request.once('continue', () => resolve()));
  const answered = new Promise<{ status: number; connection?: string; text: string }>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, text }),
      );
    });
  });
  request.flushHeaders();
  return { headersRead, answered, sendBody: () => request.end(body) };
}

/** Whether a new TCP connection to the port is refused. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

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

  it('finishes a request that is in flight when the close starts, and refuses new connections meanwhile', async () => {
    const { app, agent, port } = await listening();
    const { user, password } = await createUser(t!);
    const held = heldSignIn(port, { username: user.username, password });
    await held.headersRead;

    let closeFinished = false;
    const closed = app.close().then(() => (closeFinished = true));
    let refusing = false;
    for (let attempt = 0; attempt < 100 && !refusing; attempt++) {
      refusing = await refused(port);
      if (!refusing) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(refusing).toBe(true);
    expect(closeFinished).toBe(false);

    held.sendBody();
    const signIn = await held.answered;
    expect(signIn.status, signIn.text).toBe(200);
    expect(signIn.connection).toBe('close');
    expect(JSON.parse(signIn.text).token).toEqual(expect.any(String));
    await closed;
    agent.destroy();
  });
});

describe('closing the listener', () => {
  it("answers the connections waiting in the listener's queue when the close starts, GETs and POSTs, none reset", async () => {
    const { app, agent, port } = await listening();
    const base = `http://127.0.0.1:${port}`;
    // The kernel establishes each connection at once; the server takes it up only when its event
    // loop next polls, and the close below starts before that.
    const sent = Array.from({ length: 40 }, (_, i) =>
      i % 2 === 0
        ? sendOnNewConnection(base, 'GET', '/api/courses')
        : sendOnNewConnection(base, 'POST', '/api/user/authenticate', '{}'),
    );
    await new Promise((resolve) => process.nextTick(resolve));
    expect(waitingToBeAccepted(app.server.address() as AddressInfo)).toBeGreaterThan(0);
    const closed = app.close();

    const outcomes = await Promise.all(sent);
    expect(outcomes.filter((o) => o.kind !== 'answered')).toEqual([]);
    expect(outcomes.filter((o) => o.kind === 'answered' && (o.status >= 500 || !o.connectionClose))).toEqual(
      [],
    );
    await closed;
    agent.destroy();
  });
});
