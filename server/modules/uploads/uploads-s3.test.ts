import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecondInstance, createTestApp, type TestApp } from '../../test/app';
import type { CourseDetail } from '../../../common/courses';
import { lessons, mediaFiles } from '../../db/schema';
import { createAdmin, createUser } from '../../test/factories';
import { createCourse, enrollUser } from '../courses/test/factories';
import { startTestBucket, type TestBucket } from '../../test/s3';
import { filePart, folder, multipart, png, type Part } from './multipart-body';

const MB = 1024 * 1024;
/** Over one 5 MB part, so the oversize upload is a multipart upload that has to be abandoned. */
const VIDEO_LIMIT = 8 * MB;

let bucket: TestBucket;
let t: TestApp;
let admin: Record<string, string>;
let student: Record<string, string>;
beforeAll(async () => {
  bucket = await startTestBucket();
  t = await createTestApp({ ...bucket.config, UPLOAD_VIDEO_MAX_BYTES: VIDEO_LIMIT });
  admin = (await createAdmin(t)).auth;
  student = (await createUser(t)).auth;
});
afterAll(async () => {
  await t.close();
  await bucket.stop();
});

async function upload(parts: Part[], auth: Record<string, string>, app = t) {
  const { payload, headers } = multipart(parts);
  return app.app.inject({ method: 'POST', url: '/api/uploads', payload, headers: { ...headers, ...auth } });
}

/** An MP4 of exactly `bytes` bytes: an `ftyp` box file-type recognises, then filler. */
function mp4OfSize(bytes: number) {
  const out = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i++) out[i] = i % 251;
  const ftyp = Buffer.from('\0\0\0\x18ftypisom\0\0\0\0isommp41', 'latin1');
  ftyp.copy(out);
  return out;
}

async function rows(app = t) {
  return (await app.database.db.select().from(mediaFiles)).map((row) => row.public_id).sort();
}

describe('media in an S3-compatible bucket', () => {
  it('stores an avatar and a video in the bucket, serves them with ranges, and deletes them', async () => {
    const avatar = await upload(
      [folder('avatars'), filePart(await png(64, 64), 'me.png', 'image/png')],
      student,
    );
    expect(avatar.statusCode).toBe(200);
    const image = avatar.json();
    expect(image.secure_url).toBe(`/media/${image.public_id}`);
    const storedImage = await bucket.object(image.public_id);
    expect(storedImage).toMatchObject({ contentType: 'image/webp' });
    expect(storedImage!.data.length).toBe(image.bytes);

    const data = mp4OfSize(6 * MB);
    const res = await upload([folder('resource-videos'), filePart(data, 'l.mp4', 'video/mp4')], admin);
    expect(res.statusCode).toBe(200);
    const video = res.json();
    expect(video).toMatchObject({
      format: 'mp4',
      bytes: data.length,
      secure_url: `/media/${video.public_id}`,
    });
    expect((await bucket.object(video.public_id))?.data.equals(data)).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.public_id, video.public_id));
    expect(row).toMatchObject({ content_type: 'video/mp4', bytes: data.length });

    const whole = await t.call('GET', video.secure_url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': String(data.length),
      'accept-ranges': 'bytes',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(whole.headers.etag).toMatch(/^"[0-9a-f-]+"$/);
    expect(whole.rawPayload.equals(data)).toBe(true);

    const part = await t.call('GET', video.secure_url, undefined, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${data.length}`);
    expect(part.headers['content-length']).toBe('100');
    expect(part.rawPayload.equals(data.subarray(0, 100))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url: video.secure_url, headers: { range: 'bytes=-5' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(data.subarray(data.length - 5))).toBe(true);
    const past = await t.call('GET', video.secure_url, undefined, { range: `bytes=${data.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${data.length}`);
    const cached = await t.call('GET', video.secure_url, undefined, {
      'if-none-match': whole.headers.etag as string,
    });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
    const head = await t.app.inject({ method: 'HEAD', url: video.secure_url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(data.length));
    expect(head.rawPayload.length).toBe(0);

    const served = await t.call('GET', image.secure_url);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.equals(storedImage!.data)).toBe(true);

    const removed = await t.call(
      'DELETE',
      '/api/admin/cloudinary/delete',
      { publicId: video.public_id },
      admin,
    );
    expect(removed.statusCode).toBe(200);
    expect(await bucket.object(video.public_id)).toBeNull();
    expect((await t.call('GET', video.secure_url)).statusCode).toBe(404);
  });

  it.each([
    '/media/resource-videos/missing.mp4',
    '/media/Lesson-Videos/X.MP4',
    '/media/resource-videos/..%2F..%2Fetc%2Fpasswd',
    '/media/a%20b.mp4',
    '/media/',
  ])('answers 404 for %s', async (url) => {
    const res = await t.call('GET', url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('leaves no object and no record when a streamed video goes over its limit', async () => {
    const before = { keys: await bucket.keys(), rows: await rows() };
    const res = await upload(
      [folder('lesson-videos'), filePart(mp4OfSize(VIDEO_LIMIT + 1), 'l.mp4', 'video/mp4')],
      admin,
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'Please choose a video smaller than 100MB', code: 'FILE_TOO_LARGE' });
    expect({ keys: await bucket.keys(), rows: await rows() }).toEqual(before);
  });

  it('leaves no object and no record when the client goes away midway', async () => {
    const before = { keys: await bucket.keys(), rows: await rows() };
    // A real connection to cut: the app listens until it closes after the tests.
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    {
      const { port } = t.app.server.address() as AddressInfo;
      const { payload, headers } = multipart([
        folder('lesson-videos'),
        filePart(mp4OfSize(7 * MB), 'l.mp4', 'video/mp4'),
      ]);
      const outgoing = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/uploads',
        headers: { ...headers, ...admin, 'content-length': payload.length },
      });
      outgoing.on('error', () => {});
      // More than one part's worth, so the store has started; then the connection drops.
      outgoing.write(payload.subarray(0, 6 * MB));
      await new Promise((resolve) => setTimeout(resolve, 300));
      outgoing.destroy();
      await expect.poll(async () => ({ keys: await bucket.keys(), rows: await rows() })).toEqual(before);
    }
  });

  it('leaves no record when the store fails', async () => {
    const broken = await createSecondInstance(t, { ...bucket.config, S3_BUCKET: 'no-such-bucket' });
    try {
      const before = await rows();
      const video = await upload(
        [folder('lesson-videos'), filePart(mp4OfSize(1000), 'l.mp4', 'video/mp4')],
        admin,
        broken,
      );
      expect(video.statusCode).toBe(500);
      expect(video.json()).toEqual({ error: 'Something went wrong on our side', code: 'INTERNAL' });
      const avatar = await upload(
        [folder('avatars'), filePart(await png(32, 32), 'a.png', 'image/png')],
        student,
        broken,
      );
      expect(avatar.statusCode).toBe(500);
      expect(await rows()).toEqual(before);
    } finally {
      await broken.close();
    }
  });

  it('points URLs at S3_PUBLIC_URL when it is set, but for lesson videos', async () => {
    const cdn = await createSecondInstance(t, {
      ...bucket.config,
      S3_PUBLIC_URL: 'https://cdn.example.org/media/',
    });
    try {
      const res = await upload(
        [folder('resource-videos'), filePart(mp4OfSize(1000), 'l.mp4', 'video/mp4')],
        admin,
        cdn,
      );
      const body = res.json();
      expect(body.secure_url).toBe(`https://cdn.example.org/media/${body.public_id}`);
      expect(await bucket.object(body.public_id)).not.toBeNull();
      // A lesson video is private: its address is its /media path, never the public one.
      const lesson = (
        await upload([folder('lesson-videos'), filePart(mp4OfSize(1000), 'l.mp4', 'video/mp4')], admin, cdn)
      ).json();
      expect(lesson.secure_url).toBe(`/media/${lesson.public_id}`);
      expect(await bucket.object(lesson.public_id)).not.toBeNull();
    } finally {
      await cdn.close();
    }
  });

  it('stores a course image with its variants, at the public URL, and removes them with it', async () => {
    const cdn = await createSecondInstance(t, {
      ...bucket.config,
      S3_PUBLIC_URL: 'https://cdn.example.org/media/',
    });
    try {
      const res = await upload(
        [folder('course-thumbnails'), filePart(await png(1500, 750), 'c.png', 'image/png')],
        admin,
        cdn,
      );
      expect(res.statusCode).toBe(200);
      const image = res.json();
      const stem = image.public_id.replace(/\.webp$/, '');
      expect(image.variants).toEqual([
        { url: `https://cdn.example.org/media/${stem}-320w.webp`, width: 320 },
        { url: `https://cdn.example.org/media/${stem}-640w.webp`, width: 640 },
        { url: `https://cdn.example.org/media/${stem}-960w.webp`, width: 960 },
        { url: image.secure_url, width: 1280 },
      ]);
      const keys = (await bucket.keys()).filter((key) => key.startsWith(stem));
      expect(keys).toHaveLength(4);
      for (const width of [320, 640, 960]) {
        const stored = await bucket.object(`${stem}-${width}w.webp`);
        expect(stored).toMatchObject({ contentType: 'image/webp' });
        expect(await sharp(stored!.data).metadata()).toMatchObject({ width, height: width / 2 });
      }

      // Replaced on its course, the image goes with its variants.
      const course = await createCourse(t);
      const put = (thumbnail_url: string | null) =>
        cdn.app.inject({
          method: 'PUT',
          url: `/api/courses/${course.id}`,
          headers: admin,
          payload: { thumbnail_url },
        });
      expect((await put(image.secure_url)).statusCode).toBe(200);
      expect((await put(null)).statusCode).toBe(200);
      expect((await bucket.keys()).filter((key) => key.startsWith(stem))).toEqual([]);
      expect(await rows()).not.toContain(image.public_id);
    } finally {
      await cdn.close();
    }
  });

  it('serves from one instance what another stored', async () => {
    const other = await createSecondInstance(t, bucket.config);
    try {
      const data = mp4OfSize(2 * MB);
      const body = (
        await upload([folder('resource-videos'), filePart(data, 'l.mp4', 'video/mp4')], admin)
      ).json();
      const served = await other.app.inject({ method: 'GET', url: body.secure_url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(data)).toBe(true);
      const part = await other.app.inject({
        method: 'GET',
        url: body.secure_url,
        headers: { range: 'bytes=1000-1999' },
      });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.equals(data.subarray(1000, 2000))).toBe(true);
      // And the other way round: stored by the second, deleted through the first.
      const second = (
        await upload([folder('resource-videos'), filePart(data, 'l.mp4', 'video/mp4')], admin, other)
      ).json();
      expect((await t.call('GET', second.secure_url)).statusCode).toBe(200);
      const removed = await t.call(
        'DELETE',
        '/api/admin/cloudinary/delete',
        { publicId: second.public_id },
        admin,
      );
      expect(removed.statusCode).toBe(200);
      expect((await other.app.inject({ method: 'GET', url: second.secure_url })).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});

describe('lesson videos in an S3-compatible bucket', () => {
  it('go to an enrolled student as short-lived presigned links, never at S3_PUBLIC_URL nor through /media', async () => {
    const cdn = await createSecondInstance(t, {
      ...bucket.config,
      S3_PUBLIC_URL: 'https://cdn.example.org/media/',
    });
    try {
      // The bucket checks a presigned link's expiry against the real time: so does this instance.
      cdn.clock.set(new Date());
      const cdnAdmin = (await createAdmin(cdn)).auth;
      const data = mp4OfSize(300_000);
      const video = (
        await upload([folder('lesson-videos'), filePart(data, 'l.mp4', 'video/mp4')], cdnAdmin, cdn)
      ).json();
      const course = await createCourse(cdn, { modules: 1, lessonsPerModule: 2, price: 30 });
      const [edited, older] = course.allLessonIds as [string, string];
      const saved = await cdn.app.inject({
        method: 'PUT',
        url: `/api/lessons/${edited}`,
        headers: cdnAdmin,
        payload: { content_url: video.secure_url },
      });
      expect(saved.statusCode).toBe(200);
      // A lesson saved when its video's address was the public one.
      await cdn.database.db
        .update(lessons)
        .set({ content_url: `https://cdn.example.org/media/${video.public_id}` })
        .where(eq(lessons.id, older));
      const student = await createUser(cdn);
      await enrollUser(cdn, student.user.id, course.id, { source: 'payment' });
      const page = await cdn.app.inject({
        method: 'GET',
        url: `/api/courses/${course.id}`,
        headers: student.auth,
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('cdn.example.org');
      const shown = page.json<{ course: CourseDetail }>().course.modules[0]!.lessons;
      const objectUrl = `${bucket.config.S3_ENDPOINT}/${bucket.config.S3_BUCKET}/${video.public_id}`;
      for (const lesson of shown) {
        const link = new URL(lesson.content_url!);
        expect(`${link.origin}${link.pathname}`).toBe(objectUrl);
        expect(link.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
        expect(Number(link.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(4 * 60 * 60);
      }
      const part = await fetch(shown[0]!.content_url!, { headers: { range: 'bytes=1000-1999' } });
      expect(part.status).toBe(206);
      expect(Buffer.from(await part.arrayBuffer()).equals(data.subarray(1000, 2000))).toBe(true);

      // /media serves it to nobody, and the pages let the player load it from the bucket.
      const direct = await cdn.app.inject({ method: 'GET', url: video.secure_url });
      expect(direct.statusCode).toBe(403);
      expect(direct.json()).toMatchObject({ code: 'MEDIA_LINK_INVALID' });
      const odd = await cdn.app.inject({ method: 'GET', url: '/media/lesson-videos/..%2F..%2Fetc%2Fpasswd' });
      expect(odd.statusCode).toBe(403);
      expect(direct.headers['content-security-policy']).toContain(
        `media-src 'self' blob: ${new URL(bucket.config.S3_ENDPOINT!).origin}`,
      );
      // No link at all for someone not enrolled.
      const visitor = await cdn.app.inject({ method: 'GET', url: `/api/courses/${course.id}` });
      expect(visitor.json<{ course: CourseDetail }>().course.modules[0]!.lessons[0]!.content_url).toBeNull();
    } finally {
      await cdn.close();
    }
  });
});
