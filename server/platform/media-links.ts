import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../db/data-dir';
import type { Clock } from './clock';
import type { MediaStorage } from './storage';

/*
 * Media that is not for everyone: a paid course's lesson videos. No public address reaches the
 * files of a private folder; a reader allowed to watch one is handed a link that names the file and
 * the time it stops working, signed by the server (the local store: an HMAC that the /media route
 * checks) or by the bucket's credentials (S3: a presigned GET). This module decides which files are
 * private, how long a link lives, and how the local store's links are signed and checked.
 */

/** Folders whose files are served only through a signed link that expires. */
export const PRIVATE_MEDIA_FOLDERS = ['lesson-videos'] as const;

export const isPrivateMedia = (publicId: string): boolean =>
  PRIVATE_MEDIA_FOLDERS.some((folder) => publicId.startsWith(`${folder}/`));

const HOUR_MS = 60 * 60 * 1000;
/**
 * A link handed out lasts at least this long: far longer than a course page is kept written
 * (CATALOGUE_CACHE_SECONDS, at most 300 s), so a kept page never hands out a link about to expire,
 * and long enough to watch a lesson through.
 */
export const MEDIA_LINK_MIN_LIFE_MS = 3 * HOUR_MS;
/**
 * And at most this long. Links are cut on the hour: every link to a file handed out within the same
 * hour is the same link, so a page that shows it keeps its ETag and the browser keeps its cached
 * ranges of the video.
 */
export const MEDIA_LINK_MAX_LIFE_MS = MEDIA_LINK_MIN_LIFE_MS + HOUR_MS;

/** When a link handed out at `now` stops working, and when its window opened (what S3 signs). */
export function mediaLinkWindow(now: Date): { from: Date; until: Date } {
  const until = Math.ceil((now.getTime() + MEDIA_LINK_MIN_LIFE_MS) / HOUR_MS) * HOUR_MS;
  return { from: new Date(until - MEDIA_LINK_MAX_LIFE_MS), until: new Date(until) };
}

export const MEDIA_LINK_INVALID = 'This link to the file is not valid. Open the lesson again for a new one.';
export const MEDIA_LINK_EXPIRED = 'This link to the file has expired. Open the lesson again for a new one.';

/** What the /media route makes of a request for a private file. */
export type MediaLinkCheck =
  | { ok: true; expiresAt: Date }
  | { ok: false; code: 'MEDIA_LINK_INVALID' | 'MEDIA_LINK_EXPIRED'; message: string };

/** Signs the local store's links and checks them when they come back. */
export interface MediaLinkSigner {
  /** The query (`expires=…&signature=…`) that opens `publicId` until `until`. */
  query(publicId: string, until: Date): string;
  /** Whether a request's parsed query opens `publicId` at `now`. */
  check(publicId: string, query: unknown, now: Date): MediaLinkCheck;
}

const EXPIRES = /^\d{1,12}$/;
/** An HMAC-SHA256 in base64url, unpadded. */
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

const invalid: MediaLinkCheck = { ok: false, code: 'MEDIA_LINK_INVALID', message: MEDIA_LINK_INVALID };
const expired: MediaLinkCheck = { ok: false, code: 'MEDIA_LINK_EXPIRED', message: MEDIA_LINK_EXPIRED };

/** The signature covers the file and the expiry, so neither can be changed without the key. */
export function createMediaLinkSigner(key: Buffer): MediaLinkSigner {
  if (key.length < 32) throw new Error('A media signing key has at least 32 bytes');
  const sign = (publicId: string, expires: string) =>
    createHmac('sha256', key).update(`${publicId}\n${expires}`).digest();
  return {
    query(publicId, until) {
      const expires = String(Math.floor(until.getTime() / 1000));
      return `expires=${expires}&signature=${sign(publicId, expires).toString('base64url')}`;
    },
    check(publicId, query, now) {
      const { expires, signature } = (query ?? {}) as Record<string, unknown>;
      if (typeof expires !== 'string' || typeof signature !== 'string') return invalid;
      if (!EXPIRES.test(expires) || !SIGNATURE.test(signature)) return invalid;
      if (!timingSafeEqual(Buffer.from(signature, 'base64url'), sign(publicId, expires))) return invalid;
      const expiresAt = new Date(Number(expires) * 1000);
      return expiresAt.getTime() <= now.getTime() ? expired : { ok: true, expiresAt };
    },
  };
}

/** The key the embedded install generates at its first start, beside the database's own secret. */
export const MEDIA_SECRET_FILE = 'media.secret';

/**
 * The key the local store signs its links with: MEDIA_SIGNING_KEY, else one generated once into
 * DATA_DIR (owner-only) and read at every start, so links outlive a restart. Instances that serve
 * one media folder from several DATA_DIRs need the same MEDIA_SIGNING_KEY.
 */
export async function loadMediaSigningKey(
  config: Pick<Config, 'MEDIA_SIGNING_KEY' | 'DATA_DIR'>,
): Promise<Buffer> {
  if (config.MEDIA_SIGNING_KEY) return Buffer.from(config.MEDIA_SIGNING_KEY, 'utf8');
  const file = path.resolve(config.DATA_DIR, MEDIA_SECRET_FILE);
  const read = async () => Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url');
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // Written whole beside its name and linked into place: two instances starting together both end
  // up with whichever key was linked first, never with a half-written file.
  await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  const partial = `${file}.${randomUUID()}`;
  await writeFile(partial, `${randomBytes(32).toString('base64url')}\n`, {
    mode: PRIVATE_FILE_MODE,
    flag: 'wx',
  });
  try {
    await link(partial, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(partial, { force: true });
  }
  return read();
}

/** How services hand media URLs out and take them back. */
export interface MediaLinks {
  /**
   * The URL a reader who may see it is given for a stored URL: a private file's signed link, lasting
   * at least MEDIA_LINK_MIN_LIFE_MS; any other URL as it is.
   */
  forReader(url: string | null): Promise<string | null>;
  /** The URL as it is stored: a link to a private file of ours, signed or not, becomes its /media path. */
  toStored(url: string | null): string | null;
}

export function createMediaLinks(storage: MediaStorage, clock: Clock): MediaLinks {
  const privateId = (url: string) => {
    const id = storage.idOf(url);
    return id && isPrivateMedia(id) ? id : null;
  };
  return {
    async forReader(url) {
      const id = url && privateId(url);
      return id ? storage.privateUrl(id, mediaLinkWindow(clock.now())) : url;
    },
    toStored(url) {
      const id = url && privateId(url);
      return id ? `/media/${id}` : url;
    },
  };
}
