import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';
import { multipart, type Part } from './multipart-body';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const filePart = (data: Buffer, filename = 'me.png', type = 'image/png'): Part => ({
  name: 'file',
  filename,
  type,
  data,
});
const avatars: Part = { name: 'folder', value: 'avatars' };

async function upload(parts: Part[], auth?: Record<string, string>) {
  const { payload, headers } = multipart(parts);
  return t.app.inject({ method: 'POST', url: '/api/uploads', payload, headers: { ...headers, ...auth } });
}

/** A photo-like PNG carrying EXIF data that must not survive the upload. */
const pngWithExif = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: '#8a2be2' } })
    .withExif({ IFD0: { Artist: 'Mei Chen', Copyright: 'Kwoon test' } })
    .png()
    .toBuffer();

async function storedCount() {
  const dir = path.join(t.mediaDir, 'avatars');
  const files = existsSync(dir) ? await readdir(dir) : [];
  const rows = await t.database.db.select().from(mediaFiles);
  return { files: files.length, rows: rows.length };
}

describe('POST /api/uploads', () => {
  it('re-encodes an avatar to a 512x512 WebP without metadata, records and serves it', async () => {
    const { user, auth } = await createUser(t);
    const original = await pngWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await upload([avatars, filePart(original)], auth);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.public_id).toMatch(/^avatars\/[0-9a-f-]{36}\.webp$/);
    expect(body).toMatchObject({
      secure_url: `/media/${body.public_id}`,
      format: 'webp',
      width: 512,
      height: 512,
    });

    const stored = await readFile(path.join(t.mediaDir, body.public_id));
    expect(body.bytes).toBe(stored.length);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();

    const [row] = await t.database.db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.public_id, body.public_id));
    expect(row).toMatchObject({
      folder: 'avatars',
      owner_id: user.id,
      content_type: 'image/webp',
      bytes: stored.length,
    });

    const served = await t.call('GET', body.secure_url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.equals(stored)).toBe(true);
  });

  it('applies the EXIF orientation and never enlarges a small image', async () => {
    const { auth } = await createUser(t);
    // 300x200 pixels stored sideways: orientation 6 means "rotate 90° clockwise to display".
    const sideways = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#222' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const res = await upload([avatars, filePart(sideways, 'me.jpg', 'image/jpeg')], auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ width: 200, height: 300 });
    const stored = await readFile(path.join(t.mediaDir, res.json().public_id));
    expect((await sharp(stored).metadata()).orientation).toBeUndefined();
  });

  it('accepts the file before the folder', async () => {
    const { auth } = await createUser(t);
    const res = await upload([filePart(await pngWithExif(64, 64)), avatars], auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ width: 64, height: 64 });
  });

  it.each([
    ['text named .png', Buffer.from('hello, this is not a picture\n'), 'notes.png', 'image/png'],
    ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'), 'me.png', 'image/png'],
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'me.svg',
      'image/svg+xml',
    ],
  ])('refuses %s with 415 and stores nothing', async (_label, data, filename, type) => {
    const { auth } = await createUser(t);
    const before = await storedCount();
    const res = await upload([avatars, filePart(data, filename, type)], auth);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: 'Please choose an image file', code: 'NOT_AN_IMAGE' });
    expect(await storedCount()).toEqual(before);
  });

  it('refuses a corrupt image with 415', async () => {
    const { auth } = await createUser(t);
    const png = await pngWithExif(200, 200);
    const corrupt = Buffer.concat([png.subarray(0, 64), Buffer.alloc(2000, 7)]);
    const res = await upload([avatars, filePart(corrupt)], auth);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: 'Please choose an image file' });
  });

  it('refuses a file over 5MB with 413 and stores nothing', async () => {
    const { auth } = await createUser(t);
    const before = await storedCount();
    const big = Buffer.alloc(6 * 1024 * 1024, 1);
    (await pngWithExif(16, 16)).copy(big); // a real PNG header, so only the size is wrong
    const res = await upload([avatars, filePart(big)], auth);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'Please choose an image smaller than 5MB', code: 'FILE_TOO_LARGE' });
    expect(await storedCount()).toEqual(before);
  });

  it.each([
    ['no file', [avatars], 'Please choose a file to upload'],
    [
      'an empty file',
      [avatars, { name: 'file', filename: '', type: 'application/octet-stream', data: Buffer.alloc(0) }],
      'Please choose a file to upload',
    ],
    [
      'a file under another field name',
      [avatars, { name: 'photo', filename: 'a.png', type: 'image/png', data: Buffer.from('x') }],
      'Please choose a file to upload',
    ],
    [
      'no folder',
      [{ name: 'file', filename: 'a.png', type: 'image/png', data: Buffer.from('x') }],
      'Folder is required',
    ],
    [
      'an unknown folder',
      [
        { name: 'folder', value: '../etc' },
        { name: 'file', filename: 'a.png', type: 'image/png', data: Buffer.from('x') },
      ],
      'Folder must be one of: avatars, course-thumbnails, lesson-videos, blog-banners, blog-content, news-thumbnails, resource-videos, resource-audio, resource-thumbnails',
    ],
  ] as [string, Part[], string][])('answers 400 for %s', async (_label, parts, message) => {
    const { auth } = await createUser(t);
    const res = await upload(parts, auth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message });
  });

  it('answers 400 for two files', async () => {
    const { auth } = await createUser(t);
    const png = await pngWithExif(32, 32);
    const res = await upload([avatars, filePart(png), filePart(png, 'b.png')], auth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Please upload one file at a time' });
  });

  it('answers 415 to a body that is not multipart', async () => {
    const { auth } = await createUser(t);
    const res = await t.call('POST', '/api/uploads', { folder: 'avatars' }, auth);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: 'Please send the file as multipart/form-data' });
  });

  it('answers 401 without a token', async () => {
    const res = await upload([avatars, filePart(await pngWithExif(32, 32))]);
    expect(res.statusCode).toBe(401);
  });
});

describe('DELETE /api/admin/cloudinary/delete', () => {
  const remove = (payload: unknown, headers?: Record<string, string>) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/admin/cloudinary/delete',
      headers,
      payload: payload as object,
    });

  it('removes the file and its record, and clears it from the profile that shows it', async () => {
    const student = await createUser(t);
    const admin = await createAdmin(t);
    const up = (await upload([avatars, filePart(await pngWithExif(64, 64))], student.auth)).json();
    await t.database.db
      .update(users)
      .set({ avatar: up.secure_url, avatar_public_id: up.public_id })
      .where(eq(users.id, student.user.id));

    const res = await remove({ publicId: up.public_id }, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(existsSync(path.join(t.mediaDir, up.public_id))).toBe(false);
    expect(
      await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.public_id, up.public_id)),
    ).toEqual([]);
    const [profile] = await t.database.db.select().from(users).where(eq(users.id, student.user.id));
    expect(profile).toMatchObject({ avatar: null, avatar_public_id: null });
    expect((await t.call('GET', up.secure_url)).statusCode).toBe(404);

    const again = await remove({ publicId: up.public_id }, admin.auth);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: 'File not found', code: 'FILE_NOT_FOUND' });
  });

  it('validates the public id', async () => {
    const admin = await createAdmin(t);
    for (const payload of [{}, { publicId: '  ' }]) {
      const res = await remove(payload, admin.auth);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'publicId is required' });
    }
    expect((await remove({ publicId: '../../etc/passwd' }, admin.auth)).statusCode).toBe(404);
  });

  it('answers 401 without a token and 403 for a student, keeping the file', async () => {
    const student = await createUser(t);
    const up = (await upload([avatars, filePart(await pngWithExif(32, 32))], student.auth)).json();
    expect((await remove({ publicId: up.public_id })).statusCode).toBe(401);
    const res = await remove({ publicId: up.public_id }, student.auth);
    expect(res.statusCode).toBe(403);
    expect(existsSync(path.join(t.mediaDir, up.public_id))).toBe(true);
  });
});
