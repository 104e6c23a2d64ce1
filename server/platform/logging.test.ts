import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { createUser } from '../test/factories';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

let webRoot: string;
beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'kwoon-web-'));
  await mkdir(path.join(webRoot, 'assets'));
  await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Kwoon</title>');
  await writeFile(path.join(webRoot, 'assets', 'app-1a2b.js'), 'console.log(1)');
});
afterAll(async () => rm(webRoot, { recursive: true, force: true }));

describe('request logging in JSON', () => {
  let t: TestApp;
  const log = capture();
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { webRoot, logStream: log.stream, prettyLogs: false });
  });
  afterAll(async () => t.close());

  it('writes one line per API request with its status, duration and request id, and none for the web app files', async () => {
    await writeFile(path.join(t.mediaDir, 'photo.txt'), 'photo');
    log.lines.length = 0;

    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/assets/app-1a2b.js' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/app/courses' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/media/photo.txt' })).statusCode).toBe(200);
    const missing = await t.app.inject({ url: '/api/courses/not-a-course?token=Query-Secret-31&page=2' });

    const entries = log.lines.map((line) => JSON.parse(line));
    const requests = entries.filter((entry) => 'statusCode' in entry);
    expect(requests).toEqual([
      expect.objectContaining({ level: 30, method: 'GET', url: '/api/health', statusCode: 200 }),
      expect.objectContaining({
        level: 30,
        method: 'GET',
        url: '/api/courses/not-a-course?token=[redacted]&page=2',
        statusCode: missing.statusCode,
      }),
    ]);
    for (const entry of requests) {
      expect(entry.reqId).toEqual(expect.any(String));
      expect(entry.responseTime).toEqual(expect.any(Number));
    }
    expect(
      entries.some((entry) => entry.msg === 'incoming request' || entry.msg === 'request completed'),
    ).toBe(false);
    expect(log.lines.join('\n')).not.toContain('Query-Secret-31');
  });
});

describe('request logging in readable form', () => {
  let t: TestApp;
  const log = capture();
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { webRoot, logStream: log.stream, prettyLogs: true });
  });
  afterAll(async () => t.close());

  it('writes a plain line per API request, keeps credentials out and skips the web app files', async () => {
    const { user } = await createUser(t);
    log.lines.length = 0;
    await t.app.inject({
      method: 'POST',
      url: '/api/user/authenticate',
      payload: { username: user.username, password: 'Pretty-Wrong-Secret-5' },
    });
    await t.app.inject({ url: '/assets/app-1a2b.js' });
    await t.app.inject({ url: '/api/health', headers: { authorization: 'Bearer Pretty-Header-Secret' } });

    const text = log.lines.join('\n');
    expect(() => JSON.parse(log.lines[0]!)).toThrow();
    expect(text).toMatch(/INFO.*req-\w+ POST \/api\/user\/authenticate 401 [\d.]+ms/);
    expect(text).toMatch(/INFO.*GET \/api\/health 200 [\d.]+ms/);
    expect(text).not.toContain('/assets/');
    expect(text).not.toContain('Pretty-Wrong-Secret-5');
    expect(text).not.toContain('Pretty-Header-Secret');
  });
});
