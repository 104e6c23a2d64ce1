import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetail } from '../../../common/courses';
import { checkVideoFile, VIDEO_MAX_BYTES } from '../../../common/uploads';
import { lessons, mediaFiles } from '../../db/schema';
import { createTestApp, type TestApp, type Headers } from '../../test/app';
import { createAdmin, createTestAppWithMembers } from '../../test/factories';
import { createCourse } from '../courses/test/factories';
import { filePart, folder, multipart, png, type Part } from './multipart-body';

/** The video limit is lowered so oversize uploads stay quick; one test sends a real 101MB file. */
const SMALL_VIDEO_LIMIT = 8 * 1024 * 1024;
const MB = 1024 * 1024;

let t: TestApp, admin: Headers, student: Headers;
beforeAll(
  async () =>
    ({ t, admin, student } = await createTestAppWithMembers({ UPLOAD_VIDEO_MAX_BYTES: SMALL_VIDEO_LIMIT })),
);
afterAll(async () => t.close());

async function upload(parts: Part[], auth?: Record<string, string>, app = t) {
  const { payload, headers } = multipart(parts);
  return app.app.inject({ method: 'POST', url: '/api/uploads', payload, headers: { ...headers, ...auth } });
}

/** The signed link an admin's course page gives for a lesson showing the uploaded video at `url`. */
async function lessonLink(url: string) {
  const course = await createCourse(t, { modules: 1, lessonsPerModule: 1 });
  await t.database.db
    .update(lessons)
    .set({ content_url: url })
    .where(eq(lessons.id, course.allLessonIds[0]!));
  const page = await t.app.inject({ method: 'GET', url: `/api/courses/${course.id}`, headers: admin });
  return page.json<{ course: CourseDetail }>().course.modules[0]!.lessons[0]!.content_url!;
}

async function storedCount(app = t) {
  let files = 0;
  for (const dir of ['avatars', 'course-thumbnails', 'lesson-videos']) {
    const full = path.join(app.mediaDir, dir);
    if (existsSync(full)) files += (await readdir(full)).length;
  }
  const rows = await app.database.db.select().from(mediaFiles);
  return { files, rows: rows.length };
}

// Minimal containers that file-type recognises from their first bytes.
const box = (type: string, body: Buffer) => {
  const out = Buffer.alloc(8 + body.length);
  out.writeUInt32BE(8 + body.length);
  out.write(type, 4, 'latin1');
  body.copy(out, 8);
  return out;
};
const isoMedia = (major: string, size = 256) =>
  Buffer.concat([
    box('ftyp', Buffer.from(`${major}\0\0\0\0${major}isom`, 'latin1')),
    box('mdat', Buffer.alloc(size - 32, 7)),
  ]);
const ebml = (docType: string) => {
  const inner = Buffer.concat([Buffer.from([0x42, 0x82, 0x80 | docType.length]), Buffer.from(docType)]);
  return Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | inner.length]),
    inner,
    Buffer.alloc(200),
  ]);
};
const oggTheora = () => {
  const out = Buffer.alloc(256);
  out.write('OggS', 0, 'latin1');
  out[28] = 0x80;
  out.write('theora', 29, 'latin1');
  return out;
};
/** An MP4 of exactly `bytes` bytes. */
const mp4OfSize = (bytes: number) => {
  const out = Buffer.alloc(bytes, 3);
  isoMedia('isom', 64).copy(out);
  return out;
};
describe('POST /api/uploads — course-thumbnails', () => {
  it('re-encodes a wide image to WebP at most 1280 px wide, keeping its aspect ratio', async () => {
    const res = await upload(
      [folder('course-thumbnails'), filePart(await png(2000, 1000), 'cover.png', 'image/png')],
      admin,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Named by its size, which says what variants lie beside it (uploads-course-variants.test.ts).
    expect(body.public_id).toMatch(/^course-thumbnails\/[0-9a-f-]{36}-1280x640\.webp$/);
    expect(body).toMatchObject({
      secure_url: `/media/${body.public_id}`,
      format: 'webp',
      width: 1280,
      height: 640,
    });
    const stored = await readFile(path.join(t.mediaDir, body.public_id));
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'webp', width: 1280, height: 640 });
    const [row] = await t.database.db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.public_id, body.public_id));
    expect(row).toMatchObject({
      folder: 'course-thumbnails',
      content_type: 'image/webp',
      bytes: stored.length,
    });
  });

  it('never enlarges and never crops a small or tall image', async () => {
    const small = await upload(
      [folder('course-thumbnails'), filePart(await png(400, 300), 'a.png', 'image/png')],
      admin,
    );
    expect(small.json()).toMatchObject({ width: 400, height: 300 });
    const tall = await upload(
      [folder('course-thumbnails'), filePart(await png(600, 1800), 'b.png', 'image/png')],
      admin,
    );
    expect(tall.json()).toMatchObject({ width: 600, height: 1800 });
  });

  it('refuses a non-image with 415 and an image over 5MB with 413, storing nothing', async () => {
    const before = await storedCount();
    const text = await upload(
      [folder('course-thumbnails'), filePart(Buffer.from('not a picture'), 'x.png', 'image/png')],
      admin,
    );
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ error: 'Please choose an image file', code: 'NOT_AN_IMAGE' });
    const video = await upload(
      [folder('course-thumbnails'), filePart(isoMedia('isom'), 'v.mp4', 'video/mp4')],
      admin,
    );
    expect(video.statusCode).toBe(415);

    const big = Buffer.alloc(6 * MB, 1);
    (await png(16, 16)).copy(big);
    // Folder first: held to 5MB while streaming. File first: held to the admin's largest limit,
    // then to the folder's once it is known.
    for (const parts of [
      [folder('course-thumbnails'), filePart(big, 'big.png', 'image/png')],
      [filePart(big, 'big.png', 'image/png'), folder('course-thumbnails')],
    ]) {
      const res = await upload(parts, admin);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        error: 'Please choose an image smaller than 5MB',
        code: 'FILE_TOO_LARGE',
      });
    }
    expect(await storedCount()).toEqual(before);
  });
});

describe('POST /api/uploads — lesson-videos', () => {
  it.each([
    ['MP4', isoMedia('isom'), 'mp4', 'video/mp4'],
    ['M4V', isoMedia('M4V '), 'm4v', 'video/x-m4v'],
    ['QuickTime', isoMedia('qt  '), 'mov', 'video/quicktime'],
    ['WebM', ebml('webm'), 'webm', 'video/webm'],
    ['Ogg Theora', oggTheora(), 'ogv', 'video/ogg'],
  ])('stores a %s file as sent, under its detected extension', async (_label, data, ext, mime) => {
    // The declared name and type are ignored: only the bytes count.
    const res = await upload(
      [folder('lesson-videos'), filePart(data, 'lesson.bin', 'application/octet-stream')],
      admin,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.public_id).toMatch(new RegExp(`^lesson-videos/[0-9a-f-]{36}\\.${ext}$`));
    expect(body).toMatchObject({ format: ext, bytes: data.length, width: null, height: null });
    const stored = await readFile(path.join(t.mediaDir, body.public_id));
    expect(stored.equals(data)).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.public_id, body.public_id));
    expect(row).toMatchObject({
      folder: 'lesson-videos',
      content_type: mime,
      bytes: data.length,
      width: null,
    });
  });

  it('serves a stored video through a signed link only, and lets an admin delete it once no lesson shows it', async () => {
    const data = isoMedia('isom');
    const body = (
      await upload([filePart(data, 'l.mp4', 'video/mp4'), folder('lesson-videos')], admin)
    ).json();
    const unsigned = await t.call('GET', body.secure_url);
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.json()).toMatchObject({ code: 'MEDIA_LINK_INVALID' });
    const served = await t.call('GET', await lessonLink(body.secure_url));
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.rawPayload.equals(data)).toBe(true);

    const remove = () =>
      t.call('DELETE', '/api/admin/cloudinary/delete', { publicId: body.public_id }, admin);
    // A lesson still plays it: the delete is refused, naming the lesson, and the file stays.
    const [lesson] = await t.database.db
      .select()
      .from(lessons)
      .where(eq(lessons.content_url, body.secure_url));
    const refused = await remove();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'FILE_IN_USE',
      error: `This file is still used by lesson "${lesson!.title}". Remove it there first.`,
      details: { used_by: [`lesson "${lesson!.title}"`] },
    });
    expect(existsSync(path.join(t.mediaDir, body.public_id))).toBe(true);

    await t.database.db.update(lessons).set({ content_url: null }).where(eq(lessons.id, lesson!.id));
    const removed = await remove();
    expect(removed.statusCode).toBe(200);
    expect(existsSync(path.join(t.mediaDir, body.public_id))).toBe(false);
  });

  it('answers a byte range of a stored video with 206, and one past its end with 416', async () => {
    const data = mp4OfSize(1000);
    const body = (
      await upload([folder('lesson-videos'), filePart(data, 'l.mp4', 'video/mp4')], admin)
    ).json();
    const url = await lessonLink(body.secure_url);
    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 0-99/1000');
    expect(part.headers['accept-ranges']).toBe('bytes');
    expect(part.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(part.rawPayload.equals(data.subarray(0, 100))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(data.subarray(990))).toBe(true);
    const past = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=5000-' } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */1000');
    expect(past.json()).toEqual({
      error: 'The requested range is past the end of the file',
      code: 'RANGE_NOT_SATISFIABLE',
    });
  });

  it('stores a streamed video under its id only once it is whole', async () => {
    // The store writes to a hidden file beside the final one, then renames it: nothing else remains.
    const data = mp4OfSize(3 * MB);
    const body = (
      await upload([folder('lesson-videos'), filePart(data, 'l.mp4', 'video/mp4')], admin)
    ).json();
    expect(body.bytes).toBe(data.length);
    const names = await readdir(path.join(t.mediaDir, 'lesson-videos'));
    expect(names.filter((name) => name.startsWith('.'))).toEqual([]);
    expect((await readFile(path.join(t.mediaDir, body.public_id))).equals(data)).toBe(true);
  });

  it.each([
    ['an image', () => png(32, 32)],
    ['audio in an MP4 container', async () => isoMedia('M4A ')],
    ['a Matroska file', async () => ebml('matroska')],
    ['text named .mp4', async () => Buffer.from('just some text pretending to be a video')],
  ])('refuses %s with 415 and stores nothing', async (_label, make) => {
    const before = await storedCount();
    const res = await upload(
      [folder('lesson-videos'), filePart(await make(), 'lesson.mp4', 'video/mp4')],
      admin,
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: 'Please choose a video file', code: 'NOT_A_VIDEO' });
    expect(await storedCount()).toEqual(before);
  });

  it('accepts a video at the limit and refuses one byte more with 413, in either part order', async () => {
    const atLimit = await upload(
      [folder('lesson-videos'), filePart(mp4OfSize(SMALL_VIDEO_LIMIT), 'l.mp4', 'video/mp4')],
      admin,
    );
    expect(atLimit.statusCode).toBe(200);
    expect(atLimit.json().bytes).toBe(SMALL_VIDEO_LIMIT);

    const before = await storedCount();
    const over = mp4OfSize(SMALL_VIDEO_LIMIT + 1);
    for (const parts of [
      [folder('lesson-videos'), filePart(over, 'l.mp4', 'video/mp4')],
      [filePart(over, 'l.mp4', 'video/mp4'), folder('lesson-videos')],
    ]) {
      const res = await upload(parts, admin);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        error: 'Please choose a video smaller than 100MB',
        code: 'FILE_TOO_LARGE',
      });
    }
    expect(await storedCount()).toEqual(before);
  });

  it('answers 413 to a 101MB video under the default 100MB limit and stores nothing', async () => {
    const defaults = await createTestApp();
    try {
      const { auth } = await createAdmin(defaults);
      const before = await storedCount(defaults);
      const res = await upload(
        [folder('lesson-videos'), filePart(mp4OfSize(101 * MB), 'big.mp4', 'video/mp4')],
        auth,
        defaults,
      );
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        error: 'Please choose a video smaller than 100MB',
        code: 'FILE_TOO_LARGE',
      });
      expect(await storedCount(defaults)).toEqual(before);
    } finally {
      await defaults.close();
    }
  });
});

describe('POST /api/uploads — course folders are for admins', () => {
  it.each([
    ['lesson-videos', () => Promise.resolve(isoMedia('isom'))],
    ['course-thumbnails', () => png(64, 64)],
    ['lesson-videos (a file over the student limit)', () => Promise.resolve(mp4OfSize(6 * MB))],
  ])('answers 403 to a student on %s and stores nothing', async (label, make) => {
    const before = await storedCount();
    const res = await upload(
      [folder(label.split(' ')[0]!), filePart(await make(), 'f.bin', 'video/mp4')],
      student,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Admin access required', code: 'ADMIN_ONLY' });
    expect(await storedCount()).toEqual(before);
  });

  it('still lets a student upload an avatar, and answers 401 without a token', async () => {
    const ok = await upload([folder('avatars'), filePart(await png(64, 64), 'me.png', 'image/png')], student);
    expect(ok.statusCode).toBe(200);
    const anonymous = await upload([
      folder('lesson-videos'),
      filePart(isoMedia('isom'), 'l.mp4', 'video/mp4'),
    ]);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('checkVideoFile', () => {
  it('checks the type, then the size', () => {
    expect(checkVideoFile({ size: 10, type: 'video/mp4' })).toBeNull();
    expect(checkVideoFile({ size: VIDEO_MAX_BYTES, type: 'video/webm' })).toBeNull();
    expect(checkVideoFile({ size: VIDEO_MAX_BYTES + 1, type: 'video/mp4' })).toBe(
      'Please choose a video smaller than 100MB',
    );
    expect(checkVideoFile({ size: 10, type: 'image/png' })).toBe('Please choose a video file');
    expect(checkVideoFile({ size: 10, type: '' })).toBe('Please choose a video file');
  });
});
