import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { UploadFolder } from '../../../common/uploads';
import type { MediaStorage } from '../../platform/storage';
import type { Db, Tx } from '../client';
import { mediaFiles } from '../schema';
import type { SeedCourse } from './course-content';

/**
 * The demo lessons' videos: short title cards made by `npm run demo:videos` and committed, so
 * neither the seed nor the server needs ffmpeg or the network. Found next to this code, as the
 * migrations are: server/db/seed/demo-videos from source, dist/server/demo-videos in the bundle
 * (scripts/build-server.mjs copies them there).
 */
export const DEMO_VIDEO_DIR = fileURLToPath(new URL('./demo-videos', import.meta.url));
export const DEMO_VIDEO_EXT = 'mp4';
const DEMO_VIDEO_TYPE = 'video/mp4';

export interface DemoVideoLesson {
  /** The file's name in DEMO_VIDEO_DIR, without its extension. */
  name: string;
  title: string;
  course: string;
}

/** Every video lesson of `courses`, in course order; the generator draws each one's title card. */
export function demoVideoLessons(courses: readonly SeedCourse[]): DemoVideoLesson[] {
  return courses.flatMap((course) =>
    course.modules.flatMap((mod) =>
      mod.lessons.flatMap((lesson) =>
        lesson.type === 'video' ? [{ name: lesson.video, title: lesson.title, course: course.title }] : [],
      ),
    ),
  );
}

export const demoVideoPath = (name: string) => path.join(DEMO_VIDEO_DIR, `${name}.${DEMO_VIDEO_EXT}`);

/**
 * Puts each named demo video into the media store as an instructor's upload to `folder` is kept (a
 * media_files record owned by `ownerId`, served under /media), and returns each name's URL. A
 * lesson's video is private (signed links only), so a blog post or a resource that shows the same
 * card keeps its own copy in its own folder. The public id carries a hash of the bytes: /media is
 * cached as immutable, so a regenerated card gets a new address, and seeding the same files again
 * writes the same ids.
 */
export async function storeDemoVideos(
  db: Db | Tx,
  storage: MediaStorage,
  names: readonly string[],
  ownerId: string,
  now: Date,
  folder: Extract<UploadFolder, 'lesson-videos' | 'blog-content' | 'resource-videos'>,
): Promise<Map<string, string>> {
  const urls = new Map<string, string>();
  for (const name of new Set(names)) {
    const data = await readFile(demoVideoPath(name)).catch((error: unknown) => {
      throw new Error(`The demo video "${name}" is missing; run \`npm run demo:videos\` to make it`, {
        cause: error,
      });
    });
    const hash = createHash('sha256').update(data).digest('hex').slice(0, 8);
    const publicId = `${folder}/demo-${name}-${hash}.${DEMO_VIDEO_EXT}`;
    urls.set(name, await storage.put(publicId, data, DEMO_VIDEO_TYPE));
    await db
      .insert(mediaFiles)
      .values({
        public_id: publicId,
        folder,
        owner_id: ownerId,
        content_type: DEMO_VIDEO_TYPE,
        bytes: data.length,
        width: null,
        height: null,
        created_at: now,
      })
      .onConflictDoNothing({ target: mediaFiles.public_id });
  }
  return urls;
}
