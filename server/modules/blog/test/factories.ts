import { randomUUID } from 'node:crypto';
import type { BlogMediaItem } from '../../../../common/blog';
import { blogPosts } from '../../../db/schema';
import type { TestApp } from '../../../test/app';

/* Blog posts inserted directly (content as given, not sanitised), and valid bodies for the API. */

export interface BlogPostFactoryInput {
  title?: string;
  slug?: string;
  excerpt?: string;
  content?: string;
  author?: string;
  status?: 'draft' | 'published';
  tags?: string[];
  banner_image?: string | null;
  media?: BlogMediaItem[];
  published_at?: Date | null;
  created_at?: Date;
  updated_at?: Date;
}

export async function createBlogPost(t: TestApp, input: BlogPostFactoryInput = {}) {
  const suffix = randomUUID().slice(0, 8);
  const status = input.status ?? 'published';
  const now = t.clock.now();
  const [row] = await t.database.db
    .insert(blogPosts)
    .values({
      title: input.title ?? `Standing practice ${suffix}`,
      slug: input.slug ?? `standing-practice-${suffix}`,
      excerpt: input.excerpt ?? 'Why we begin every class by standing still.',
      content: input.content ?? '<p>Stand, breathe and let the shoulders sink.</p>',
      author: input.author ?? 'Sifu Lin',
      status,
      tags: input.tags ?? [],
      banner_image: input.banner_image ?? null,
      media: input.media ?? [],
      published_at:
        input.published_at !== undefined ? input.published_at : status === 'published' ? now : null,
      created_at: input.created_at ?? now,
      updated_at: input.updated_at ?? input.created_at ?? now,
    })
    .returning();
  return row!;
}

/** A body POST and PUT /api/admin/blog/post accept; `overrides` replace its fields. */
export const blogPostBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Tai Chi Basics',
  excerpt: 'The first principles of Taijiquan, for those starting out.',
  content: '<h2>Rooting</h2><p>Sink the weight into the feet.</p>',
  author: 'Sifu Lin',
  meta_description: 'Taijiquan basics for beginners',
  banner_image: null,
  status: 'published',
  tags: ['taijiquan', 'beginners'],
  media: [],
  ...overrides,
});
