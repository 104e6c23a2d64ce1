import { cjkRuns, glossaryEntries, glossaryWords, GLOSSARY, CJK } from '../../../common/glossary';
import type { SearchResponse, SearchResult } from '../../../common/search';
import type { Platform } from '../../platform';
import type { AuthContext } from '../../platform/auth';
import { createSearchRepo, type SearchPlan, type SearchRow } from './search.repo';

/** Query words matched by trigrams and as word beginnings: shorter ones match nearly everything. */
const MIN_WORD = 3;
/** Bounds the conditions one query adds, whatever its length (a 100-character query has ~20 words). */
const MAX_WORDS = 5;
/** The description is one line under the title. */
const DESCRIPTION_MAX = 160;

/** What the query asks for, with the glossary's other spellings of the terms it contains. */
export function planSearch(q: string): { plan: SearchPlan; terms: string[] } {
  const entries = glossaryEntries(q);
  const forms = entries.flatMap((entry) => [...GLOSSARY[entry]!]);
  const words = [...new Set(glossaryWords(q.replace(/[\u3400-\u9fff\uf900-\ufaff]+/g, ' ')))]
    .filter((word) => word.length >= MIN_WORD)
    .slice(0, MAX_WORDS);
  const plan: SearchPlan = {
    text: q,
    phrases: forms.filter((form) => !CJK.test(form)),
    prefixes: words,
    words,
    cjk: [...new Set([...cjkRuns(q), ...forms.filter((form) => CJK.test(form))])],
  };
  return { plan, terms: forms };
}

function oneLine(text: string): string {
  const line = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > DESCRIPTION_MAX ? `${line.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : line;
}

/** Where choosing a result goes (the web app's routes; spec 2 §2, Global search). */
function urlOf(row: SearchRow): string {
  const courseOrHighlight = (path: string) =>
    row.may_open ? path : `/app/courses?highlight=${row.course_id}`;
  switch (row.type) {
    case 'course':
      return courseOrHighlight(`/app/course/${row.id}`);
    case 'lesson':
      return courseOrHighlight(`/app/course/${row.course_id}?lesson=${row.id}`);
    case 'resource':
      return `/app/resources#${row.id}`;
    case 'news':
      return `/app/news/${row.id}`;
    case 'blog':
      return `/blog/${encodeURIComponent(row.handle ?? '')}`;
    case 'user':
      // The Community Management screen, searched for that person.
      return `/app/community?search=${encodeURIComponent(row.handle ?? '')}`;
  }
}

function toResult(row: SearchRow): SearchResult {
  return {
    type: row.type,
    id: row.id,
    title: row.title,
    description: oneLine(row.description),
    url: urlOf(row),
    course_id: row.type === 'course' || row.type === 'lesson' ? row.course_id : null,
  };
}

export function createSearchService(platform: Platform) {
  return {
    /**
     * Courses, lessons, resources, news, blog posts and (for administrators) people matching the
     * query, best first: full text plus trigram closeness of titles plus Chinese characters found
     * as they are. Only what the caller may see; see docs/decisions/0029-global-search.md.
     */
    async search(auth: AuthContext, q: string, limit: number): Promise<SearchResponse> {
      const { plan, terms } = planSearch(q);
      const repo = createSearchRepo(platform.db);
      const { query, enrolled } = await repo.prepare(auth.user.id, plan);
      // Admins may open every course; a student's few enrolments are passed along as ids.
      const caller = { is_admin: auth.user.is_admin, enrolled: auth.user.is_admin ? [] : enrolled };
      const rows = await repo.matches(caller, query, q, limit);
      // Typos and words cut short: looked for by trigrams only when the words themselves leave
      // room in the list, and listed after them.
      if (rows.length < limit) {
        const seen = new Set(rows.map((row) => row.id));
        const close = await platform.tx(async () => {
          await repo.useWordSimilarityThreshold();
          return repo.typos(caller, plan.words, limit);
        });
        rows.push(...close.filter((row) => !seen.has(row.id)).slice(0, limit - rows.length));
      }
      return { results: rows.map(toResult), terms };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
