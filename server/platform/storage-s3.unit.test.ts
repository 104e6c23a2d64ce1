import { describe, expect, it } from 'vitest';
import { testConfig, type Config } from '../config';
import { mediaLinkWindow } from './media-links';
import { bucketBase, s3Storage } from './storage-s3';

const settings = (overrides: Partial<Config>) =>
  testConfig({
    MEDIA_STORAGE: 's3',
    S3_BUCKET: 'kwoon-media',
    S3_REGION: 'eu-west-1',
    S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    ...overrides,
  });

describe('presigned links to a bucket', () => {
  // Signing needs no network: each case is checked against the SDK's own presigner.
  it.each([
    ['AWS, virtual-hosted', {}, 'https://kwoon-media.s3.eu-west-1.amazonaws.com'],
    ['AWS, path style', { S3_FORCE_PATH_STYLE: true }, 'https://s3.eu-west-1.amazonaws.com/kwoon-media'],
    [
      'AWS, a dotted bucket',
      { S3_BUCKET: 'media.kwoon.org' },
      'https://s3.eu-west-1.amazonaws.com/media.kwoon.org',
    ],
    ['an endpoint of its own', { S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'http://127.0.0.1:9000/kwoon-media'],
    [
      'an endpoint, virtual-hosted',
      { S3_ENDPOINT: 'https://r2.example.org', S3_FORCE_PATH_STYLE: false },
      'https://kwoon-media.r2.example.org',
    ],
  ] as [string, Partial<Config>, string][])(
    'name the bucket where the SDK does: %s',
    async (_label, overrides, base) => {
      const config = settings(overrides);
      const store = s3Storage(config);
      expect(bucketBase({ ...config, S3_BUCKET: config.S3_BUCKET! })).toBe(base);
      expect(store.linkOrigins).toEqual([new URL(base).origin]);
      const window = mediaLinkWindow(new Date('2026-03-02T18:00:00Z'));
      const link = new URL(await store.privateUrl('lesson-videos/a.mp4', window));
      expect(`${link.origin}${link.pathname}`).toBe(`${base}/lesson-videos/a.mp4`);
      expect(link.searchParams.get('X-Amz-Expires')).toBe(String(4 * 60 * 60));
      expect(link.searchParams.get('X-Amz-Date')).toBe('20260302T170000Z');
      expect(link.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
      // The store knows its own links again, whatever they carry.
      expect(store.idOf(link.toString())).toBe('lesson-videos/a.mp4');
    },
  );

  it("knows its own addresses of a file again, and no one else's; it checks no link itself", () => {
    const store = s3Storage(settings({ S3_PUBLIC_URL: 'https://cdn.example.org/media/' }));
    expect(store.idOf('https://cdn.example.org/media/lesson-videos/a.mp4')).toBe('lesson-videos/a.mp4');
    expect(store.idOf('/media/lesson-videos/a.mp4?expires=1&signature=x')).toBe('lesson-videos/a.mp4');
    expect(store.idOf('https://elsewhere.example.org/lesson-videos/a.mp4')).toBeNull();
    expect('checkPrivateLink' in store).toBe(false);
  });
});
