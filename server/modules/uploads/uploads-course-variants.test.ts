import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles } from '../../db/schema';
import type { Headers, TestApp } from '../../test/app';
import { createTestAppWithMembers } from '../../test/factories';
import { createCourse } from '../courses/test/factories';
import { filePart, folder, multipart, png } from './multipart-body';

/* A course image is stored at its main size and at the narrower widths a page picks with srcset. */

let t: TestApp, admin: Headers;
beforeAll(async () => ({ t, admin } = await createTestAppWithMembers()));
afterAll(async () => t.close());

interface Uploaded {
  secure_url: string;
  public_id: string;
  width: number;
  height: number;
  variants: { url: string; width: number }[];
}

async function uploadImage(width: number, height: number): Promise<Uploaded> {
  const { payload, headers } = multipart([
    folder('course-thumbnails'),
    filePart(await png(width, height, '#884422'), 'cover.png', 'image/png'),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload,
    headers: { ...headers, ...admin },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const fileOf = (url: string) => path.join(t.mediaDir, url.replace(/^\/media\//, ''));

/** The files stored for one upload: its main file and every variant beside it. */
async function filesOf(image: Uploaded): Promise<string[]> {
  const stem = path.basename(image.public_id, '.webp');
  const names = await readdir(path.join(t.mediaDir, 'course-thumbnails'));
  return names.filter((name) => name.startsWith(stem)).sort();
}

const recorded = async (publicId: string) =>
  (await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.public_id, publicId))).length > 0;

const setThumbnail = (courseId: string, url: string | null) =>
  t.call('PUT', `/api/courses/${courseId}`, { thumbnail_url: url }, admin);

describe('course image variants', () => {
  it('stores a 2000×1000 image at 1280 px and at 320, 640 and 960 px, named by width', async () => {
    const image = await uploadImage(2000, 1000);
    expect(image.public_id).toMatch(/^course-thumbnails\/[0-9a-f-]{36}-1280x640\.webp$/);
    expect(image).toMatchObject({ width: 1280, height: 640 });
    const stem = image.secure_url.replace(/\.webp$/, '');
    expect(image.variants).toEqual([
      { url: `${stem}-320w.webp`, width: 320 },
      { url: `${stem}-640w.webp`, width: 640 },
      { url: `${stem}-960w.webp`, width: 960 },
      { url: image.secure_url, width: 1280 },
    ]);
    for (const variant of image.variants) {
      const meta = await sharp(await readFile(fileOf(variant.url))).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: variant.width, height: variant.width / 2 });
      const served = await t.call('GET', variant.url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    }
    expect(await filesOf(image)).toHaveLength(4);
    // Only the main file is a record of its own: the variants come and go with it.
    expect(await recorded(image.public_id)).toBe(true);
    expect(await recorded(image.public_id.replace(/\.webp$/, '-320w.webp'))).toBe(false);
  });

  it('never enlarges: a 400 px image gets only a 320 px variant, a 300 px one none', async () => {
    const small = await uploadImage(400, 300);
    expect(small).toMatchObject({ width: 400, height: 300 });
    expect(small.variants.map((v) => v.width)).toEqual([320, 400]);
    const meta = await sharp(await readFile(fileOf(small.variants[0]!.url))).metadata();
    expect(meta).toMatchObject({ width: 320, height: 240 });
    expect(await filesOf(small)).toHaveLength(2);

    const tiny = await uploadImage(300, 200);
    expect(tiny.variants).toEqual([{ url: tiny.secure_url, width: 300 }]);
    expect(await filesOf(tiny)).toEqual([path.basename(tiny.public_id)]);
  });

  it('removes the variants with the image', async () => {
    const image = await uploadImage(1000, 500);
    const res = await t.call('DELETE', '/api/admin/cloudinary/delete', { publicId: image.public_id }, admin);
    expect(res.statusCode).toBe(200);
    expect(await filesOf(image)).toEqual([]);
    for (const variant of image.variants) {
      expect((await t.call('GET', variant.url)).statusCode).toBe(404);
    }
    // A variant is not a file of its own to delete.
    const variant = await t.call(
      'DELETE',
      '/api/admin/cloudinary/delete',
      { publicId: image.public_id.replace(/\.webp$/, '-320w.webp') },
      admin,
    );
    expect(variant.statusCode).toBe(404);
  });

  it('removes a replaced course image with its variants, keeping one another course still shows', async () => {
    const course = await createCourse(t);
    const other = await createCourse(t);
    const first = await uploadImage(1200, 800);
    const second = await uploadImage(800, 600);
    expect((await setThumbnail(course.id, first.secure_url)).statusCode).toBe(200);
    expect((await setThumbnail(other.id, first.secure_url)).statusCode).toBe(200);

    expect((await setThumbnail(course.id, second.secure_url)).statusCode).toBe(200);
    expect(await filesOf(first)).toHaveLength(4);
    expect((await setThumbnail(other.id, 'https://example.org/cover.jpg')).statusCode).toBe(200);
    expect(await filesOf(first)).toEqual([]);
    expect(await recorded(first.public_id)).toBe(false);

    // A save that leaves the image alone keeps it.
    const saved = await t.call(
      'PUT',
      `/api/courses/${course.id}`,
      { title: 'Renamed', thumbnail_url: second.secure_url },
      admin,
    );
    expect(saved.statusCode).toBe(200);
    expect(await filesOf(second)).toHaveLength(3);
    expect((await setThumbnail(course.id, null)).statusCode).toBe(200);
    expect(await filesOf(second)).toEqual([]);
  });

  it("removes a deleted course's image with its variants", async () => {
    const course = await createCourse(t);
    const image = await uploadImage(1000, 1000);
    await setThumbnail(course.id, image.secure_url);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/courses/${course.id}`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(await filesOf(image)).toEqual([]);
    expect(existsSync(fileOf(image.secure_url))).toBe(false);
    expect(await recorded(image.public_id)).toBe(false);
  });
});
