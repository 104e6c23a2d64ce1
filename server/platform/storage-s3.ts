import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../config';
import { rangeHeader } from './byte-range';
import { isPrivateMedia } from './media-links';
import { assertSafeId, byteCounter, mediaPathId, resolveRange, SAFE_ID, type MediaStorage } from './storage';

type S3Settings = Pick<
  Config,
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_BUCKET'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_PUBLIC_URL'
>;

/** The HTTP status of a failed S3 call, as the SDK reports it. */
const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** `bytes 0-99/1234` → the range and the whole size. */
function parseContentRange(header: string | undefined) {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header ?? '');
  if (!match) return null;
  return { start: Number(match[1]), end: Number(match[2]), size: Number(match[3]) };
}

/** The bucket's address style: path style names the bucket in the path rather than the host. */
const pathStyle = (config: S3Settings) => config.S3_FORCE_PATH_STYLE ?? Boolean(config.S3_ENDPOINT);

/**
 * The address of the bucket's objects as presigned links name them, without a trailing slash:
 * S3_ENDPOINT (or AWS's regional endpoint) with the bucket in the path, or as the host's first
 * label. A bucket with a dot in its name cannot be a TLS host name, so the SDK puts it in the path.
 */
export function bucketBase(config: S3Settings & { S3_BUCKET: string }): string {
  const endpoint = new URL(config.S3_ENDPOINT ?? `https://s3.${config.S3_REGION}.amazonaws.com`);
  const host = `${endpoint.protocol}//${endpoint.host}`;
  if (pathStyle(config) || config.S3_BUCKET.includes('.')) return `${host}/${config.S3_BUCKET}`;
  return `${endpoint.protocol}//${config.S3_BUCKET}.${endpoint.host}`;
}

/**
 * Media in an S3-compatible bucket, each file under its public id as key. Every instance reads and
 * writes the same bucket, so any of them serves what another stored. Uploads go up in 5 MB parts
 * as they arrive, so a large video never sits whole in memory: two parts in flight keep the
 * connection busy while the next one fills, at about 15 MB per upload (the SDK's four cost 60).
 */
export function s3Storage(config: S3Settings): MediaStorage {
  if (!config.S3_BUCKET) throw new Error('S3_BUCKET is required when MEDIA_STORAGE=s3');
  const Bucket = config.S3_BUCKET;
  const client = new S3Client({
    region: config.S3_REGION,
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
    forcePathStyle: pathStyle(config),
    ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: config.S3_ACCESS_KEY_ID,
            secretAccessKey: config.S3_SECRET_ACCESS_KEY,
          },
        }
      : {}),
    // Checksums only where S3 demands them: several S3-compatible servers refuse the SDK's newer
    // default trailing checksums, and a ranged read has no whole-object checksum to check.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const publicBase = config.S3_PUBLIC_URL?.replace(/\/+$/, '') ?? '/media';
  const objects = bucketBase({ ...config, S3_BUCKET: Bucket });
  // A private file is never given the public address: its stored URL is its /media path, and
  // readers get presigned links (privateUrl).
  const urlOf = (publicId: string) => `${isPrivateMedia(publicId) ? '/media' : publicBase}/${publicId}`;
  /** The public id of a URL that starts with `base/`, query and fragment dropped. */
  const idUnder = (url: string, base: string) => {
    if (!url.startsWith(`${base}/`)) return null;
    const id = url.slice(base.length + 1).split(/[?#]/)[0] ?? '';
    return SAFE_ID.test(id) ? id : null;
  };

  async function sizeOf(Key: string): Promise<number | null> {
    try {
      return (await client.send(new HeadObjectCommand({ Bucket, Key }))).ContentLength ?? 0;
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  return {
    async put(publicId, data, contentType) {
      assertSafeId(publicId);
      await client.send(
        new PutObjectCommand({ Bucket, Key: publicId, Body: data, ContentType: contentType }),
      );
      return urlOf(publicId);
    },

    async putStream(publicId, stream, contentType) {
      assertSafeId(publicId);
      const counter = byteCounter();
      const piping = pipeline(stream, counter);
      const upload = new Upload({
        client,
        params: { Bucket, Key: publicId, Body: counter, ContentType: contentType },
        queueSize: 2,
      });
      try {
        await Promise.all([piping, upload.done()]);
      } catch (error) {
        // A failed stream ends the upload before its last part, so S3 never assembles the object;
        // the parts already sent are dropped with the multipart upload.
        counter.destroy();
        await upload.abort().catch(() => {});
        throw error;
      }
      return { url: urlOf(publicId), bytes: counter.bytes };
    },

    async get(publicId, options = {}) {
      if (!SAFE_ID.test(publicId)) return null;
      const { ifNoneMatch } = options;
      let range = options.range;
      // A suffix (`bytes=-500`) becomes positions first: not every S3-compatible server reads
      // suffixes, and none of them has an answer for an empty one.
      if (range && 'suffix' in range) {
        const size = await sizeOf(publicId);
        if (size === null) return null;
        const resolved = resolveRange(range, size);
        if (resolved === 'unsatisfiable') return { kind: 'unsatisfiable', size };
        range = resolved;
      }
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: publicId,
            ...(range ? { Range: rangeHeader(range) } : {}),
            ...(ifNoneMatch ? { IfNoneMatch: ifNoneMatch } : {}),
          }),
        );
        const served = parseContentRange(object.ContentRange);
        return {
          kind: 'file',
          body: object.Body as Readable,
          contentType: object.ContentType ?? 'application/octet-stream',
          size: served?.size ?? object.ContentLength ?? 0,
          ...(served ? { range: { start: served.start, end: served.end } } : {}),
          ...(object.ETag ? { etag: object.ETag } : {}),
        };
      } catch (error) {
        const status = statusOf(error);
        if (status === 404) return null;
        if (status === 304) return { kind: 'not-modified', ...(ifNoneMatch ? { etag: ifNoneMatch } : {}) };
        if (status === 416) {
          const size = await sizeOf(publicId);
          return size === null ? null : { kind: 'unsatisfiable', size };
        }
        throw error;
      }
    },

    async remove(publicId) {
      assertSafeId(publicId);
      await client.send(new DeleteObjectCommand({ Bucket, Key: publicId }));
    },

    // The bucket checks the link: signed for the window's whole length from its start, so every
    // link of one window is the same link, and it stops working when the window closes.
    async privateUrl(publicId, window) {
      assertSafeId(publicId);
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: publicId }), {
        signingDate: window.from,
        expiresIn: Math.round((window.until.getTime() - window.from.getTime()) / 1000),
      });
    },

    idOf(url) {
      return (
        mediaPathId(url) ?? idUnder(url, objects) ?? (config.S3_PUBLIC_URL ? idUnder(url, publicBase) : null)
      );
    },

    linkOrigins: [new URL(objects).origin],
  };
}
