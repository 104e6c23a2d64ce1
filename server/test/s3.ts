import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { Config } from '../config';

export interface TestBucket {
  /** What the app's configuration needs to store its media in this bucket. */
  config: Partial<Config>;
  /** Every key in the bucket. */
  keys(): Promise<string[]>;
  /** An object's bytes and type, or null when there is none. */
  object(key: string): Promise<{ data: Buffer; contentType?: string } | null>;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, on a free port of 127.0.0.1, keeping its objects in a
 * temporary folder) with one empty bucket, for the media store to talk to over HTTP.
 */
export async function startTestBucket(bucket = 'kwoon-media'): Promise<TestBucket> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'kwoon-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  // s3rver takes any key pair; these are the ones its documentation uses.
  const config = {
    MEDIA_STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  } satisfies Partial<Config>;
  const client = new S3Client({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    config,
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((item) => item.Key!).sort();
    },
    async object(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      } catch {
        return null;
      }
      const found = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return {
        data: Buffer.from(await found.Body!.transformToByteArray()),
        ...(found.ContentType ? { contentType: found.ContentType } : {}),
      };
    },
    async stop() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
