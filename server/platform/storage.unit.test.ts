import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage, type MediaStorage } from './storage';

let root: string;
let store: MediaStorage;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'kwoon-store-'));
  store = localStorage(root);
});
afterAll(async () => rm(root, { recursive: true, force: true }));

/** A stream that sends `first`, then fails, as an upload cut off midway does. */
function failingAfter(first: string) {
  return Readable.from(
    (async function* () {
      yield Buffer.from(first);
      throw new Error('the client went away');
    })(),
  );
}

describe('the local media store', () => {
  it('streams a file into place and counts its bytes', async () => {
    const stored = await store.putStream(
      'videos/a.mp4',
      Readable.from([Buffer.from('abc'), Buffer.from('def')]),
      'video/mp4',
    );
    expect(stored).toEqual({ url: '/media/videos/a.mp4', bytes: 6 });
    expect(await readFile(path.join(root, 'videos/a.mp4'), 'utf8')).toBe('abcdef');
  });

  it('leaves nothing behind when the stream fails, not even a partial file', async () => {
    await expect(store.putStream('broken/b.mp4', failingAfter('half'), 'video/mp4')).rejects.toThrow(
      'the client went away',
    );
    // Its own folder, so the other tests' files (in any order) do not count.
    expect(await readdir(path.join(root, 'broken')).catch(() => [])).toEqual([]);
  });

  it('leaves nothing behind when the stream fails before its first byte, however soon', async () => {
    // The failure can come before the file is even open; repeated, since it is a race.
    const failing = () =>
      new Readable({
        read() {
          this.destroy(new Error('gone'));
        },
      });
    // Many at once, so the file system is busy as it is under load.
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () => store.putStream('early/e.mp4', failing(), 'video/mp4')),
    );
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await readdir(path.join(root, 'early')).catch(() => [])).toEqual([]);
  });

  it('reads a file whole or by range, and tells what it cannot serve', async () => {
    await store.put('videos/c.mp4', Buffer.from('0123456789'), 'video/mp4');
    const whole = await store.get('videos/c.mp4');
    expect(whole).toMatchObject({ kind: 'file', contentType: 'video/mp4', size: 10 });
    if (whole?.kind !== 'file') throw new Error('expected a file');
    expect(await text(whole.body)).toBe('0123456789');

    const part = await store.get('videos/c.mp4', { range: { start: 2, end: 4 } });
    expect(part).toMatchObject({ kind: 'file', size: 10, range: { start: 2, end: 4 } });
    if (part?.kind !== 'file') throw new Error('expected a file');
    expect(await text(part.body)).toBe('234');

    expect(await store.get('videos/c.mp4', { range: { start: 10 } })).toEqual({
      kind: 'unsatisfiable',
      size: 10,
    });
    expect(await store.get('videos/c.mp4', { ifNoneMatch: whole.etag })).toMatchObject({
      kind: 'not-modified',
    });
    expect(await store.get('videos/missing.mp4')).toBeNull();
    expect(await store.get('../etc/passwd')).toBeNull();
    expect(await store.get('videos')).toBeNull();
  });

  it('refuses an unsafe id for writing', async () => {
    await expect(store.put('../outside.mp4', Buffer.from('x'), 'video/mp4')).rejects.toThrow(
      /Unsafe media id/,
    );
  });
});
