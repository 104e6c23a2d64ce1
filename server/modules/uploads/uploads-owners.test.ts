import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin } from '../../test/factories';
import { filePart, folder, png, postUpload } from './multipart-body';
import type { OwnedFiles } from './uploads.service';

/*
 * A domain whose records show files registers with uploads, which reads none of its tables: a
 * gallery uploads has never heard of keeps the course images it shows, as courses keep its.
 */

let t: TestApp;
let admin: Record<string, string>;
let gallery: OwnedFiles;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createAdmin(t)).auth;
  await t.database.db.execute(sql`create table gallery_pictures (title text not null, url text not null)`);
  gallery = t.app.uploads.register({
    folders: ['course-thumbnails'],
    uses: (publicId) =>
      sql`select 'gallery picture "' || title || '"' as place from gallery_pictures where url like ${`%/${publicId}`}`,
  });
});
afterAll(async () => t.close());

async function uploadImage(into = 'course-thumbnails'): Promise<{ secure_url: string; public_id: string }> {
  const image = filePart(await png(800, 600), 'cover.png', 'image/png');
  const res = await postUpload(t.app, [folder(into), image], admin);
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** As an administrator: a new course showing `thumbnail_url`, or `course` changed to show it. */
const saveCourse = (thumbnail_url: string | null, course?: string) =>
  t.app.inject({
    method: course ? 'PUT' : 'POST',
    url: course ? `/api/courses/${course}` : '/api/courses',
    headers: admin,
    payload: { thumbnail_url },
  });

async function courseShowing(url: string): Promise<string> {
  const res = await saveCourse(url);
  expect(res.statusCode).toBe(200);
  return res.json<{ course: { id: string } }>().course.id;
}

const hang = (title: string, url: string) =>
  t.database.db.execute(sql`insert into gallery_pictures (title, url) values (${title}, ${url})`);
const takeDown = (url: string) => t.database.db.execute(sql`delete from gallery_pictures where url = ${url}`);

/** The file is still recorded and its bytes still stored. */
async function kept(image: { public_id: string }) {
  const rows = await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.public_id, image.public_id));
  return rows.length > 0 && existsSync(path.join(t.mediaDir, image.public_id));
}

const remove = (publicId: string) => t.call('DELETE', '/api/admin/cloudinary/delete', { publicId }, admin);

describe('a newly registered owner of files', () => {
  it('keeps a course image its record shows when the course lets it go, and the admin delete names it', async () => {
    const image = await uploadImage();
    const course = await courseShowing(image.secure_url);
    await hang('Opening form', image.secure_url);

    expect((await saveCourse(null, course)).statusCode).toBe(200);
    expect(await kept(image)).toBe(true);
    const refused = await remove(image.public_id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'FILE_IN_USE',
      error: 'This file is still used by gallery picture "Opening form". Remove it there first.',
      details: { used_by: ['gallery picture "Opening form"'] },
    });
    expect(await kept(image)).toBe(true);

    // Its own record gone, its release lets the file go.
    await takeDown(image.secure_url);
    await gallery.release(image.secure_url);
    expect(await kept(image)).toBe(false);
  });

  it('lets go of a file a course still shows only once the course does', async () => {
    const image = await uploadImage();
    await hang('Single whip', image.secure_url);
    const course = await courseShowing(image.secure_url);

    await takeDown(image.secure_url);
    await gallery.release(image.secure_url);
    expect(await kept(image)).toBe(true);

    expect((await saveCourse(null, course)).statusCode).toBe(200);
    expect(await kept(image)).toBe(false);
  });

  it("never lets go of another folder's file", async () => {
    const avatar = await uploadImage('avatars');
    await gallery.release(avatar.secure_url);
    expect(await kept(avatar)).toBe(true);
  });
});
