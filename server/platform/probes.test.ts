import http from 'node:http';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { createUser } from '../test/factories';
import { SYSTEM_ROUTES } from '../test/route-table';

const open: TestApp[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
});

async function instance(logStream?: NodeJS.WritableStream) {
  // At debug even the web app's files are logged: the probes are not.
  const t = await createTestApp({ LOG_LEVEL: 'debug' }, { logStream, prettyLogs: false });
  open.push(t);
  return t;
}

/** One GET on a keep-alive agent: the same connection serves the next call. */
function get(agent: http.Agent, port: number, path: string) {
  return new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
    http
      .get({ agent, host: '127.0.0.1', port, path }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body, connection: response.headers.connection }),
        );
      })
      .on('error', reject);
  });
}

describe('/livez and /readyz', () => {
  it('are the system routes of the route table', async () => {
    const t = await instance();
    for (const route of SYSTEM_ROUTES) {
      const [method, url] = route.split(' ') as ['GET', string];
      expect(t.app.hasRoute({ method, url }), route).toBe(true);
    }
  });

  it('answer 200 while the process and its database are up, without a session and without a log line', async () => {
    const lines: string[] = [];
    const t = await instance(
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const { token } = await createUser(t);
    for (const url of ['/livez', '/readyz']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
      // A stale token changes nothing: no session is looked up.
      const stale = await t.app.inject({ url, headers: { authorization: 'Bearer no-such-session' } });
      expect(stale.statusCode, url).toBe(200);
      expect((await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(
        200,
      );
    }
    expect((await t.app.inject({ url: '/livez' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
    expect(lines.join('')).not.toMatch(/livez|readyz/);
    await t.app.inject({ url: '/assets/missing.js' });
    expect(lines.join('')).toContain('/assets/missing.js');
  });

  it('/readyz answers 503 when the database does not answer; /livez stays 200', async () => {
    const t = await instance();
    await t.database.close();
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'database unavailable' });
    expect((await t.app.inject({ url: '/livez' })).statusCode).toBe(200);
  });

  it('/readyz answers 503 once the server drains for shutdown', async () => {
    const t = await instance();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect((await get(agent, port, '/readyz')).status).toBe(200);
      const closing = t.app.close();
      // The kept-alive connection still carries requests while the drain waits for it.
      const draining = await get(agent, port, '/readyz');
      expect(draining.status).toBe(503);
      expect(JSON.parse(draining.body)).toEqual({ status: 'draining' });
      expect(draining.connection).toBe('close');
      await closing;
    } finally {
      agent.destroy();
    }
  });
});
