import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { ResourceType } from '../../../common/resources';
import type { MediaStorage } from '../../platform/storage';
import type { Db, Tx } from '../client';
import { courses, mediaFiles, resources } from '../schema';
import { storeDemoVideos } from './demo-media';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SeedResource {
  type: ResourceType;
  title: string;
  description: string;
  author: string;
  content: string;
  duration: string;
  /** The demo video (its name in demo-videos, a lesson's title card) a video resource shows. */
  lesson_video?: string;
  /** The generated bell an audio resource plays. */
  bell?: true;
  /** Titles of the demo courses it relates to. */
  courses: string[];
  days_ago: number;
}

const ZHAN_ZHUANG = 'Foundations of Zhan Zhuang: Standing Meditation';
const PUSH_HANDS = 'Taijiquan Push Hands Fundamentals';
const XINGYI = 'Xingyiquan Five Elements: Pi Quan to Heng Quan';

/** The Learning Resources page of the demo: a text, a video and an audio, beside the courses. */
export const DEMO_RESOURCES: readonly SeedResource[] = [
  {
    type: 'blog',
    title: 'Ten minutes of standing before work',
    description: 'How to fit Zhan Zhuang into a busy morning without skipping the warm-up.',
    author: 'Sifu Lin Wei',
    content:
      'Most students who stop standing do so because twenty minutes feels impossible on a weekday. Ten minutes, done every day, does more than forty on a Sunday.\n\n' +
      'Loosen the neck, shoulders and hips for two minutes first. Then stand in Wuji with the knees soft and the weight in the middle of the feet for three minutes, and hold the ball for the last five.\n\n' +
      'When the legs shake, go a little higher rather than stopping. Write down how long you stood; after a month the numbers will tell you more than the mirror.',
    duration: '4 min read',
    courses: [ZHAN_ZHUANG],
    days_ago: 3,
  },
  {
    type: 'video',
    title: 'Finding your stance, from the side',
    description:
      'The width, height and weight of the standing posture, shown slowly with the common corrections.',
    author: 'Sifu Lin Wei',
    content: '',
    duration: '0:10',
    lesson_video: 'zhan-zhuang-stance',
    courses: [ZHAN_ZHUANG],
    days_ago: 9,
  },
  {
    type: 'audio',
    title: 'Standing bell: a round of practice',
    description:
      'A single soft bell to start a round of standing; set your own length and let it ring you in.',
    author: 'Sifu Zhao Ming',
    content: '',
    duration: '0:06',
    bell: true,
    courses: [ZHAN_ZHUANG, PUSH_HANDS],
    days_ago: 12,
  },
  {
    type: 'blog',
    title: 'Why Pi Quan comes first',
    description: 'Splitting fist as the metal element, and what it teaches the other four fists.',
    author: 'Sifu Maria Alvarez',
    content:
      'Pi Quan is taught first because it carries the rising and falling of the whole art: the hand drills up from the centre line and splits down as the rear foot follows.\n\n' +
      'If Pi Quan is clear, Beng Quan is the same power sent straight ahead and Zuan Quan the same spiral turned upward. Spend your first month here.',
    duration: '3 min read',
    courses: [XINGYI],
    days_ago: 20,
  },
];

/**
 * A soft bell, six seconds of 8 kHz 8-bit mono WAV (about 48 KB), made in memory: a fading
 * 528 Hz tone with a quieter overtone. Cheap enough for the seed, and a real file to play.
 */
export function bellWav(seconds = 6, rate = 8000): Buffer {
  const samples = seconds * rate;
  const out = Buffer.alloc(44 + samples);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(36 + samples, 4);
  out.write('WAVEfmt ', 8, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate, 28);
  out.writeUInt16LE(1, 32);
  out.writeUInt16LE(8, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(samples, 40);
  for (let i = 0; i < samples; i++) {
    const time = i / rate;
    const fade = Math.exp(-time * 0.9);
    const tone = Math.sin(2 * Math.PI * 528 * time) + 0.3 * Math.sin(2 * Math.PI * 1056 * time);
    out[44 + i] = Math.round(128 + 90 * fade * (tone / 1.3));
  }
  return out;
}

/** Stores the bell as an upload to `resource-audio`, under a name carrying its hash (/media is immutable). */
async function storeBell(db: Db | Tx, storage: MediaStorage, ownerId: string, now: Date) {
  const data = bellWav();
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 8);
  const publicId = `resource-audio/demo-standing-bell-${hash}.wav`;
  const url = await storage.put(publicId, data, 'audio/wav');
  await db
    .insert(mediaFiles)
    .values({
      public_id: publicId,
      folder: 'resource-audio',
      owner_id: ownerId,
      content_type: 'audio/wav',
      bytes: data.length,
      width: null,
      height: null,
      created_at: now,
    })
    .onConflictDoNothing({ target: mediaFiles.public_id });
  return url;
}

/**
 * The demo resources, published over the last weeks, after the demo courses (whose ids they
 * relate to). The video resource shows a lesson's title card from its own copy: lesson videos
 * are for the course's students only.
 */
export async function seedDemoResources(
  db: Db | Tx,
  storage: MediaStorage,
  adminId: string,
  now: Date,
): Promise<readonly SeedResource[]> {
  const titles = [...new Set(DEMO_RESOURCES.flatMap((r) => r.courses))];
  const found = await db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(inArray(courses.title, titles));
  const courseId = new Map(found.map((c) => [c.title, c.id]));
  const videos = await storeDemoVideos(
    db,
    storage,
    DEMO_RESOURCES.flatMap((r) => (r.lesson_video ? [r.lesson_video] : [])),
    adminId,
    now,
    'resource-videos',
  );
  const bell = DEMO_RESOURCES.some((r) => r.bell) ? await storeBell(db, storage, adminId, now) : null;
  const rows = [];
  for (const item of DEMO_RESOURCES) {
    const at = new Date(now.getTime() - item.days_ago * DAY_MS);
    const { days_ago: _daysAgo, lesson_video, bell: hasBell, courses: related, ...fields } = item;
    rows.push({
      ...fields,
      video_url: lesson_video ? videos.get(lesson_video)! : null,
      audio_url: hasBell ? bell : null,
      related_courses: related.flatMap((title) => courseId.get(title) ?? []),
      is_published: true,
      created_at: at,
      updated_at: at,
    });
  }
  await db.insert(resources).values(rows);
  return DEMO_RESOURCES;
}
