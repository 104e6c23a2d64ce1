import { SEARCH_RESULT_TYPES, type SearchResult, type SearchResultType } from '../../../common/search';

export const GROUP_LABELS: Record<SearchResultType, string> = {
  course: 'Courses',
  lesson: 'Lessons',
  resource: 'Resources',
  news: 'News',
  blog: 'Blog',
  user: 'People',
};

export interface ResultGroup {
  type: SearchResultType;
  label: string;
  /** The group's results, best first, each with its place in the whole list (the keyboard's order). */
  options: { result: SearchResult; index: number }[];
}

/**
 * The results in the dropdown's groups, in the contract's order of types and the server's order
 * within each; `index` counts through the groups as they are shown, so Down follows the eye.
 */
export function groupResults(results: readonly SearchResult[]): ResultGroup[] {
  let index = 0;
  return SEARCH_RESULT_TYPES.map((type) => ({
    type,
    label: GROUP_LABELS[type],
    options: results.filter((result) => result.type === type).map((result) => ({ result, index: index++ })),
  })).filter((group) => group.options.length > 0);
}
