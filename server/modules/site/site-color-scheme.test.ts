import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

/* With a build, the public pages inline the colour scheme script and the policy allows it by hash. */

const SCRIPT = "document.documentElement.setAttribute('data-mantine-color-scheme', 'dark');";

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'kwoon-web-'));
  await writeFile(path.join(webRoot, 'color-scheme.js'), `/*\n * Why this file exists.\n */\n${SCRIPT}\n`);
  t = await createTestApp({}, { webRoot });
});
afterAll(async () => {
  await t?.close();
  await rm(webRoot, { recursive: true, force: true });
});

describe('the colour scheme script', () => {
  it('is inline in the head of a public page, without its comment, and nothing loads it', async () => {
    const res = await t.call('GET', '/about');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<script>${SCRIPT}</script>`);
    expect(res.body).not.toContain('src="/color-scheme.js"');
    expect(res.body).not.toContain('Why this file exists');
  });

  it('is the one inline script the content security policy allows, by its hash', async () => {
    const res = await t.call('GET', '/about');
    const hash = createHash('sha256').update(SCRIPT).digest('base64');
    const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
  });
});
