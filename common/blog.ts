import { z } from 'zod';
import { pageLimit, pageOffset, requiredText } from './api';
import { mediaOrWebAddress, URL_MAX } from './fields';

// ---------------------------------------------------------------- constants

/**
 * The author a post gets when the editor leaves the field blank. The school's name belongs in its
 * settings; until they exist it is this one constant.
 */
export const DEFAULT_BLOG_AUTHOR = 'Redwood Internal Arts Foundation';

export const TITLE_MAX = 200;
export const EXCERPT_MAX = 500;
export const AUTHOR_MAX = 100;
/** What search engines show; the editor's counter reads against this. */
export const META_DESCRIPTION_GUIDE = 160;
/** What the server stores at most: a little over the guide is a warning, not an error. */
export const META_DESCRIPTION_MAX = 300;
export const CONTENT_MAX = 200_000;
export const SLUG_MAX = 80;
export const TAG_MAX = 50;
export const TAGS_MAX = 20;
export const MEDIA_MAX = 30;
export const CAPTION_MAX = 300;
export const BANNER_MAX_BYTES = 5 * 1024 * 1024;
export const BLOG_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const BLOG_VIDEO_MAX = 50 * 1024 * 1024;
/** Posts on a page of the public blog's list. */
export const BLOG_PAGE_SIZE = 10;

/** What a blog card shows: title 60 characters, excerpt 120, 3 tags; the admin table 2 tags. */
export const CARD_TITLE_MAX = 60;
export const CARD_EXCERPT_MAX = 120;
export const CARD_TAGS_SHOWN = 3;
export const ADMIN_TAGS_SHOWN = 2;

export const BLOG_LIST_DEFAULT_LIMIT = 10;
export const BLOG_LIST_MAX_LIMIT = 50;
export const BLOG_RECENT_DEFAULT_LIMIT = 5;
export const BLOG_RECENT_MAX_LIMIT = 20;
export const ADMIN_BLOG_DEFAULT_LIMIT = 50;
export const ADMIN_BLOG_MAX_LIMIT = 100;
/** Newest published posts in the RSS feed. */
export const BLOG_FEED_SIZE = 20;

// ---------------------------------------------------------------- messages

export const TITLE_REQUIRED = 'Title is required';
export const CONTENT_REQUIRED = 'Content is required';
export const EXCERPT_REQUIRED = 'Excerpt is required';
export const EXCERPT_TOO_LONG = `Excerpt must be less than ${EXCERPT_MAX} characters`;
export const BANNER_TYPE_MESSAGE = 'Banner must be an image file';
export const BANNER_TOO_LARGE_MESSAGE = 'Banner image must be less than 5MB';
export const MEDIA_TYPE_MESSAGE = 'Please select an image or video file';
export const MEDIA_IMAGE_TOO_LARGE_MESSAGE = 'File must be less than 5MB';
export const MEDIA_VIDEO_TOO_LARGE_MESSAGE = 'File must be less than 50MB';
export const BLOG_URL_MESSAGE = 'Please enter a valid URL (https://… or an uploaded file)';
export const SLUG_MESSAGE = 'Slug may contain only lowercase letters, digits and single hyphens';
export const SLUG_TAKEN_MESSAGE = 'Another post already uses this slug';
export const SEARCH_TERM_MESSAGE = 'Please enter a search term';

export const BLOG_POST_NOT_FOUND = 'Blog post not found';
export const NO_BLOG_POSTS = 'No blog posts found';
export const SAVE_FAILED_MESSAGE = 'Failed to save blog post. Please try again.';
export const DELETE_FAILED_MESSAGE = 'Failed to delete blog post. Please try again.';
export const BANNER_UPLOAD_FAILED_MESSAGE = 'Failed to upload banner image. Please try again.';
export const MEDIA_UPLOAD_FAILED_MESSAGE = 'Failed to upload media. Please try again.';
export const POST_DELETED_MESSAGE = 'Blog post deleted successfully';

/** 'Blog post created/updated and published/saved as draft successfully!' */
export const postSavedMessage = (created: boolean, status: BlogPostStatus) =>
  `Blog post ${created ? 'created' : 'updated'} and ${status === 'published' ? 'published' : 'saved as draft'} successfully!`;

export const deletePostConfirmation = (title: string) =>
  `Are you sure you want to delete "${title}"? This action cannot be undone and will also remove all associated images.`;

// ---------------------------------------------------------------- pure rules

/** Tags as stored: trimmed, lowercased, de-duplicated in first-seen order, empties dropped. */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const tag of tags) {
    const clean = tag.trim().toLowerCase();
    if (clean) seen.add(clean);
  }
  return [...seen];
}

/**
 * A URL-safe slug of a title: ASCII lowercase words joined by hyphens (accents folded, "&" read
 * as "and"), at most SLUG_MAX long, cut at a word. A title with no latin letter or digit (太極拳)
 * gets "post"; uniqueness then numbers it like any other.
 */
export function slugify(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > SLUG_MAX) break;
    slug = next;
  }
  return slug || (words[0]?.slice(0, SLUG_MAX) ?? '') || 'post';
}

/** The first of `base`, `base-2`, `base-3` … that `taken` does not hold. */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The player address of a YouTube (watch, shorts, youtu.be, embed) or Vimeo link, for an iframe;
 * null for any other URL.
 */
export function embedUrlFor(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const host = parsed.hostname.toLowerCase().replace(/^(www|m)\./, '');
  const parts = parsed.pathname.split('/').filter(Boolean);
  const youtubeId = (id: string | null | undefined) =>
    id && /^[A-Za-z0-9_-]{6,20}$/.test(id) ? `https://www.youtube.com/embed/${id}` : null;
  if (host === 'youtu.be') return youtubeId(parts[0]);
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (parts[0] === 'watch') return youtubeId(parsed.searchParams.get('v'));
    if (parts[0] === 'shorts' || parts[0] === 'embed' || parts[0] === 'live') return youtubeId(parts[1]);
    return null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = [...parts].reverse().find((part) => /^\d{5,12}$/.test(part));
    return id ? `https://player.vimeo.com/video/${id}` : null;
  }
  return null;
}

const TAG = /<\/?[a-z!][^>]*>/gi;

/**
 * Drops anything that looks like a tag. No tag closes after the last `>`, so only the text up to
 * it is searched, where every tag that opens also closes: searched to the end from every `<`, a
 * long run of `<a` with no `>` would cost its length squared.
 */
function withoutTags(value: string): string {
  const end = value.lastIndexOf('>') + 1;
  return value.slice(0, end).replace(TAG, '') + value.slice(end);
}

/** Plain text as stored: anything that looks like a tag is dropped and control characters go. */
export const plainText = (value: string) =>
  withoutTags(value)
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .trim();

/** Client-side checks before an upload; the server checks the bytes again. */
export function checkBannerFile(file: { size: number; type: string }): string | null {
  if (!file.type.startsWith('image/')) return BANNER_TYPE_MESSAGE;
  if (file.size > BANNER_MAX_BYTES) return BANNER_TOO_LARGE_MESSAGE;
  return null;
}

export function checkMediaFile(file: { size: number; type: string }): string | null {
  if (file.type.startsWith('image/'))
    return file.size > BLOG_IMAGE_MAX_BYTES ? MEDIA_IMAGE_TOO_LARGE_MESSAGE : null;
  if (file.type.startsWith('video/'))
    return file.size > BLOG_VIDEO_MAX ? MEDIA_VIDEO_TOO_LARGE_MESSAGE : null;
  return MEDIA_TYPE_MESSAGE;
}

// ---------------------------------------------------------------- inputs

export const BLOG_POST_STATUSES = ['draft', 'published'] as const;
export const BlogPostStatus = z.enum(BLOG_POST_STATUSES, { error: 'Status must be draft or published' });
export type BlogPostStatus = z.infer<typeof BlogPostStatus>;

export const MEDIA_TYPES = ['image', 'video'] as const;

/** A file on our own store (`/media/…`) or an http(s) address. */
const BlogUrl = mediaOrWebAddress({
  type: BLOG_URL_MESSAGE,
  tooLong: `URLs must be at most ${URL_MAX} characters`,
  invalid: BLOG_URL_MESSAGE,
});

const optionalPlain = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} must be at most ${max} characters`)
    .transform(plainText);

export const BlogMediaItem = z.object({
  url: BlogUrl,
  type: z.enum(MEDIA_TYPES, { error: MEDIA_TYPE_MESSAGE }),
  caption: optionalPlain('Caption', CAPTION_MAX).default(''),
});
export type BlogMediaItem = z.infer<typeof BlogMediaItem>;

/**
 * What the editor saves, on create and on update alike (POST and PUT take the whole post). The
 * slug is optional: without one a new post's slug comes from its title (see the service).
 */
export const BlogPostInput = z.object({
  title: requiredText(TITLE_REQUIRED, TITLE_MAX).transform(plainText).pipe(z.string().min(1, TITLE_REQUIRED)),
  excerpt: z
    .string({ error: EXCERPT_REQUIRED })
    .trim()
    .min(1, EXCERPT_REQUIRED)
    .max(EXCERPT_MAX, EXCERPT_TOO_LONG)
    .transform(plainText)
    .pipe(z.string().min(1, EXCERPT_REQUIRED)),
  content: z
    .string({ error: CONTENT_REQUIRED })
    .trim()
    .min(1, CONTENT_REQUIRED)
    .max(CONTENT_MAX, `Content must be at most ${CONTENT_MAX} characters`),
  /** Blank: the server names the school (its settings' name). */
  author: optionalPlain('Author', AUTHOR_MAX)
    .optional()
    .transform((author) => author ?? ''),
  meta_description: optionalPlain('Meta description', META_DESCRIPTION_MAX).default(''),
  banner_image: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    BlogUrl.nullable().default(null),
  ),
  slug: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value),
    z
      .string({ error: SLUG_MESSAGE })
      .max(SLUG_MAX, `Slug must be at most ${SLUG_MAX} characters`)
      .regex(SLUG_PATTERN, SLUG_MESSAGE)
      .optional(),
  ),
  status: BlogPostStatus.default('draft'),
  tags: z
    .array(
      z.string({ error: 'Tags must be text' }).max(TAG_MAX, `Tags must be at most ${TAG_MAX} characters`),
      { error: 'Tags must be a list' },
    )
    .default([])
    .transform(normalizeTags)
    .pipe(z.array(z.string()).max(TAGS_MAX, `A post may have at most ${TAGS_MAX} tags`)),
  media: z
    .array(BlogMediaItem, { error: 'Media must be a list' })
    .max(MEDIA_MAX, `A post may have at most ${MEDIA_MAX} media items`)
    .default([]),
});
export type BlogPostInput = z.input<typeof BlogPostInput>;
export type ParsedBlogPostInput = z.output<typeof BlogPostInput>;

export const CheckSlugInput = z.object({
  title: requiredText(TITLE_REQUIRED, TITLE_MAX),
  excludeId: z.uuid({ error: 'Invalid id' }).nullish(),
});
export type CheckSlugInput = z.input<typeof CheckSlugInput>;

/** `?tags=a,b`: posts having every one of them. */
const TagList = z
  .string({ error: 'Tags must be a comma-separated list' })
  .max(1000, 'Too many tags')
  .transform((value) => normalizeTags(value.split(',')))
  .pipe(z.array(z.string().max(TAG_MAX)).max(TAGS_MAX, `Filter by at most ${TAGS_MAX} tags`));

const SearchTerm = z
  .string({ error: SEARCH_TERM_MESSAGE })
  .trim()
  .min(1, SEARCH_TERM_MESSAGE)
  .max(200, 'Search term must be at most 200 characters');

/** `q` of a list, where a blank one means no search. */
const OptionalSearch = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  SearchTerm.optional(),
);

export const BlogListQuery = z.object({
  tags: TagList.optional(),
  q: OptionalSearch,
  limit: pageLimit(BLOG_LIST_DEFAULT_LIMIT, BLOG_LIST_MAX_LIMIT),
  offset: pageOffset,
});
export type BlogListQuery = z.input<typeof BlogListQuery>;

export const BlogSearchQuery = z.object({
  q: SearchTerm,
  limit: pageLimit(BLOG_LIST_DEFAULT_LIMIT, BLOG_LIST_MAX_LIMIT),
  offset: pageOffset,
});

export const BlogPageQuery = z.object({
  limit: pageLimit(BLOG_LIST_DEFAULT_LIMIT, BLOG_LIST_MAX_LIMIT),
  offset: pageOffset,
});

export const BlogRecentQuery = z.object({
  limit: pageLimit(BLOG_RECENT_DEFAULT_LIMIT, BLOG_RECENT_MAX_LIMIT),
});

export const AdminBlogListQuery = z.object({
  status: z
    .enum(['all', ...BLOG_POST_STATUSES], { error: 'Status must be all, published or draft' })
    .optional(),
  tags: TagList.optional(),
  search: OptionalSearch,
  limit: pageLimit(ADMIN_BLOG_DEFAULT_LIMIT, ADMIN_BLOG_MAX_LIMIT),
  offset: pageOffset,
});
export type AdminBlogListQuery = z.input<typeof AdminBlogListQuery>;

/** A post's address; slugs are lowercase, so a link typed in capitals still finds its post. */
export const SlugParams = z.object({
  slug: z.string().trim().toLowerCase().min(1, BLOG_POST_NOT_FOUND).max(200, BLOG_POST_NOT_FOUND),
});
export const TagParams = z.object({
  tag: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'Tag is required')
    .max(TAG_MAX, `Tags must be at most ${TAG_MAX} characters`),
});

// ---------------------------------------------------------------- responses

export const BlogMedia = z.object({ url: z.string(), type: z.enum(MEDIA_TYPES), caption: z.string() });

export const BlogPost = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  author: z.string(),
  banner_image: z.string().nullable(),
  meta_description: z.string(),
  status: z.enum(BLOG_POST_STATUSES),
  tags: z.array(z.string()),
  media: z.array(BlogMedia),
  /** The same media again as two parallel lists: a URL and its type at the same index. */
  media_urls: z.array(z.string()),
  media_types: z.array(z.enum(MEDIA_TYPES)),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BlogPost = z.infer<typeof BlogPost>;

/** A post in a list: everything but its content. */
export const BlogPostSummary = BlogPost.omit({ content: true });
export type BlogPostSummary = z.infer<typeof BlogPostSummary>;

export const BlogPostResponse = z.object({ post: BlogPost });
export type BlogPostResponse = z.infer<typeof BlogPostResponse>;

export const BlogPostsResponse = z.object({ posts: z.array(BlogPostSummary), total: z.number().int() });
export type BlogPostsResponse = z.infer<typeof BlogPostsResponse>;

export const BlogRecentResponse = z.object({ posts: z.array(BlogPostSummary) });
export type BlogRecentResponse = z.infer<typeof BlogRecentResponse>;

export const BlogTag = z.object({ tag_name: z.string(), post_count: z.number().int() });
export type BlogTag = z.infer<typeof BlogTag>;

export const BlogTagsResponse = z.object({ tags: z.array(BlogTag) });
export type BlogTagsResponse = z.infer<typeof BlogTagsResponse>;

/** The admin page's four figures; categories is the number of distinct tags over every post. */
export const BlogStats = z.object({
  total_posts: z.number().int(),
  published: z.number().int(),
  drafts: z.number().int(),
  categories: z.number().int(),
});
export type BlogStats = z.infer<typeof BlogStats>;

export const CheckSlugResponse = z.object({ slug: z.string() });
export type CheckSlugResponse = z.infer<typeof CheckSlugResponse>;

/** The body of a 301 from an old slug; Location names the post's current address. */
export const BlogRedirect = z.object({ slug: z.string() });
