import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetail, Lesson } from '../../../common/courses';
import { lessons } from '../../db/schema';
import { MEDIA_LINK_MAX_LIFE_MS, MEDIA_LINK_MIN_LIFE_MS } from '../../platform/media-links';
import type { Headers, TestApp } from '../../test/app';
import { createUser, createTestAppWithMembers } from '../../test/factories';
import { createCourse, enrollUser } from './test/factories';
import { filePart, folder, multipart, png } from '../uploads/multipart-body';

/*
 * A paid course's lesson videos reach only those who may watch them (its students and the
 * administrators), through links that expire; every other file under /media stays public.
 */

let t: TestApp, admin: Headers;
beforeAll(async () => ({ t, admin } = await createTestAppWithMembers()));
afterAll(async () => t.close());

/** An MP4 of `bytes` bytes: an `ftyp` box file-type recognises, then counting filler. */
function mp4(bytes = 4000) {
  const out = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i++) out[i] = i % 251;
  Buffer.from('\0\0\0\x18ftypisom\0\0\0\0isommp41', 'latin1').copy(out);
  return out;
}

async function upload(folderName: string, file: Buffer, name: string, type: string) {
  const { payload, headers } = multipart([folder(folderName), filePart(file, name, type)]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload,
    headers: { ...headers, ...admin },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ secure_url: string; public_id: string }>();
}

/** A paid course whose first lesson plays an uploaded video, set through the admin's lesson editor. */
async function courseWithVideo(data = mp4()) {
  const course = await createCourse(t, { modules: 1, lessonsPerModule: 2, price: 30 });
  const video = await upload('lesson-videos', data, 'lesson.mp4', 'video/mp4');
  const lessonId = course.allLessonIds[0]!;
  const saved = await t.call('PUT', `/api/lessons/${lessonId}`, { content_url: video.secure_url }, admin);
  expect(saved.statusCode).toBe(200);
  return { course, lessonId, video, data };
}

async function lessonAs(courseId: string, lessonId: string, headers?: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: `/api/courses/${courseId}`, headers });
  expect(res.statusCode).toBe(200);
  const course = res.json<{ course: CourseDetail }>().course;
  return course.modules.flatMap((m) => m.lessons).find((lesson) => lesson.id === lessonId)!;
}

const get = (url: string, headers: Record<string, string> = {}) => t.call('GET', url, undefined, headers);

describe('lesson videos', () => {
  it('answers 403 to a request without a signed link, however the path is spelled', async () => {
    const { video } = await courseWithVideo();
    // The upload's own address is the file's stored path: it opens nothing by itself.
    expect(video.secure_url).toBe(`/media/${video.public_id}`);
    const name = video.public_id.slice('lesson-videos/'.length);
    const plain = await get(video.secure_url, { range: 'bytes=0-99' });
    expect(plain.statusCode).toBe(403);
    expect(plain.json()).toEqual({
      error: 'This link to the file is not valid. Open the lesson again for a new one.',
      code: 'MEDIA_LINK_INVALID',
    });
    expect(plain.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'HEAD', url: video.secure_url })).statusCode).toBe(403);
    for (const url of [
      `/media//lesson-videos/${name}`,
      `/media/./lesson-videos/${name}`,
      `/media/avatars/../lesson-videos/${name}`,
      `/media/lesson%2Dvideos/${name}`,
      `/media/lesson-videos%2F${name}`,
      `/media/Lesson-Videos/${name}`,
      `/media/lesson-videos/${name}?expires=&signature=`,
    ]) {
      const res = await get(url);
      expect([403, 404], url).toContain(res.statusCode);
      expect(res.rawPayload.includes(Buffer.from('ftypisom', 'latin1')), url).toBe(false);
    }
  });

  it("gives an enrolled student a link that plays with seeking, kept only in the student's own cache", async () => {
    const { course, lessonId, video, data } = await courseWithVideo();
    const student = await createUser(t);
    await enrollUser(t, student.user.id, course.id, { source: 'payment' });
    const lesson = await lessonAs(course.id, lessonId, student.auth);
    expect(lesson.content_url).toMatch(
      new RegExp(`^/media/${video.public_id}\\?expires=\\d+&signature=[A-Za-z0-9_-]{43}$`),
    );
    const url = lesson.content_url!;

    const whole = await get(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(data)).toBe(true);
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(whole.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(MEDIA_LINK_MIN_LIFE_MS / 1000);
    expect(maxAge).toBeLessThanOrEqual(MEDIA_LINK_MAX_LIFE_MS / 1000);

    // What the player asks for when the student seeks, and when it resumes.
    const part = await get(url, { range: 'bytes=1000-1999' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${data.length}`);
    expect(part.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(part.rawPayload.equals(data.subarray(1000, 2000))).toBe(true);
    const rest = await get(url, { range: 'bytes=3990-' });
    expect(rest.statusCode).toBe(206);
    expect(rest.rawPayload.equals(data.subarray(3990))).toBe(true);
    const held = await get(url, { 'if-none-match': String(whole.headers.etag) });
    expect(held.statusCode).toBe(304);
    expect(held.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(data.length));
  });

  it('refuses a link whose file, expiry or signature was changed', async () => {
    const { course, lessonId } = await courseWithVideo();
    const other = await upload('lesson-videos', mp4(), 'other.mp4', 'video/mp4');
    const student = await createUser(t);
    await enrollUser(t, student.user.id, course.id);
    const url = (await lessonAs(course.id, lessonId, student.auth)).content_url!;
    const [path, query] = url.split('?') as [string, string];
    const params = new URLSearchParams(query);
    const signature = params.get('signature')!;
    const expires = Number(params.get('expires'));
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    for (const tampered of [
      `${path}?expires=${expires}&signature=${flipped}`,
      `${path}?expires=${expires + 86_400}&signature=${signature}`,
      `/media/${other.public_id}?${query}`,
      `${path}?expires=${expires}`,
      `${path}?signature=${signature}`,
      `${path}?expires=${expires}&signature=${signature}&signature=${signature}`,
      `${path}?expires=${expires}&signature=${signature.slice(1)}`,
    ]) {
      const res = await get(tampered);
      expect(res.statusCode, tampered).toBe(403);
      expect(res.json(), tampered).toMatchObject({ code: 'MEDIA_LINK_INVALID' });
    }
  });

  it('refuses a link once it has expired; the course page then hands out a new one', async () => {
    const { course, lessonId } = await courseWithVideo();
    const student = await createUser(t);
    await enrollUser(t, student.user.id, course.id);
    const first = (await lessonAs(course.id, lessonId, student.auth)).content_url!;
    expect((await get(first, { range: 'bytes=0-9' })).statusCode).toBe(206);

    t.clock.advance(MEDIA_LINK_MAX_LIFE_MS);
    const late = await get(first, { range: 'bytes=0-9' });
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({
      error: 'This link to the file has expired. Open the lesson again for a new one.',
      code: 'MEDIA_LINK_EXPIRED',
    });
    const fresh = (await lessonAs(course.id, lessonId, student.auth)).content_url!;
    expect(fresh).not.toBe(first);
    expect((await get(fresh, { range: 'bytes=0-9' })).statusCode).toBe(206);
  });

  it('gives no link to a visitor, nor to a student of another course', async () => {
    const { course, lessonId } = await courseWithVideo();
    const elsewhere = await createCourse(t, { modules: 1, lessonsPerModule: 1 });
    const student = await createUser(t);
    await enrollUser(t, student.user.id, elsewhere.id);
    for (const headers of [undefined, student.auth]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/courses/${course.id}`, headers });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ course: CourseDetail }>().course.has_content_access).toBe(false);
      expect((await lessonAs(course.id, lessonId, headers)).content_url).toBeNull();
      expect(res.body).not.toContain('lesson-videos');
    }
  });

  it('gives admins signed links from the lesson editor, and stores what they send back as the file path', async () => {
    const { course, lessonId, video } = await courseWithVideo();
    const [row] = await t.database.db.select().from(lessons).where(eq(lessons.id, lessonId));
    expect(row!.content_url).toBe(`/media/${video.public_id}`);

    const shown = await lessonAs(course.id, lessonId, admin);
    expect((await get(shown.content_url!, { range: 'bytes=0-9' })).statusCode).toBe(206);
    // Saved again from the form, with the signed link it showed: the path is stored, not the link.
    const saved = await t.call(
      'PUT',
      `/api/lessons/${lessonId}`,
      { title: 'Standing, filmed', content_url: shown.content_url },
      admin,
    );
    expect(saved.statusCode).toBe(200);
    const answered = saved.json<{ lesson: Lesson }>().lesson;
    expect(answered.content_url).toMatch(new RegExp(`^/media/${video.public_id}\\?expires=`));
    expect((await get(answered.content_url!, { range: 'bytes=0-9' })).statusCode).toBe(206);
    const [after] = await t.database.db.select().from(lessons).where(eq(lessons.id, lessonId));
    expect(after!.content_url).toBe(`/media/${video.public_id}`);

    const created = await t.call(
      'POST',
      `/api/modules/${course.moduleIds[0]}/lessons`,
      { title: 'Again', content_url: shown.content_url },
      admin,
    );
    expect(created.statusCode).toBe(200);
    const createdId = created.json<{ lesson: Lesson }>().lesson.id;
    const [createdRow] = await t.database.db.select().from(lessons).where(eq(lessons.id, createdId));
    expect(createdRow!.content_url).toBe(`/media/${video.public_id}`);

    // An address elsewhere is kept as it was sent.
    const youtube = 'https://www.youtube.com/watch?v=abc123def45';
    const external = await t.call('PUT', `/api/lessons/${lessonId}`, { content_url: youtube }, admin);
    expect(external.json<{ lesson: Lesson }>().lesson.content_url).toBe(youtube);
  });

  it('leaves other media public and cached as immutable', async () => {
    const { public_id } = await upload('avatars', await png(32, 32), 'me.png', 'image/png');
    const res = await get(`/media/${public_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const resource = await upload('resource-videos', mp4(), 'r.mp4', 'video/mp4');
    const part = await get(resource.secure_url, { range: 'bytes=0-9' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
