import { embedUrlFor, type BlogPost, type BlogPostSummary } from '../../../common/blog';
import type { Class } from '../../../common/classes';
import { imageSources } from '../../../common/uploads';
import type { SiteImage, SitePost, SitePostSummary } from '../../../web/site/blog/types';
import type { BlogService } from '../blog/blog.service';
import type { SchoolService } from '../school/school.service';
import type { TestimonialsService } from '../testimonials/testimonials.service';
import type { SiteSources } from './site.service';

/** The domains whose public reads the site's pages show. */
export interface PublicServices {
  school: SchoolService;
  testimonials: TestimonialsService;
  blog: BlogService;
  classes: { listPublished(): Promise<Class[]> };
}

/** A banner whose size is unknown (an outside address) is drawn at 16:9, cropped by CSS. */
const UNSIZED = { width: 1600, height: 900 };

/** An uploaded image names its size and has narrower variants (common/uploads.ts). */
export function siteImage(url: string | null): SiteImage | null {
  if (!url) return null;
  const sized = imageSources(url);
  if (!sized) return { src: url, ...UNSIZED };
  return {
    src: url,
    srcSet: sized.variants.map((variant) => `${variant.url} ${variant.width}w`).join(', '),
    width: sized.width,
    height: sized.height,
  };
}

function summary(post: BlogPostSummary): SitePostSummary {
  return {
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    author: post.author,
    tags: post.tags,
    published_at: post.published_at,
    banner: siteImage(post.banner_image),
  };
}

function fullPost(post: BlogPost): SitePost {
  return {
    ...summary(post),
    content: post.content,
    meta_description: post.meta_description,
    created_at: post.created_at,
    updated_at: post.updated_at,
    media: post.media.map((item) => ({
      ...item,
      embed: item.type === 'video' ? embedUrlFor(item.url) : null,
    })),
  };
}

export function createSiteSources({ school, testimonials, blog, classes }: PublicServices): SiteSources {
  return {
    school: () => school.get(),
    featuredTestimonials: (limit) => testimonials.listPublic({ limit, featured: true }),
    testimonials: (limit) => testimonials.listPublic({ limit, featured: false }),
    classes: () => classes.listPublished(),
    async posts(query) {
      const result = await blog.listPublished(query);
      return { posts: result.posts.map(summary), total: result.total };
    },
    tags: () => blog.tagCounts(),
    async post(slug) {
      const found = await blog.findPublishedBySlug(slug);
      if (!found || 'redirectTo' in found) return found;
      return { post: fullPost(found.post) };
    },
  };
}
