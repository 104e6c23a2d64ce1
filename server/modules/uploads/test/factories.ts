import { randomUUID } from 'node:crypto';
import { mediaFiles } from '../../../db/schema';
import type { TestApp } from '../../../test/app';

/* Records of uploaded files. */

/** A record of an uploaded file (the bytes themselves are not written). */
export async function createMediaFile(t: TestApp, ownerId: string | null) {
  const [row] = await t.database.db
    .insert(mediaFiles)
    .values({
      public_id: `avatars/${randomUUID()}.webp`,
      folder: 'avatars',
      owner_id: ownerId,
      content_type: 'image/webp',
      bytes: 1024,
      width: 512,
      height: 512,
    })
    .returning();
  return row!;
}
