import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMediaLinkSigner,
  isPrivateMedia,
  loadMediaSigningKey,
  MEDIA_LINK_MAX_LIFE_MS,
  MEDIA_LINK_MIN_LIFE_MS,
  MEDIA_SECRET_FILE,
  mediaLinkWindow,
} from './media-links';

const HOUR = 60 * 60 * 1000;

describe('media links', () => {
  it('keeps only lesson videos private', () => {
    expect(isPrivateMedia('lesson-videos/a.mp4')).toBe(true);
    for (const id of ['avatars/a.webp', 'resource-videos/a.mp4', 'blog-content/a.mp4', 'lesson-videos.mp4'])
      expect(isPrivateMedia(id), id).toBe(false);
  });

  it('lasts at least three hours and at most four, the same link for a whole hour', () => {
    const start = Date.parse('2026-03-02T18:00:00Z');
    for (let offset = 0; offset < 2 * HOUR; offset += 7 * 60 * 1000 + 13_001) {
      const now = new Date(start + offset);
      const { from, until } = mediaLinkWindow(now);
      expect(until.getTime() - now.getTime()).toBeGreaterThanOrEqual(MEDIA_LINK_MIN_LIFE_MS);
      expect(until.getTime() - now.getTime()).toBeLessThanOrEqual(MEDIA_LINK_MAX_LIFE_MS);
      expect(until.getTime() - from.getTime()).toBe(MEDIA_LINK_MAX_LIFE_MS);
      expect(from.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(until.getTime() % HOUR).toBe(0);
    }
    expect(mediaLinkWindow(new Date(start + 60_000))).toEqual(mediaLinkWindow(new Date(start + HOUR - 1)));
  });

  it('opens the file it was signed for until it expires, and nothing else', () => {
    const signer = createMediaLinkSigner(randomBytes(32));
    const now = new Date('2026-03-02T18:00:00Z');
    const until = new Date(now.getTime() + MEDIA_LINK_MIN_LIFE_MS);
    const query = Object.fromEntries(new URLSearchParams(signer.query('lesson-videos/a.mp4', until)));
    expect(signer.check('lesson-videos/a.mp4', query, now)).toEqual({ ok: true, expiresAt: until });
    expect(signer.check('lesson-videos/b.mp4', query, now)).toMatchObject({
      ok: false,
      code: 'MEDIA_LINK_INVALID',
    });
    expect(signer.check('lesson-videos/a.mp4', query, until)).toMatchObject({
      ok: false,
      code: 'MEDIA_LINK_EXPIRED',
    });
    const otherKey = createMediaLinkSigner(randomBytes(32));
    expect(otherKey.check('lesson-videos/a.mp4', query, now)).toMatchObject({ code: 'MEDIA_LINK_INVALID' });
    for (const odd of [undefined, null, 'x', {}, { expires: [query.expires], signature: query.signature }])
      expect(signer.check('lesson-videos/a.mp4', odd, now)).toMatchObject({ code: 'MEDIA_LINK_INVALID' });
    expect(() => createMediaLinkSigner(randomBytes(16))).toThrow('at least 32 bytes');
  });
});

describe('the media signing key', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kwoon-media-key-'));
  });
  afterAll(async () => rm(dataDir, { recursive: true, force: true }));

  it('is MEDIA_SIGNING_KEY when it is set', async () => {
    const key = 'k'.repeat(40);
    // A folder of this test's own: the tests of this file run in any order.
    const own = path.join(dataDir, 'with-key');
    await mkdir(own);
    expect(await loadMediaSigningKey({ MEDIA_SIGNING_KEY: key, DATA_DIR: own })).toEqual(Buffer.from(key));
    expect(await readdir(own)).toEqual([]);
  });

  it('is generated once into DATA_DIR, owner-only, and read again at the next start', async () => {
    const config = { DATA_DIR: path.join(dataDir, 'install') };
    // Instances starting together end up with one key.
    const keys = await Promise.all(Array.from({ length: 8 }, () => loadMediaSigningKey(config)));
    expect(new Set(keys.map((key) => key.toString('hex'))).size).toBe(1);
    expect(keys[0]!.length).toBe(32);
    expect(await loadMediaSigningKey(config)).toEqual(keys[0]);
    expect(await readdir(config.DATA_DIR)).toEqual([MEDIA_SECRET_FILE]);
    expect((await stat(path.join(config.DATA_DIR, MEDIA_SECRET_FILE))).mode & 0o777).toBe(0o600);
  });
});
