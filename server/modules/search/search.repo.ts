import { eq, sql, type SQL } from 'drizzle-orm';
import type { SearchResultType } from '../../../common/search';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';
import { enrollments } from '../../db/schema';

/**
 * What a search looks for, worked out by the service from the query and the glossary:
 * - `text`: the query itself, for `websearch_to_tsquery` (quotes, `or`, `-word`);
 * - `phrases`: glossary forms in Latin letters, each a `plainto_tsquery`;
 * - `prefixes`: the query's words (letters and digits only), each matched as a word's beginning;
 * - `words`: the query's words of three letters or more, matched by trigrams in titles (typos);
 * - `cjk`: the query's runs of Chinese characters, found as substrings of titles and texts;
 * - `cjkTitles`: the glossary's Chinese forms too, found in titles only (a text search for each
 *   of them would read every row's text).
 */
export interface SearchPlan {
  text: string;
  phrases: string[];
  prefixes: string[];
  words: string[];
  cjk: string[];
  cjkTitles: string[];
}

export interface SearchCaller {
  is_admin: boolean;
  /** The courses the caller is enrolled in (`enrolledCourseIds`). */
  enrolled: string[];
}

export interface SearchRow {
  type: SearchResultType;
  id: string;
  title: string;
  description: string;
  course_id: string | null;
  /** Courses and lessons: whether the caller may open the course (enrolled, or an admin). */
  may_open: boolean;
  /** Blog posts: the slug; people: the username. */
  handle: string | null;
  score: number;
}

/**
 * How alike a misspelt word and a title's closest word must be (pg_trgm's `word_similarity`).
 * 0.6, the default, misses "baguazang" for "Baguazhang Circle Walking" (0.62) once one more
 * letter is wrong; 0.5 keeps such typos and still leaves unrelated words out.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;

const or = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` or `) : sql`false`);

function tsQuery(plan: SearchPlan): SQL {
  const parts = [sql`websearch_to_tsquery('english', ${plan.text})`];
  for (const phrase of plan.phrases) parts.push(sql`plainto_tsquery('english', ${phrase})`);
  // The words are letters and digits only (the service's doing), so `:*` is all the syntax there is.
  if (plan.prefixes.length)
    parts.push(sql`to_tsquery('english', ${plan.prefixes.map((word) => `${word}:*`).join(' & ')})`);
  return sql`(${sql.join(parts, sql` || `)})`;
}

/** A column matched by trigrams: the condition (index-backed `%>`) and the closeness, 0 to 1. */
function trigram(column: SQL, words: string[]) {
  return {
    match: or(words.map((word) => sql`${column} %> ${word}`)),
    score: words.length
      ? sql`greatest(${sql.join(
          words.map((word) => sql`word_similarity(${word}, ${column})`),
          sql`, `,
        )})`
      : sql`0`,
  };
}

/**
 * Texts containing one of the Chinese runs (an ILIKE the trigram index of a title can serve): the
 * condition, and a bonus when the first of them, the title, holds one.
 */
function contains(columns: SQL[], plan: Pick<SearchPlan, 'cjk' | 'cjkTitles'>) {
  const holds = (column: SQL, runs: string[]) =>
    or(runs.map((run) => sql`${column} ilike ${containsPattern(run)}`));
  const [title, ...texts] = columns;
  if (!title || plan.cjkTitles.length === 0) return { match: sql`false`, score: sql`0` };
  return {
    match: or([
      holds(title, plan.cjkTitles),
      ...(plan.cjk.length ? texts.map((text) => holds(text, plan.cjk)) : []),
    ]),
    score: sql`(case when ${holds(title, plan.cjkTitles)} then 0.5 else 0 end)`,
  };
}

/**
 * How many rows of one type each way of matching (title trigrams, full text, Chinese characters)
 * may bring to the ranking. A broad word ("qi", "dantian") can match every lesson's text; ranking
 * all of them would cost a read of each row, so each way brings at most this many, in index order,
 * and the best of those are kept. Titles, the strongest matches, come through their own way, so a
 * title match is never crowded out by texts that merely mention the word.
 */
export const CANDIDATES_PER_MATCH = 100;

/**
 * One branch of the search: the rows of one type matching `search` (full text), the title's
 * trigrams or the Chinese runs, best first, at most `limit`. Candidates are gathered first from
 * `table` alone (`CANDIDATES_PER_MATCH` per way of matching, and per extra source), then joined,
 * filtered and ranked.
 */
function branch(
  plan: SearchPlan,
  limit: number,
  parts: {
    type: SearchResultType;
    select: SQL;
    /** The branch's own table with its alias, e.g. `lessons l`, and its key, e.g. `l.id`. */
    table: SQL;
    key: SQL;
    /** A condition on `table` alone that candidates must meet (published, for instance). */
    candidateWhere?: SQL;
    /** More candidate queries (each selecting `key`), e.g. a student's own courses' lessons. */
    moreCandidates?: SQL[];
    from: SQL;
    where: SQL;
    search: SQL | null;
    /** Full-text matches count only where this holds (a lesson's text, for those who may open it). */
    textMatch?: SQL;
    title: SQL;
    /** Where Chinese characters are looked for, the title first. */
    cjkIn: SQL[];
    /** The same on `table` alone, for the candidates, when `cjkIn` reaches other tables. */
    candidateCjkIn?: SQL[];
  },
) {
  const tsq = tsQuery(plan);
  const fullText = parts.search ? (parts.textMatch ?? sql`${parts.search} @@ ${tsq}`) : sql`false`;
  const rank = parts.search
    ? sql`case when ${fullText} then ts_rank(${parts.search}, ${tsq}) else 0 end`
    : sql`0`;
  const tri = trigram(parts.title, plan.words);
  const cjk = contains(parts.cjkIn, plan);
  const own = parts.candidateWhere ?? sql`true`;
  const candidate = (match: SQL) =>
    sql`(select ${parts.key} from ${parts.table} where ${own} and ${match} limit ${CANDIDATES_PER_MATCH})`;
  const candidates = [
    ...(plan.words.length ? [candidate(tri.match)] : []),
    ...(parts.search ? [candidate(sql`${parts.search} @@ ${tsq}`)] : []),
    ...(plan.cjkTitles.length ? [candidate(contains(parts.candidateCjkIn ?? parts.cjkIn, plan).match)] : []),
    ...(parts.moreCandidates ?? []),
  ];
  if (candidates.length === 0) candidates.push(sql`(select null::uuid limit 0)`);
  return sql`(select ${parts.type}::text as type, ${parts.select},
      (${rank} + ${tri.score} + ${cjk.score})::float8 as score
    from ${parts.from}
    where ${parts.key} in (${sql.join(candidates, sql` union `)})
      and ${parts.where} and (${fullText} or ${tri.match} or ${cjk.match})
    order by score desc
    limit ${limit})`;
}

export function createSearchRepo(db: Db) {
  return {
    /** Lets the trigram operators of this transaction accept closer typos (see the threshold). */
    async useWordSimilarityThreshold(): Promise<void> {
      await db.execute(sql.raw(`set local pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`));
    },

    /**
     * Up to `limit` results of every type the caller may see, best first, in one statement.
     * Students see published content only; lessons of a course they may not open match by title
     * only (the outline every member sees), never by their text.
     */
    /** The courses the caller is enrolled in: theirs to open, and their lessons' text to search. */
    async enrolledCourseIds(userId: string): Promise<string[]> {
      const rows = await db
        .select({ id: enrollments.course_id })
        .from(enrollments)
        .where(eq(enrollments.user_id, userId));
      return rows.map((row) => row.id);
    },

    async search(caller: SearchCaller, plan: SearchPlan, limit: number): Promise<SearchRow[]> {
      const admin = caller.is_admin;
      const tsq = tsQuery(plan);
      const mine = sql`${`{${caller.enrolled.join(',')}}`}::uuid[]`;
      const mayOpen = admin ? sql`true` : sql`(c.id = any(${mine}))`;
      // As the catalogue: a published course, an archived one only for its students.
      const visibleCourse = admin ? sql`true` : sql`c.is_published and (c.archived_at is null or ${mayOpen})`;
      const lessonText = sql`case when l.lesson_type = 'quiz' then '' else l.content_text end`;

      const branches = [
        branch(plan, limit, {
          type: 'course',
          select: sql`c.id::text as id, c.title, c.description, c.id::text as course_id,
            ${mayOpen} as may_open, null::text as handle`,
          table: sql`courses c`,
          key: sql`c.id`,
          candidateWhere: admin ? undefined : sql`c.is_published`,
          from: sql`courses c`,
          where: admin
            ? sql`true`
            : sql`${visibleCourse} and exists (select 1 from course_stats s where s.course_id = c.id and s.lesson_count > 0)`,
          search: sql`c.search`,
          title: sql`c.title`,
          cjkIn: [sql`c.title`, sql`c.description`],
        }),
        branch(plan, limit, {
          type: 'lesson',
          select: sql`l.id::text as id, l.title, c.title as description, c.id::text as course_id,
            ${mayOpen} as may_open, null::text as handle`,
          table: sql`lessons l`,
          key: sql`l.id`,
          // A student's own courses' lessons match by their text too: they are looked for apart,
          // so the many lessons of other courses that mention a word cannot crowd them out.
          moreCandidates: admin
            ? []
            : [
                sql`(select l.id from lessons l join modules m on m.id = l.module_id
                  where m.course_id = any(${mine}) and l.search @@ ${tsq} limit ${CANDIDATES_PER_MATCH})`,
              ],
          from: sql`lessons l join modules m on m.id = l.module_id join courses c on c.id = m.course_id`,
          where: visibleCourse,
          search: sql`l.search`,
          // Outside the course, only the title (the outline) may match: its words carry weight A.
          textMatch: admin
            ? undefined
            : sql`(l.search @@ ${tsq} and (${mayOpen} or ts_filter(l.search, '{a}') @@ ${tsq}))`,
          title: sql`l.title`,
          candidateCjkIn: [sql`l.title`, lessonText],
          cjkIn: admin
            ? [sql`l.title`, lessonText]
            : [sql`l.title`, sql`(case when ${mayOpen} then ${lessonText} else '' end)`],
        }),
        branch(plan, limit, {
          type: 'resource',
          select: sql`r.id::text as id, r.title, r.description, null::text as course_id,
            false as may_open, null::text as handle`,
          table: sql`resources r`,
          key: sql`r.id`,
          candidateWhere: sql`r.is_published`,
          from: sql`resources r`,
          where: sql`r.is_published`,
          search: sql`r.search`,
          title: sql`r.title`,
          cjkIn: [sql`r.title`, sql`r.description`],
        }),
        branch(plan, limit, {
          type: 'news',
          select: sql`n.id::text as id, n.title, n.description, null::text as course_id,
            false as may_open, null::text as handle`,
          table: sql`news n`,
          key: sql`n.id`,
          candidateWhere: sql`n.status = 'published'`,
          from: sql`news n`,
          where: sql`n.status = 'published'`,
          search: sql`n.search`,
          title: sql`n.title`,
          cjkIn: [sql`n.title`, sql`n.description`],
        }),
        branch(plan, limit, {
          type: 'blog',
          select: sql`b.id::text as id, b.title, b.excerpt as description, null::text as course_id,
            false as may_open, b.slug as handle`,
          table: sql`blog_posts b`,
          key: sql`b.id`,
          candidateWhere: sql`b.status = 'published'`,
          from: sql`blog_posts b`,
          where: sql`b.status = 'published'`,
          search: sql`b.search`,
          title: sql`b.title`,
          cjkIn: [sql`b.title`, sql`b.excerpt`],
        }),
      ];
      if (admin) branches.push(people(plan, limit));

      // Both drivers answer with { rows }; Drizzle's shared type does not say so.
      const result: unknown =
        await db.execute(sql`select * from (${sql.join(branches, sql` union all `)}) found
        order by score desc, type, id
        limit ${limit}`);
      return (result as { rows: SearchRow[] }).rows.map((row) => ({
        ...row,
        score: Number(row.score),
      }));
    },
  };
}

/**
 * People, for administrators: by name, username or e-mail containing the query (a part of an
 * address), by trigrams (a typo), or by Chinese characters in the name.
 */
function people(plan: SearchPlan, limit: number) {
  const columns = [sql`u.name`, sql`u.username`, sql`u.email`];
  const tri = columns.map((column) => trigram(column, plan.words));
  const pattern = containsPattern(plan.text);
  const part = or(columns.map((column) => sql`${column} ilike ${pattern}`));
  const cjk = contains([sql`u.name`], plan);
  return sql`(select 'user'::text as type, u.id::text as id, u.name as title,
      ('@' || u.username || ' · ' || u.email) as description, null::text as course_id,
      false as may_open, u.username as handle,
      (greatest(${sql.join(
        tri.map((t) => t.score),
        sql`, `,
      )}) + (case when ${part} then 1 else 0 end) + ${cjk.score})::float8 as score
    from users u
    where ${part} or ${or(tri.map((t) => t.match))} or ${cjk.match}
    order by score desc
    limit ${limit})`;
}
export type SearchRepo = ReturnType<typeof createSearchRepo>;
