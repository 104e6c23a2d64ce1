import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BANNER_TOO_LARGE_MESSAGE,
  BANNER_TYPE_MESSAGE,
  MEDIA_IMAGE_TOO_LARGE_MESSAGE,
  MEDIA_TYPE_MESSAGE,
  MEDIA_VIDEO_TOO_LARGE_MESSAGE,
  type BlogPost,
} from '../../../common/blog';
import { imageSources, type UploadResponse } from '../../../common/uploads';
import type { Headers, TestApp } from '../../test/app';
import { blogPostBody } from '../blog/test/factories';
import { createUser, createTestAppWithMembers } from '../../test/factories';
import { filePart, folder, multipart, png } from './multipart-body';

/* The blog's folders: banners and content images with sized variants, content videos up to 50MB. */

let t: TestApp, admin: Headers;
beforeAll(async () => ({ t, admin } = await createTestAppWithMembers()));
afterAll(async () => t.close());

const MB = 1024 * 1024;
const upload = (parts: Parameters<typeof multipart>[0], auth = admin) => {
  const { payload, headers } = multipart(parts);
  return t.app.inject({ method: 'POST', url: '/api/uploads', payload, headers: { ...headers, ...auth } });
};
const uploaded = async (name: 'blog-banners' | 'blog-content', data: Buffer, type = 'image/png') => {
  const res = await upload([folder(name), filePart(data, 'file', type)]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<UploadResponse>();
};
/** An MP4 that file-type recognises, of exactly `bytes` bytes. */
const mp4 = (bytes: number) => {
  const out = Buffer.alloc(bytes, 3);
  out.writeUInt32BE(24);
  out.write('ftypisom\0\0\0\0isomisom', 4, 'latin1');
  return out;
};
/** A PNG over 5MB: random pixels do not compress. */
const noisyPng = (side: number) => {
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return import('sharp').then(({ default: sharp }) =>
    sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer(),
  );
};
const stored = (url: string) => existsSync(path.join(t.mediaDir, url.replace(/^\/media\//, '')));
const allFiles = (url: string) => imageSources(url)!.variants.map((v) => v.url);

describe('POST /api/uploads — blog folders', () => {
  it('stores a banner as a sized WebP with its variants', async () => {
    const banner = await uploaded('blog-banners', await png(1600, 900));
    expect(banner.public_id).toMatch(/^blog-banners\/[0-9a-f-]{36}-1280x720\.webp$/);
    expect(banner.variants.map((v) => v.width)).toEqual([320, 640, 960, 1280]);
    expect(imageSources(banner.secure_url)).toMatchObject({ width: 1280, height: 720 });
  });

  it('takes an image or a video for content', async () => {
    expect((await uploaded('blog-content', await png(400, 300))).public_id).toMatch(/-400x300\.webp$/);
    const video = await uploaded('blog-content', mp4(2048), 'video/mp4');
    expect(video.public_id).toMatch(/^blog-content\/[0-9a-f-]{36}\.mp4$/);
  });

  it.each([
    ['blog-banners', Buffer.from('plain text, not a picture'), BANNER_TYPE_MESSAGE],
    ['blog-content', Buffer.from('plain text, not a picture'), MEDIA_TYPE_MESSAGE],
  ])('refuses a file of the wrong kind in %s', async (name, data, message) => {
    const res = await upload([folder(name), filePart(data, 'f.txt', 'text/plain')]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: message });
  });

  it('holds banners and content images to 5MB and content videos to 50MB', async () => {
    const big = await noisyPng(1400);
    expect(big.length).toBeGreaterThan(5 * MB);
    const banner = await upload([folder('blog-banners'), filePart(big, 'b.png', 'image/png')]);
    expect([banner.statusCode, banner.json().error]).toEqual([413, BANNER_TOO_LARGE_MESSAGE]);
    const image = await upload([folder('blog-content'), filePart(big, 'b.png', 'image/png')]);
    expect([image.statusCode, image.json().error]).toEqual([413, MEDIA_IMAGE_TOO_LARGE_MESSAGE]);
    const video = await upload([folder('blog-content'), filePart(mp4(50 * MB + 1), 'v.mp4', 'video/mp4')]);
    expect([video.statusCode, video.json().error]).toEqual([413, MEDIA_VIDEO_TOO_LARGE_MESSAGE]);
  });

  it('is for administrators only', async () => {
    const { auth } = await createUser(t);
    const res = await upload(
      [folder('blog-banners'), filePart(await png(10, 10), 'b.png', 'image/png')],
      auth,
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('a post’s uploads', () => {
  const save = (body: Record<string, unknown>, id?: string) =>
    t.app.inject({
      method: id ? 'PUT' : 'POST',
      url: id ? `/api/admin/blog/post/${id}` : '/api/admin/blog/post',
      headers: admin,
      payload: blogPostBody(body),
    });

  it('go when the post is deleted, unless another post still shows them', async () => {
    const banner = await uploaded('blog-banners', await png(800, 400));
    const image = await uploaded('blog-content', await png(700, 500));
    const video = await uploaded('blog-content', mp4(4096), 'video/mp4');
    const shared = await uploaded('blog-content', await png(500, 500));
    const variant = image.variants[0]!.url;
    const post = (
      await save({
        title: 'With files',
        banner_image: banner.secure_url,
        content: `<p>x</p><img src="${variant}"><img src="${shared.secure_url}">`,
        media: [{ url: video.secure_url, type: 'video', caption: 'Demo' }],
      })
    ).json<{ post: BlogPost }>().post;
    await save({ title: 'Sharing', content: `<img src="${shared.secure_url}">` });

    const res = await t.call('DELETE', `/api/admin/blog/post/${post.id}`, undefined, admin);
    expect(res.statusCode).toBe(200);
    for (const url of [...allFiles(banner.secure_url), ...allFiles(image.secure_url), video.secure_url])
      expect(stored(url), url).toBe(false);
    expect(allFiles(shared.secure_url).every(stored)).toBe(true);
  });

  it('drop a replaced banner', async () => {
    const first = await uploaded('blog-banners', await png(640, 320));
    const second = await uploaded('blog-banners', await png(640, 320));
    const post = (await save({ title: 'Banner swap', banner_image: first.secure_url })).json<{
      post: BlogPost;
    }>().post;
    const res = await save({ title: 'Banner swap', banner_image: second.secure_url }, post.id);
    expect(res.statusCode).toBe(200);
    expect(stored(first.secure_url)).toBe(false);
    expect(stored(second.secure_url)).toBe(true);
  });
});
