import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test/app';

/** Sign-in allows this many attempts a minute per client address in these tests. */
const LIMIT = 3;
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function appTrusting(TRUST_PROXY: string) {
  const { TRUST_PROXY: parsed } = loadConfig({ TRUST_PROXY });
  t = await createTestApp({ TRUST_PROXY: parsed, AUTH_RATE_LIMIT_PER_MINUTE: LIMIT });
  return t;
}

let forged = 0;
/** A sign-in attempt whose X-Forwarded-For starts with an address the client made up. */
function signIn(app: TestApp, forwardedFor: (made: string) => string, remoteAddress = '127.0.0.1') {
  forged += 1;
  const made = `192.0.2.${forged % 250}`;
  return app.app.inject({
    method: 'POST',
    url: '/api/user/authenticate',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor(made) },
    payload: { username: 'nobody-here', password: 'wrong password' },
  });
}

async function statuses(
  app: TestApp,
  times: number,
  forwardedFor: (made: string) => string,
  remote?: string,
) {
  const codes: number[] = [];
  for (let i = 0; i < times; i++) codes.push((await signIn(app, forwardedFor, remote)).statusCode);
  return codes;
}

describe('TRUST_PROXY', () => {
  it('true trusts only the nearest proxy: a forged leftmost X-Forwarded-For entry does not escape the limit', async () => {
    const app = await appTrusting('true');
    const codes = await statuses(app, LIMIT + 2, (made) => `${made}, 203.0.113.9`);
    expect(codes).toEqual([401, 401, 401, 429, 429]);
    // The address the proxy appended is the client's: another one has its own allowance.
    expect((await signIn(app, (made) => `${made}, 203.0.113.10`)).statusCode).toBe(401);
  });

  it('a hop count trusts that many proxies and limits the address the farthest of them saw', async () => {
    const app = await appTrusting('2');
    const codes = await statuses(app, LIMIT + 1, (made) => `${made}, 198.51.100.7, 10.0.0.2`);
    expect(codes).toEqual([401, 401, 401, 429]);
    expect((await signIn(app, (made) => `${made}, 198.51.100.8, 10.0.0.2`)).statusCode).toBe(401);
  });

  it('a list of proxy addresses and CIDRs limits the address the trusted proxies appended', async () => {
    const app = await appTrusting('127.0.0.1, 10.0.0.0/8');
    const codes = await statuses(app, LIMIT + 1, (made) => `${made}, 198.51.100.7, 10.1.2.3`);
    expect(codes).toEqual([401, 401, 401, 429]);
    expect((await signIn(app, (made) => `${made}, 198.51.100.8, 10.1.2.3`)).statusCode).toBe(401);
  });

  it('a list ignores X-Forwarded-For from a peer that is not one of the proxies', async () => {
    const app = await appTrusting('10.0.0.0/8');
    const codes = await statuses(app, LIMIT + 1, (made) => made, '198.51.100.20');
    expect(codes).toEqual([401, 401, 401, 429]);
  });

  it('false ignores X-Forwarded-For: the peer address is limited', async () => {
    const app = await appTrusting('false');
    const codes = await statuses(app, LIMIT + 1, (made) => made);
    expect(codes).toEqual([401, 401, 401, 429]);
    const other = await signIn(app, () => '203.0.113.1', '127.0.0.2');
    expect(other.statusCode).toBe(401);
  });
});

describe('reading TRUST_PROXY', () => {
  it.each([
    ['false', false],
    ['no', false],
    ['0', false],
    ['true', 1],
    ['yes', 1],
    ['1', 1],
    ['3', 3],
    ['10.0.0.1', ['10.0.0.1']],
    ['loopback, 10.0.0.0/8,fd00::/8', ['loopback', '10.0.0.0/8', 'fd00::/8']],
  ])('%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it('defaults to false', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
  });

  it.each(['everything', '10.0.0.0/33', '10.0.0.300', ',', '-1', '10.0.0.0/8/1'])(
    'refuses %s with a message naming the variable',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: TRUST_PROXY must be false, true/,
      );
    },
  );
});
