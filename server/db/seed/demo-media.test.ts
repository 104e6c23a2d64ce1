import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetail } from '../../../common/courses';
import { localStorage } from '../../platform/storage';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin } from '../../test/factories';
import { lessons, mediaFiles, modules, users } from '../schema';
import { DEMO_COURSES } from './courses';
import { DEMO_VIDEO_DIR, DEMO_VIDEO_EXT, demoVideoLessons, demoVideoPath } from './demo-media';
import { seedDemo } from '.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.database.db, localStorage(t.mediaDir), { info: () => {} }, t.clock.now())).toBe(
    true,
  );
});
afterAll(async () => t.close());

const db = () => t.database.db;
const VIDEO_LESSONS = demoVideoLessons(DEMO_COURSES);

/** An MP4's length in seconds, from its movie header (version 0, as ffmpeg writes short files). */
function mp4Seconds(data: Buffer): number {
  const box = data.indexOf('mvhd');
  expect(box).toBeGreaterThan(0);
  expect(data[box + 4]).toBe(0);
  return data.readUInt32BE(box + 20) / data.readUInt32BE(box + 16);
}

describe('demo lesson videos', () => {
  it('ships one short, small MP4 per demo video lesson, and nothing else', async () => {
    const names = VIDEO_LESSONS.map((v) => v.name);
    expect(names.length).toBeGreaterThan(10);
    expect(new Set(names).size).toBe(names.length);
    expect((await readdir(DEMO_VIDEO_DIR)).sort()).toEqual(names.map((n) => `${n}.${DEMO_VIDEO_EXT}`).sort());
    let total = 0;
    for (const name of names) {
      const data = await readFile(demoVideoPath(name));
      expect((await fileTypeFromBuffer(data))?.mime, name).toBe('video/mp4');
      expect(mp4Seconds(data), name).toBeGreaterThanOrEqual(4);
      expect(mp4Seconds(data), name).toBeLessThanOrEqual(6);
      expect(data.length, name).toBeLessThan(150 * 1024);
      total += data.length;
    }
    expect(total).toBeLessThan(2 * 1024 * 1024);
  });

  it('points every video lesson at a stored lesson video that /media serves with seeking', async () => {
    const [admin] = await db().select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    const reader = (await createAdmin(t)).auth;
    const videos = await db()
      .select({ lesson: lessons, course_id: modules.course_id })
      .from(lessons)
      .innerJoin(modules, eq(modules.id, lessons.module_id))
      .where(eq(lessons.lesson_type, 'video'))
      .then((rows) => rows.map((row) => ({ ...row.lesson, course_id: row.course_id })));
    /** The link the course page gives a reader who may watch the lesson. */
    const linkOf = async (lesson: { id: string; course_id: string }) => {
      const page = await t.call('GET', `/api/courses/${lesson.course_id}`, undefined, reader);
      const shown = page.json<{ course: CourseDetail }>().course.modules.flatMap((m) => m.lessons);
      return shown.find((l) => l.id === lesson.id)!.content_url!;
    };
    expect(videos).toHaveLength(VIDEO_LESSONS.length);
    expect(new Set(videos.map((v) => v.content_url)).size).toBe(videos.length);

    for (const lesson of videos) {
      const url = lesson.content_url ?? '';
      expect(url, lesson.title).toMatch(/^\/media\/lesson-videos\/demo-[a-z0-9-]+-[0-9a-f]{8}\.mp4$/);
      const publicId = url.slice('/media/'.length);
      const [record] = await db().select().from(mediaFiles).where(eq(mediaFiles.public_id, publicId));
      const stored = await readFile(path.join(t.mediaDir, publicId));
      expect(record).toMatchObject({
        folder: 'lesson-videos',
        owner_id: admin!.id,
        content_type: 'video/mp4',
        bytes: stored.length,
      });
      const source = VIDEO_LESSONS.find((v) => v.title === lesson.title)!;
      expect(stored.equals(await readFile(demoVideoPath(source.name))), lesson.title).toBe(true);

      const link = await linkOf(lesson);
      expect(link.startsWith(`${url}?`), link).toBe(true);
      const whole = await t.call('GET', link);
      expect(whole.statusCode, url).toBe(200);
      expect(whole.headers['content-type']).toBe('video/mp4');
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.rawPayload.equals(stored)).toBe(true);

      // What a browser asks for when the viewer seeks.
      const part = await t.app.inject({ method: 'GET', url: link, headers: { range: 'bytes=1000-1999' } });
      expect(part.statusCode, url).toBe(206);
      expect(part.headers['content-type']).toBe('video/mp4');
      expect(part.headers['content-range']).toBe(`bytes 1000-1999/${stored.length}`);
      expect(part.rawPayload.equals(stored.subarray(1000, 2000))).toBe(true);
    }
  });

  it('stores each video once, and a second seed adds none', async () => {
    const videoFiles = () =>
      db().select({ n: count() }).from(mediaFiles).where(eq(mediaFiles.folder, 'lesson-videos'));
    expect((await videoFiles())[0]!.n).toBe(VIDEO_LESSONS.length);
    expect(await seedDemo(db(), localStorage(t.mediaDir), { info: () => {} })).toBe(false);
    expect((await videoFiles())[0]!.n).toBe(VIDEO_LESSONS.length);
    expect(await readdir(path.join(t.mediaDir, 'lesson-videos'))).toHaveLength(VIDEO_LESSONS.length);
  });
});
