import type { MediaStorage } from '../../platform/storage';
import type { Db, Tx } from '../client';
import { blogPosts } from '../schema';
import { storeDemoBanners } from './blog-banners';
import { DEMO_BLOG_POSTS, type SeedBlogPost } from './blog-content';
import { storeDemoVideos } from './demo-media';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/**
 * The demo blog: five published posts spread over recent months and one draft, each with its
 * banner drawn and stored as an upload, one with a video in its gallery.
 */
export async function seedDemoBlog(
  db: Db | Tx,
  storage: MediaStorage,
  ownerId: string,
  now: Date,
): Promise<readonly SeedBlogPost[]> {
  const banners = await storeDemoBanners(
    db,
    storage,
    DEMO_BLOG_POSTS.map((post) => post.banner),
    ownerId,
    now,
  );
  const videos = await storeDemoVideos(
    db,
    storage,
    DEMO_BLOG_POSTS.flatMap((post) => (post.video ? [post.video.name] : [])),
    ownerId,
    now,
    'blog-content',
  );
  await db.insert(blogPosts).values(
    DEMO_BLOG_POSTS.map((post) => {
      const at = daysBefore(now, post.daysAgo);
      return {
        slug: post.slug,
        title: post.title,
        excerpt: post.excerpt,
        content: post.content,
        author: post.author,
        meta_description: post.meta_description,
        status: post.status,
        tags: post.tags,
        banner_image: banners.get(post.banner)!,
        media: post.video
          ? [{ url: videos.get(post.video.name)!, type: 'video' as const, caption: post.video.caption }]
          : [],
        published_at: post.status === 'published' ? at : null,
        created_at: daysBefore(now, post.daysAgo + 2),
        updated_at: at,
      };
    }),
  );
  return DEMO_BLOG_POSTS;
}
