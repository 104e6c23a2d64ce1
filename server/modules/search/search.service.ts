import { cjkRuns, glossaryEntries, glossaryWords, GLOSSARY, CJK } from '../../../common/glossary';
import type { SearchResponse, SearchResult } from '../../../common/search';
import type { Platform } from '../../platform';
import { createReadCache } from '../../platform/read-cache';
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

/**
 * Where choosing a result of the header's search goes, as a route of the web app; `mayOpen`:
 * whether the caller may open the course of a course or lesson.
 */
function urlOf(row: SearchRow, mayOpen: (courseId: string | null) => boolean): string {
  const courseOrHighlight = (path: string) =>
    mayOpen(row.course_id) ? path : `/app/courses?highlight=${row.course_id}`;
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

function toResult(row: SearchRow, mayOpen: (courseId: string | null) => boolean): SearchResult {
  return {
    type: row.type,
    id: row.id,
    title: row.title,
    description: oneLine(row.description),
    url: urlOf(row, mayOpen),
    course_id: row.type === 'course' || row.type === 'lesson' ? row.course_id : null,
  };
}

/** Queries whose tsquery is kept: the ones many members type, and the prefixes typed on the way. */
const PARSED_QUERIES_KEPT = 1000;

/** The best `limit` of both lists, a row found in both counted at its better score. */
function merge(a: SearchRow[], b: SearchRow[], limit: number): SearchRow[] {
  const best = new Map<string, SearchRow>();
  for (const row of [...a, ...b]) {
    const known = best.get(row.id);
    if (!known || row.score > known.score) best.set(row.id, row);
  }
  return [...best.values()]
    .sort((x, y) => y.score - x.score || x.type.localeCompare(y.type) || x.id.localeCompare(y.id))
    .slice(0, limit);
}

export function createSearchService(platform: Platform) {
  // The tsquery of a query never changes (it depends on the text and the 'english' dictionary
  // only), so a repeated query skips the round trip that builds it.
  const parsed = createReadCache<string>({
    clock: platform.clock,
    ttlMs: Number.MAX_SAFE_INTEGER,
    maxEntries: PARSED_QUERIES_KEPT,
  });
  // What every member finds for a query is the same for all of them: it is kept as the catalogue's
  // cards are (CATALOGUE_CACHE_SECONDS, forgotten on every write), and each student's own courses
  // are searched apart.
  const shared = createReadCache<SearchRow[]>({
    clock: platform.clock,
    ttlMs: platform.config.CATALOGUE_CACHE_SECONDS * 1000,
  });
  const repo = createSearchRepo(platform.db);

  /** A student's matches: the members' view (kept a few seconds) with their own courses'. */
  async function studentMatches(userId: string, query: string, q: string, limit: number) {
    const members = await shared.get(`${limit} ${query}`, () => repo.matches('members', query, q, limit));
    const own = await repo.own(userId, query, limit);
    return { rows: merge(members, own.rows, limit), courses: own.courses };
  }

  return {
    /**
     * Courses, lessons, resources, news, blog posts and (for administrators) people matching the
     * query, best first: title matches, then text matches, by full-text rank (Chinese characters
     * matched one and two at a time), then titles a typo away by trigrams. Only what the caller
     * may see; see docs/decisions/0029-global-search.md.
     */
    async search(auth: AuthContext, q: string, limit: number): Promise<SearchResponse> {
      const { plan, terms } = planSearch(q);
      const query = await parsed.get(JSON.stringify(plan), () => repo.parse(plan));
      const admin = auth.user.is_admin;
      const { rows, courses } = admin
        ? { rows: await repo.matches('admin', query, q, limit), courses: [] }
        : await studentMatches(auth.user.id, query, q, limit);
      // Typos: looked for by trigrams only when the words themselves leave room in the list,
      // and listed after them.
      if (rows.length < limit && plan.words.length) {
        const seen = new Set(rows.map((row) => row.id));
        const close = await platform.tx(async () => {
          await repo.useWordSimilarityThreshold();
          return repo.typos(admin ? 'admin' : 'members', plan.words, limit);
        });
        rows.push(...close.filter((row) => !seen.has(row.id)).slice(0, limit - rows.length));
      }
      const mine = new Set(courses);
      const mayOpen = (courseId: string | null) => admin || (courseId !== null && mine.has(courseId));
      return { results: rows.map((row) => toResult(row, mayOpen)), terms };
    },

    /** Something the members' results show may have changed: the next search reads them again. */
    forget: () => shared.clear(),
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
