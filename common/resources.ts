import { z } from 'zod';
import { pageLimit, pageOffset, requiredText } from './api';
import { mediaOrWebAddress, URL_MAX } from './fields';

// ---------------------------------------------------------------- constants

export const RESOURCE_TYPES = ['blog', 'video', 'audio'] as const;
export const RESOURCE_TITLE_MAX = 200;
export const RESOURCE_DESCRIPTION_MAX = 1000;
export const RESOURCE_CONTENT_MAX = 50_000;
export const RESOURCE_AUTHOR_MAX = 100;
export const RESOURCE_DURATION_MAX = 20;
export const RESOURCE_RELATED_COURSES_MAX = 20;

/** The Learning Resources page shows five cards a page. */
export const RESOURCES_PAGE_SIZE = 5;
export const RESOURCES_DEFAULT_LIMIT = RESOURCES_PAGE_SIZE;
export const RESOURCES_MAX_LIMIT = 50;
export const ADMIN_RESOURCES_DEFAULT_LIMIT = 50;
export const ADMIN_RESOURCES_MAX_LIMIT = 100;
/** A blog resource's card shows this much of its text, then Read More. */
export const RESOURCE_PREVIEW_CHARS = 200;
/** `/app/resources#{id}` scrolls to and highlights its card after this long. */
export const RESOURCE_HIGHLIGHT_DELAY_MS = 500;

// ---------------------------------------------------------------- messages

export const RESOURCES_LOAD_FAILED = 'Failed to load resources. Please try again later.';
export const RESOURCE_SAVE_FAILED = 'Failed to save resource. Please try again.';
export const RESOURCE_DELETE_FAILED = 'Delete Failed';
export const RESOURCE_DELETED = 'Resource Deleted';
export const RESOURCE_SAVED = 'Resource Saved';
export const RESOURCE_NOT_FOUND = 'Resource not found';
export const RESOURCE_TITLE_REQUIRED = 'Title is required';
export const RESOURCE_AUTHOR_REQUIRED = 'Author is required';
export const RESOURCE_CONTENT_REQUIRED = 'Content is required for a blog resource';
export const RESOURCE_VIDEO_REQUIRED = 'A video file or address is required for a video resource';
export const RESOURCE_AUDIO_REQUIRED = 'An audio file or address is required for an audio resource';
export const RESOURCE_SEARCH_REQUIRED = 'Please enter a search term';
export const RESOURCE_TYPE_MESSAGE = 'Type must be blog, video or audio';
/** A related course id that names no course (the answer lists the missing ids in `details.courses`). */
export const RESOURCE_COURSE_NOT_FOUND = 'A related course does not exist';

// ---------------------------------------------------------------- pure rules

/** A blog resource's card text: at most RESOURCE_PREVIEW_CHARS characters, cut at a word. */
export function resourcePreview(text: string): { text: string; truncated: boolean } {
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= RESOURCE_PREVIEW_CHARS) return { text: plain, truncated: false };
  const cut = plain.slice(0, RESOURCE_PREVIEW_CHARS);
  const space = cut.lastIndexOf(' ');
  return {
    text: `${(space > RESOURCE_PREVIEW_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`,
    truncated: true,
  };
}

// ---------------------------------------------------------------- inputs

export const ResourceType = z.enum(RESOURCE_TYPES, { error: RESOURCE_TYPE_MESSAGE });
export type ResourceType = z.infer<typeof ResourceType>;

/** A file on our own store (`/media/…`) or an https address; blank means none. */
const mediaAddress = (label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    mediaOrWebAddress(
      {
        type: `${label} must be an address`,
        tooLong: `${label} address must be at most ${URL_MAX} characters`,
        invalid: `${label} must be an uploaded file or an https address`,
      },
      { httpsOnly: true },
    )
      .nullable()
      .default(null),
  );

const optionalText = (max: number, label: string) =>
  z.preprocess(
    (value) => (value === null || value === undefined ? '' : value),
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`),
  );

/**
 * What the add/edit resource form saves; PUT takes the whole resource too. A blog needs its
 * text, a video its video and an audio its audio (an upload or an https address); the fields of
 * the other types are kept as sent, so switching the type back loses nothing.
 */
export const ResourceInput = z
  .object({
    type: ResourceType,
    title: requiredText(RESOURCE_TITLE_REQUIRED, RESOURCE_TITLE_MAX),
    description: optionalText(RESOURCE_DESCRIPTION_MAX, 'Description'),
    author: requiredText(RESOURCE_AUTHOR_REQUIRED, RESOURCE_AUTHOR_MAX),
    /** The blog's text: plain text, its blank lines separate paragraphs. */
    content: optionalText(RESOURCE_CONTENT_MAX, 'Content'),
    video_url: mediaAddress('Video'),
    audio_url: mediaAddress('Audio'),
    thumbnail: mediaAddress('Thumbnail'),
    /** As the instructor writes it, e.g. "12:30" or "1 h 5 min". */
    duration: optionalText(RESOURCE_DURATION_MAX, 'Duration'),
    related_courses: z
      .array(z.uuid({ error: 'Related courses must be a list of course ids' }), {
        error: 'Related courses must be a list of course ids',
      })
      .max(RESOURCE_RELATED_COURSES_MAX, `At most ${RESOURCE_RELATED_COURSES_MAX} related courses`)
      .default([])
      .transform((ids) => [...new Set(ids)]),
    is_published: z.boolean({ error: 'Published must be true or false' }).default(true),
  })
  .superRefine((value, ctx) => {
    if (value.type === 'blog' && !value.content)
      ctx.addIssue({ code: 'custom', path: ['content'], message: RESOURCE_CONTENT_REQUIRED });
    if (value.type === 'video' && !value.video_url)
      ctx.addIssue({ code: 'custom', path: ['video_url'], message: RESOURCE_VIDEO_REQUIRED });
    if (value.type === 'audio' && !value.audio_url)
      ctx.addIssue({ code: 'custom', path: ['audio_url'], message: RESOURCE_AUDIO_REQUIRED });
  });
export type ResourceInput = z.input<typeof ResourceInput>;
export type ParsedResourceInput = z.output<typeof ResourceInput>;

export const ResourceListQuery = z.object({
  type: ResourceType.optional(),
  limit: pageLimit(RESOURCES_DEFAULT_LIMIT, RESOURCES_MAX_LIMIT),
  offset: pageOffset,
});
export type ResourceListQuery = z.input<typeof ResourceListQuery>;

export const ResourcePageQuery = ResourceListQuery.omit({ type: true });
export type ResourcePageQuery = z.input<typeof ResourcePageQuery>;

export const ResourceSearchQuery = ResourceListQuery.extend({
  q: requiredText(RESOURCE_SEARCH_REQUIRED, 200),
});
export type ResourceSearchQuery = z.input<typeof ResourceSearchQuery>;

export const ResourceTypeParams = z.object({ type: ResourceType });
export const ResourceAuthorParams = z.object({
  author: requiredText(RESOURCE_AUTHOR_REQUIRED, RESOURCE_AUTHOR_MAX),
});
export const ResourceCourseParams = z.object({ courseId: z.uuid({ error: 'Invalid course id' }) });

export const AdminResourceListQuery = ResourceListQuery.extend({
  status: z
    .enum(['all', 'published', 'draft'], { error: 'Status must be all, published or draft' })
    .optional(),
  q: z.string().trim().max(200, 'Must be at most 200 characters').optional(),
  limit: pageLimit(ADMIN_RESOURCES_DEFAULT_LIMIT, ADMIN_RESOURCES_MAX_LIMIT),
});
export type AdminResourceListQuery = z.input<typeof AdminResourceListQuery>;

// ---------------------------------------------------------------- responses

/** A related course as a card names it: only published courses are listed to students. */
export const ResourceCourse = z.object({ id: z.uuid(), title: z.string() });
export type ResourceCourse = z.infer<typeof ResourceCourse>;

export const Resource = z.object({
  id: z.uuid(),
  type: ResourceType,
  title: z.string(),
  description: z.string(),
  author: z.string(),
  content: z.string(),
  video_url: z.string().nullable(),
  audio_url: z.string().nullable(),
  thumbnail: z.string().nullable(),
  duration: z.string(),
  is_published: z.boolean(),
  related_courses: z.array(z.uuid()),
  courses: z.array(ResourceCourse),
  view_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Resource = z.infer<typeof Resource>;

export const ResourceResponse = z.object({ resource: Resource });
export type ResourceResponse = z.infer<typeof ResourceResponse>;

export const ResourceListResponse = z.object({ resources: z.array(Resource), total: z.number().int() });
export type ResourceListResponse = z.infer<typeof ResourceListResponse>;

export const ResourceAuthor = z.object({ author: z.string(), count: z.number().int() });
export const ResourceAuthorsResponse = z.object({ authors: z.array(ResourceAuthor) });
export type ResourceAuthorsResponse = z.infer<typeof ResourceAuthorsResponse>;

export const ResourceStatsResponse = z.object({
  total: z.number().int(),
  published: z.number().int(),
  drafts: z.number().int(),
  by_type: z.object({ blog: z.number().int(), video: z.number().int(), audio: z.number().int() }),
  total_views: z.number().int(),
});
export type ResourceStatsResponse = z.infer<typeof ResourceStatsResponse>;
