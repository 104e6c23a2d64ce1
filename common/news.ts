import { z } from 'zod';
import { pageLimit, pageOffset, requiredText } from './api';
import { mediaOrWebAddress, URL_MAX } from './fields';

// ---------------------------------------------------------------- constants

export const NEWS_TITLE_MAX = 200;
export const NEWS_DESCRIPTION_MAX = 500;
export const NEWS_BODY_MAX = 20_000;
export const NEWS_AUTHOR_MAX = 100;
export const NEWS_TAG_MAX = 40;
export const NEWS_TAGS_MAX = 10;

/** The student home and the admin dashboard page the news three at a time. */
export const NEWS_PAGE_SIZE = 3;
export const NEWS_LIST_DEFAULT_LIMIT = 10;
export const NEWS_LIST_MAX_LIMIT = 50;
export const ADMIN_NEWS_DEFAULT_LIMIT = 50;
export const ADMIN_NEWS_MAX_LIMIT = 100;
/** Members e-mailed about one important item per outbox batch. */
export const NEWS_EMAIL_BATCH = 50;

// ---------------------------------------------------------------- messages

export const NEWS_ID_MISSING = 'News article ID not found';
export const NEWS_LOAD_FAILED = 'Failed to load news article. Please try again later.';
export const NEWS_NOT_FOUND = 'News article not found';
export const NEWS_SAVE_FAILED = 'Failed to save news. Please try again.';
export const NEWS_DELETED = 'News Deleted';
export const NEWS_DELETE_FAILED = 'Delete Failed';
export const NEWS_TITLE_REQUIRED = 'Title is required';
export const NEWS_DESCRIPTION_REQUIRED = 'Summary is required';
export const NEWS_BODY_REQUIRED = 'Body is required';
export const NEWS_AUTHOR_REQUIRED = 'Author is required';
export const NEWS_SEARCH_REQUIRED = 'Please enter a search term';

// ---------------------------------------------------------------- pure rules

/**
 * Tags as the form's comma-separated field gives them, or as a list: trimmed, empties dropped,
 * repeats (ignoring case) dropped in first-seen order.
 */
export function parseNewsTags(value: string | readonly string[]): string[] {
  const parts = typeof value === 'string' ? value.split(',') : value;
  const seen = new Map<string, string>();
  for (const part of parts) {
    const tag = part.trim();
    if (tag && !seen.has(tag.toLowerCase())) seen.set(tag.toLowerCase(), tag);
  }
  return [...seen.values()];
}

// ---------------------------------------------------------------- inputs

export const NEWS_STATUSES = ['published', 'draft'] as const;
export const NewsStatus = z.enum(NEWS_STATUSES, { error: 'Status must be published or draft' });
export type NewsStatus = z.infer<typeof NewsStatus>;

/** A file on our own store (`/media/…`) or an https address. */
const ThumbnailUrl = mediaOrWebAddress(
  {
    type: 'Thumbnail must be an address',
    tooLong: `Thumbnail address must be at most ${URL_MAX} characters`,
    invalid: 'Thumbnail must be an uploaded image or an https address',
  },
  { httpsOnly: true },
);

/** What the Add/Edit News form saves; PUT takes the whole item too. */
export const NewsInput = z.object({
  title: requiredText(NEWS_TITLE_REQUIRED, NEWS_TITLE_MAX),
  description: requiredText(NEWS_DESCRIPTION_REQUIRED, NEWS_DESCRIPTION_MAX),
  body: requiredText(NEWS_BODY_REQUIRED, NEWS_BODY_MAX),
  author_name: requiredText(NEWS_AUTHOR_REQUIRED, NEWS_AUTHOR_MAX),
  tags: z
    .union(
      [
        z.string().max(1000, 'Too many tags'),
        z.array(z.string().max(NEWS_TAG_MAX, `Tags must be at most ${NEWS_TAG_MAX} characters`)),
      ],
      {
        error: 'Tags must be a list or comma-separated text',
      },
    )
    .default([])
    .transform(parseNewsTags)
    .pipe(
      z
        .array(z.string().max(NEWS_TAG_MAX, `Tags must be at most ${NEWS_TAG_MAX} characters`))
        .max(NEWS_TAGS_MAX, `At most ${NEWS_TAGS_MAX} tags`),
    ),
  is_important: z.boolean({ error: 'Important must be true or false' }).default(false),
  status: NewsStatus.default('published'),
  thumbnail_url: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    ThumbnailUrl.nullable().default(null),
  ),
  /**
   * Important and published: e-mail it to the members who turned e-mail notifications on, once
   * per item however often it is saved.
   */
  notify_members: z.boolean({ error: 'Notify members must be true or false' }).default(false),
});
export type NewsInput = z.input<typeof NewsInput>;
export type ParsedNewsInput = z.output<typeof NewsInput>;

export const NewsStatusInput = z.object({ status: NewsStatus });
export type NewsStatusInput = z.infer<typeof NewsStatusInput>;

export const NewsListQuery = z.object({
  limit: pageLimit(NEWS_LIST_DEFAULT_LIMIT, NEWS_LIST_MAX_LIMIT),
  offset: pageOffset,
});
export type NewsListQuery = z.input<typeof NewsListQuery>;

export const NewsSearchQuery = NewsListQuery.extend({
  q: requiredText(NEWS_SEARCH_REQUIRED, 200),
});
export type NewsSearchQuery = z.input<typeof NewsSearchQuery>;

export const AdminNewsListQuery = NewsListQuery.extend({
  status: z.enum(['all', ...NEWS_STATUSES], { error: 'Status must be all, published or draft' }).optional(),
  limit: pageLimit(ADMIN_NEWS_DEFAULT_LIMIT, ADMIN_NEWS_MAX_LIMIT),
});
export type AdminNewsListQuery = z.input<typeof AdminNewsListQuery>;

export const NewsTagParams = z.object({
  tag: z
    .string()
    .trim()
    .min(1, 'Tag is required')
    .max(NEWS_TAG_MAX, `Tags must be at most ${NEWS_TAG_MAX} characters`),
});

// ---------------------------------------------------------------- responses

export const News = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  body: z.string(),
  tags: z.array(z.string()),
  status: NewsStatus,
  thumbnail_url: z.string().nullable(),
  is_important: z.boolean(),
  author_name: z.string(),
  view_count: z.number().int(),
  /** When the members were e-mailed about it; null when they were not. */
  notified_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type News = z.infer<typeof News>;

export const NewsResponse = z.object({ news: News });
export type NewsResponse = z.infer<typeof NewsResponse>;

export const NewsListResponse = z.object({ news: z.array(News), total: z.number().int() });
export type NewsListResponse = z.infer<typeof NewsListResponse>;

export const NewsTag = z.object({ tag: z.string(), count: z.number().int() });
export const NewsTagsResponse = z.object({ tags: z.array(NewsTag) });
export type NewsTagsResponse = z.infer<typeof NewsTagsResponse>;
