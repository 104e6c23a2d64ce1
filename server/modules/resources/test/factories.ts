import { randomUUID } from 'node:crypto';
import type { ResourceType } from '../../../../common/resources';
import { resources } from '../../../db/schema';
import type { TestApp } from '../../../test/app';

/* Learning resources written straight into the table in the state a test needs, and valid API bodies. */

export interface ResourceFactoryInput {
  type?: ResourceType;
  title?: string;
  description?: string;
  author?: string;
  content?: string;
  video_url?: string | null;
  audio_url?: string | null;
  thumbnail?: string | null;
  is_published?: boolean;
  related_courses?: string[];
  view_count?: number;
  created_at?: Date;
}

export async function createResource(t: TestApp, input: ResourceFactoryInput = {}) {
  const at = input.created_at ?? t.clock.now();
  const type = input.type ?? 'blog';
  const [row] = await t.database.db
    .insert(resources)
    .values({
      type,
      title: input.title ?? `Rooting in Zhan Zhuang ${randomUUID().slice(0, 8)}`,
      description: input.description ?? 'Why the knees stay soft while the stance stays low.',
      author: input.author ?? 'Sifu Lin Wei',
      content:
        input.content ??
        (type === 'blog' ? 'Stand with the feet parallel.\n\nLet the weight sink into the heels.' : ''),
      video_url: input.video_url ?? (type === 'video' ? 'https://video.example.org/stance.mp4' : null),
      audio_url: input.audio_url ?? (type === 'audio' ? 'https://audio.example.org/breathing.mp3' : null),
      thumbnail: input.thumbnail ?? null,
      is_published: input.is_published ?? true,
      related_courses: input.related_courses ?? [],
      view_count: input.view_count ?? 0,
      created_at: at,
      updated_at: at,
    })
    .returning();
  return row!;
}

/** A body POST and PUT /api/admin/resources accept; `overrides` replace its fields. */
export const resourceBody = (overrides: Record<string, unknown> = {}) => ({
  type: 'blog',
  title: `Silk reeling at home ${randomUUID().slice(0, 8)}`,
  description: 'Ten minutes a day of Chen-style silk reeling.',
  author: 'Sifu Zhao Ming',
  content: 'Begin with the single-hand reel.\n\nKeep the elbow heavy and the wrist soft.',
  video_url: null,
  audio_url: null,
  thumbnail: null,
  duration: '',
  related_courses: [],
  is_published: true,
  ...overrides,
});
