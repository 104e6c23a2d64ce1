import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';
import { saveProfile } from '../users/test/factories';
import { filePart, folder, multipart, png } from './multipart-body';

/* A profile's avatar file leaves the media store once no profile shows it any more. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Made = Awaited<ReturnType<typeof createUser>>;

async function uploadAvatar(me: Made, colour: string): Promise<{ secure_url: string; public_id: string }> {
  const { payload, headers } = multipart([
    folder('avatars'),
    filePart(await png(64, 64, colour), 'me.png', 'image/png'),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload,
    headers: { ...headers, ...me.auth },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const setAvatar = (me: Made, avatar: string | null) =>
  saveProfile(t, me, me.auth, { avatar, current_password: me.password });

const stored = (publicId: string) => existsSync(path.join(t.mediaDir, publicId));
const recorded = async (publicId: string) =>
  (await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.public_id, publicId))).length > 0;

describe('replacing and removing an avatar', () => {
  it('deletes the replaced file, then the removed one, from the media store and its records', async () => {
    const me = await createUser(t);
    const first = await uploadAvatar(me, '#aa3322');
    expect((await setAvatar(me, first.secure_url)).statusCode).toBe(200);
    const second = await uploadAvatar(me, '#2233aa');
    expect((await setAvatar(me, second.secure_url)).statusCode).toBe(200);

    expect(stored(first.public_id)).toBe(false);
    expect(await recorded(first.public_id)).toBe(false);
    expect(stored(second.public_id)).toBe(true);
    const served = await t.call('GET', first.secure_url);
    expect(served.statusCode).toBe(404);

    expect((await setAvatar(me, null)).statusCode).toBe(200);
    expect(stored(second.public_id)).toBe(false);
    expect(await recorded(second.public_id)).toBe(false);
  });

  it('keeps a file another profile still shows, and keeps the avatar through a save that does not touch it', async () => {
    const me = await createUser(t);
    const friend = await createUser(t);
    const picture = await uploadAvatar(me, '#33aa22');
    await setAvatar(me, picture.secure_url);
    await setAvatar(friend, picture.secure_url);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${me.user.id}`,
      headers: me.auth,
      payload: {
        name: 'Renamed',
        email: me.user.email,
        username: me.user.username,
        current_password: me.password,
      },
    });
    expect(saved.json().user.avatar).toBe(picture.secure_url);
    await setAvatar(me, null);
    expect(stored(picture.public_id)).toBe(true);
    await setAvatar(friend, null);
    expect(stored(picture.public_id)).toBe(false);
  });

  it("deletes a deleted user's avatar file", async () => {
    const admin = await createAdmin(t);
    const me = await createUser(t, { deletion_requested: true });
    const picture = await uploadAvatar(me, '#999999');
    await setAvatar(me, picture.secure_url);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/user/${me.user.id}`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(stored(picture.public_id)).toBe(false);
  });
});
