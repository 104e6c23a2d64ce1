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
import type { Config } from '../config';
import { rangeHeader } from './byte-range';
import { assertSafeId, byteCounter, resolveRange, SAFE_ID, type MediaStorage } from './storage';

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
    forcePathStyle: config.S3_FORCE_PATH_STYLE ?? Boolean(config.S3_ENDPOINT),
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
  const urlOf = (publicId: string) => `${publicBase}/${publicId}`;

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
  };
}
