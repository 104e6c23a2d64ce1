import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  imageSources,
  type UploadResponse,
} from '../../../common/uploads';
import type { Headers, TestApp } from '../../test/app';
import { createUser, createTestAppWithMembers } from '../../test/factories';
import { newsBody } from './test/factories';
import { filePart, folder, multipart, png } from '../uploads/multipart-body';

/* The news form's thumbnail: an image up to 5MB in `news-thumbnails`, re-encoded like blog banners. */

let t: TestApp, admin: Headers;
beforeAll(async () => ({ t, admin } = await createTestAppWithMembers()));
afterAll(async () => t?.close());

const upload = (data: Buffer, type: string, auth = admin) => {
  const { payload, headers } = multipart([folder('news-thumbnails'), filePart(data, 'thumb', type)]);
  return t.app.inject({ method: 'POST', url: '/api/uploads', payload, headers: { ...headers, ...auth } });
};

describe('POST /api/uploads — news-thumbnails', () => {
  it('stores a sized WebP with its variants, which a news item then shows', async () => {
    const res = await upload(await png(1600, 900), 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    const thumb = res.json<UploadResponse>();
    expect(thumb.public_id).toMatch(/^news-thumbnails\/[0-9a-f-]{36}-1280x720\.webp$/);
    expect(thumb.variants.map((v) => v.width)).toEqual([320, 640, 960, 1280]);
    expect(imageSources(thumb.secure_url)).toMatchObject({ width: 1280, height: 720 });

    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/admin/news',
      headers: admin,
      payload: newsBody({ thumbnail_url: thumb.secure_url }),
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().news.thumbnail_url).toBe(thumb.secure_url);
  });

  it('refuses a file that is no image, and an image over 5MB, with the form’s messages', async () => {
    const text = await upload(Buffer.from('plain text, not a picture'), 'text/plain');
    expect([text.statusCode, text.json().error]).toEqual([415, IMAGE_TYPE_MESSAGE]);
    // Random pixels do not compress: a PNG of them passes 5MB.
    const side = 1400;
    const pixels = Buffer.alloc(side * side * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
    const big = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const large = await upload(big, 'image/png');
    expect([large.statusCode, large.json().error]).toEqual([413, IMAGE_TOO_LARGE_MESSAGE]);
  });

  it('is for administrators only', async () => {
    const { auth } = await createUser(t);
    const res = await upload(await png(10, 10), 'image/png', auth);
    expect(res.statusCode).toBe(403);
  });
});

describe('an item’s thumbnail', () => {
  const stored = (url: string) =>
    imageSources(url)!.variants.every((v) =>
      existsSync(path.join(t.mediaDir, v.url.replace(/^\/media\//, ''))),
    );
  const thumbnail = async () =>
    (await upload(await png(800, 450), 'image/png')).json<UploadResponse>().secure_url;
  const save = async (thumbnail_url: string | null, id?: string) => {
    const res = await t.app.inject({
      method: id ? 'PUT' : 'POST',
      url: id ? `/api/admin/news/${id}` : '/api/admin/news',
      headers: admin,
      payload: newsBody({ thumbnail_url }),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json<{ news: { id: string } }>().news.id;
  };

  it('goes, with its variants, when it is replaced', async () => {
    const [first, second] = [await thumbnail(), await thumbnail()];
    const id = await save(first);
    await save(first, id);
    expect(stored(first)).toBe(true);
    await save(second, id);
    expect(stored(first)).toBe(false);
    expect(stored(second)).toBe(true);
  });

  it('goes when its item is deleted, unless another item still shows it', async () => {
    const url = await thumbnail();
    const [one, two] = [await save(url), await save(url)];
    const remove = (id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/admin/news/${id}`, headers: admin });
    expect((await remove(one)).statusCode).toBe(200);
    expect(stored(url)).toBe(true);
    expect((await remove(two)).statusCode).toBe(200);
    expect(stored(url)).toBe(false);
  });
});
