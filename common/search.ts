import { z } from 'zod';
import { pageLimit, requiredText } from './api';

// ---------------------------------------------------------------- constants

/** What the header's search finds, in the order its dropdown groups them. */
export const SEARCH_RESULT_TYPES = ['course', 'lesson', 'resource', 'news', 'blog', 'user'] as const;
export const SEARCH_QUERY_MAX = 100;
export const SEARCH_DEFAULT_LIMIT = 10;
export const SEARCH_MAX_LIMIT = 30;
/** The header waits this long after the last key before it asks. */
export const SEARCH_DEBOUNCE_MS = 500;

export const SEARCH_QUERY_REQUIRED = 'Please enter a search term';

// ---------------------------------------------------------------- inputs

export const SearchQuery = z.object({
  q: requiredText(SEARCH_QUERY_REQUIRED, SEARCH_QUERY_MAX),
  limit: pageLimit(SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT),
});
export type SearchQuery = z.input<typeof SearchQuery>;

// ---------------------------------------------------------------- responses

export const SearchResultType = z.enum(SEARCH_RESULT_TYPES);
export type SearchResultType = z.infer<typeof SearchResultType>;

export const SearchResult = z.object({
  type: SearchResultType,
  id: z.string(),
  title: z.string(),
  /** One line under the title: a summary, or the course a lesson belongs to. */
  description: z.string(),
  /**
   * Where choosing it goes: a course or lesson goes to the course when the caller may open it,
   * else to `/app/courses?highlight={courseId}`; the others to their own page.
   */
  url: z.string(),
  /** The course of a course or lesson result. */
  course_id: z.string().nullable(),
});
export type SearchResult = z.infer<typeof SearchResult>;

/** Best first. `terms` are the words the query was widened to (glossary forms), for highlighting. */
export const SearchResponse = z.object({
  results: z.array(SearchResult),
  terms: z.array(z.string()),
});
export type SearchResponse = z.infer<typeof SearchResponse>;
