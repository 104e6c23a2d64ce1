import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';
import type { ByteRange } from './byte-range';
import { createMediaLinkSigner, loadMediaSigningKey, type MediaLinkCheck } from './media-links';

/** A file read back from the store, whole or the range asked for. */
export type MediaRead =
  | {
      kind: 'file';
      /** The bytes asked for; the caller reads it to its end or destroys it. */
      body: Readable;
      contentType: string;
      /** Size of the whole file. */
      size: number;
      /** Present when a range was asked and the body holds only those bytes (inclusive). */
      range?: { start: number; end: number };
      etag?: string;
    }
  /** The caller's If-None-Match names the stored version. */
  | { kind: 'not-modified'; etag?: string }
  /** The range starts past the end of a file of `size` bytes. */
  | { kind: 'unsatisfiable'; size: number };

/** Where uploaded media lives; public ids look like `avatars/2f1c….webp`. */
export interface MediaStorage {
  /** Stores a small file held in memory (a re-encoded image, a demo video) and returns its URL. */
  put(publicId: string, data: Buffer, contentType: string): Promise<string>;
  /**
   * Stores a stream without holding it in memory. When the stream fails (the client went away, the
   * file is over its limit) nothing is left under `publicId`.
   */
  putStream(publicId: string, stream: Readable, contentType: string): Promise<{ url: string; bytes: number }>;
  /** Reads a stored file for /media; null when there is none under that id. */
  get(publicId: string, options?: { range?: ByteRange; ifNoneMatch?: string }): Promise<MediaRead | null>;
  remove(publicId: string): Promise<void>;
  /**
   * A link that opens a private file (media-links.ts) until `until` and not after; `from` is when
   * its window opened, so links of one window are the same link.
   */
  privateUrl(publicId: string, window: { from: Date; until: Date }): Promise<string>;
  /**
   * For a store whose private files /media serves: whether a request's query opens the file.
   * Without it /media serves no private file at all.
   */
  checkPrivateLink?(publicId: string, query: unknown, now: Date): MediaLinkCheck;
  /** The public id a URL this store handed out names (a /media path, signed or not, or its own address), or null. */
  idOf(url: string): string | null;
  /** Origins besides the site's own that browsers load this store's links from (a bucket's presigned links). */
  readonly linkOrigins: readonly string[];
  /** The folder served at /media, for the local store: the app serves it as static files. */
  readonly root?: string;
}

/** What a public id may look like; anything else never reaches a path or a bucket key. */
export const SAFE_ID = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/;

export function assertSafeId(publicId: string): void {
  if (!SAFE_ID.test(publicId)) throw new Error(`Unsafe media id: ${publicId}`);
}

/** Media types of the extensions the uploads store, for a store that keeps no type of its own. */
const TYPES: Record<string, string> = {
  webp: 'image/webp',
  mp4: 'video/mp4',
  m4v: 'video/x-m4v',
  mov: 'video/quicktime',
  webm: 'video/webm',
  ogv: 'video/ogg',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  aac: 'audio/aac',
};

/** A pass-through that counts what goes by, so a streamed upload knows its real size. */
export function byteCounter(): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counter.bytes += chunk.length;
      callback(null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}

/** The public id a `/media/<id>` path names, with or without a query; null for anything else. */
export function mediaPathId(url: string): string | null {
  const match = /^\/media\/([^?#]+)(?:\?[^#]*)?$/.exec(url);
  return match?.[1] && SAFE_ID.test(match[1]) ? match[1] : null;
}

export interface LocalStorageOptions {
  /** Signs the links to private files; a store made without one signs with a key only it knows. */
  signingKey?: Buffer;
}

export function localStorage(root: string, options: LocalStorageOptions = {}): MediaStorage {
  const signer = createMediaLinkSigner(options.signingKey ?? randomBytes(32));
  const resolve = (publicId: string) => {
    assertSafeId(publicId);
    return path.join(root, publicId);
  };
  const putStream: MediaStorage['putStream'] = async (publicId, stream) => {
    const file = resolve(publicId);
    // Owner-only like the rest of DATA_DIR: the server itself serves the public ones.
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    // Written beside its final name and renamed into place, so a reader never sees half a file
    // and a failed upload leaves nothing under its id. The dot keeps it out of /media.
    const partial = path.join(path.dirname(file), `.${randomUUID()}.partial`);
    const counter = byteCounter();
    // Opened before the pipeline starts: a write stream that opens its own file can create it
    // after a failing pipeline has already rejected and the clean-up below has run.
    const handle = await open(partial, 'wx', 0o600);
    try {
      await pipeline(stream, counter, handle.createWriteStream());
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return { url: `/media/${publicId}`, bytes: counter.bytes };
  };
  return {
    root,
    linkOrigins: [],
    putStream,
    async put(publicId, data, contentType) {
      return (await putStream(publicId, Readable.from([data]), contentType)).url;
    },
    async get(publicId, options = {}) {
      if (!SAFE_ID.test(publicId)) return null;
      const file = path.join(root, publicId);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      const etag = `"${info.size.toString(16)}-${info.mtimeMs.toString(16)}"`;
      if (options.ifNoneMatch === etag) return { kind: 'not-modified', etag };
      const contentType = TYPES[path.extname(publicId).slice(1)] ?? 'application/octet-stream';
      const range = options.range && resolveRange(options.range, info.size);
      if (range === 'unsatisfiable') return { kind: 'unsatisfiable', size: info.size };
      const body = createReadStream(file, range ?? {});
      return { kind: 'file', body, contentType, size: info.size, etag, ...(range ? { range } : {}) };
    },
    async remove(publicId) {
      await rm(resolve(publicId), { force: true });
    },
    async privateUrl(publicId, window) {
      assertSafeId(publicId);
      return `/media/${publicId}?${signer.query(publicId, window.until)}`;
    },
    checkPrivateLink: (publicId, query, now) => signer.check(publicId, query, now),
    idOf: mediaPathId,
  };
}

/** The inclusive byte positions a range means in a file of `size` bytes. */
export function resolveRange(
  range: ByteRange,
  size: number,
): { start: number; end: number } | 'unsatisfiable' {
  if ('suffix' in range) {
    if (range.suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size) return 'unsatisfiable';
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

/** The local store a server keeps in its data directory; the seed writes the demo videos there too. */
export const dataDirStorage = (dataDir: string): MediaStorage => localStorage(path.resolve(dataDir, 'media'));

/**
 * The store the configuration names. The S3 client is loaded only when it is used, so the embedded
 * default starts without it.
 */
export async function createMediaStorage(config: Config): Promise<MediaStorage> {
  if (config.MEDIA_STORAGE !== 's3')
    return localStorage(path.resolve(config.DATA_DIR, 'media'), {
      signingKey: await loadMediaSigningKey(config),
    });
  const { s3Storage } = await import('./storage-s3');
  return s3Storage(config);
}
