import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test/app';

const LIMIT = 3;
const redisUrl = process.env.REDIS_URL;
/** Keys of this run only, so runs sharing one Redis never see each other's counts. */
const prefix = `kwoon-test-${randomUUID()}:`;

const open: TestApp[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
});

async function instance(REDIS_URL: string) {
  const t = await createTestApp({ REDIS_URL, REDIS_KEY_PREFIX: prefix, AUTH_RATE_LIMIT_PER_MINUTE: LIMIT });
  open.push(t);
  return t;
}

const signIn = (t: TestApp, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/authenticate',
    remoteAddress,
    payload: { username: 'nobody-here', password: 'wrong password' },
  });

// eslint-disable-next-line no-restricted-syntax -- CI's PostgreSQL step sets REDIS_URL (checked below)
describe.skipIf(!redisUrl)('rate limits shared through Redis (REDIS_URL)', () => {
  afterAll(async () => {
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('two instances count one limit: requests alternated between them meet 429 at the limit', async () => {
    const [a, b] = [await instance(redisUrl!), await instance(redisUrl!)];
    const codes = [];
    for (let i = 0; i <= LIMIT; i++) codes.push((await signIn(i % 2 ? b : a, '198.51.100.1')).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    const res = await signIn(a, '198.51.100.1');
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('TOO_MANY_REQUESTS');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another address has its own count.
    expect((await signIn(b, '198.51.100.2')).statusCode).toBe(401);
  });

  it('a rebuilt instance still sees the count', async () => {
    const first = await instance(redisUrl!);
    for (let i = 0; i < LIMIT; i++) expect((await signIn(first, '198.51.100.3')).statusCode).toBe(401);
    await first.close();
    open.splice(open.indexOf(first), 1);

    const rebuilt = await instance(redisUrl!);
    expect((await signIn(rebuilt, '198.51.100.3')).statusCode).toBe(429);
  });

  it('keeps its counters under REDIS_KEY_PREFIX, each expiring with its window', async () => {
    const t = await instance(redisUrl!);
    await signIn(t, '198.51.100.4');
    const redis = new Redis(redisUrl!);
    try {
      const [key] = await redis.keys(`${prefix}rate-limit:*198.51.100.4`);
      expect(key).toBe(`${prefix}rate-limit:POST:/api/user/authenticate:198.51.100.4`);
      const ttl = await redis.pttl(key!);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    } finally {
      await redis.quit();
    }
  });
});

/** A TCP relay to Redis that the test can cut, as a network failure would. */
async function cuttableRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

// eslint-disable-next-line no-restricted-syntax -- CI's PostgreSQL step sets REDIS_URL (checked below)
describe.skipIf(!redisUrl)('rate limits when Redis goes away', () => {
  it('answers every request and keeps limiting in the process', async () => {
    const relay = await cuttableRelay(new URL(redisUrl!));
    const t = await instance(relay.url);
    expect((await signIn(t, '198.51.100.5')).statusCode).toBe(401);
    await relay.cut();
    const codes = [];
    for (let i = 0; i <= LIMIT; i++) codes.push((await signIn(t, '198.51.100.5')).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});

describe('rate limits when Redis does not answer', () => {
  it('answers every request and still limits, counting in the process', async () => {
    // Nothing listens on port 1.
    const t = await instance('redis://127.0.0.1:1');
    const codes = [];
    for (let i = 0; i <= LIMIT; i++) codes.push((await signIn(t, '198.51.100.9')).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});

describe('reading REDIS_URL', () => {
  it('is set in CI wherever DATABASE_URL is, so the Redis tests above run there', () => {
    if (process.env.CI && process.env.DATABASE_URL) expect(redisUrl).toMatch(/^rediss?:\/\//);
  });

  it('is optional and takes redis:// or rediss:// addresses', () => {
    expect(loadConfig({}).REDIS_URL).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'rediss://:secret@redis.example.org:6380/2' }).REDIS_URL).toBe(
      'rediss://:secret@redis.example.org:6380/2',
    );
    expect(() => loadConfig({ REDIS_URL: 'http://redis:6379' })).toThrow(
      /REDIS_URL: REDIS_URL must start with redis:\/\/ or rediss:\/\//,
    );
  });
});
