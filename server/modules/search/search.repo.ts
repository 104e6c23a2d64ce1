import { sql, type SQL } from 'drizzle-orm';
import type { SearchResultType } from '../../../common/search';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';
import { titleSearchDocument } from '../../db/schema/title-search';

/**
 * What a search looks for, worked out by the service from the query and the glossary:
 * - `text`: the query itself, for `websearch_to_tsquery` (quotes, `or`, `-word`);
 * - `phrases`: glossary forms in Latin letters, each a `plainto_tsquery`;
 * - `prefixes`: the query's words (letters and digits only), each matched as a word's beginning;
 * - `words`: the query's words of three letters or more, matched by trigrams in titles (typos);
 * - `cjk`: the query's runs of Chinese characters and the glossary's Chinese forms, found in titles
 *   by their characters one by one and two by two (`titleSearchDocument`) and in texts as words.
 */
export interface SearchPlan {
  text: string;
  phrases: string[];
  prefixes: string[];
  words: string[];
  cjk: string[];
}

export interface SearchCaller {
  is_admin: boolean;
  /** The courses the caller is enrolled in (`prepare`). */
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

/**
 * How many rows of one type each way of matching (the title, the text, trigrams of the title)
 * may bring to the ranking. A broad word ("qi", "dantian") can match every lesson's text; ranking
 * all of them would read each row, so each way brings at most this many, in index order, and the
 * best of those are kept. Titles come through their own way (their own index), so a title match is
 * never crowded out by texts that merely mention the word.
 */
export const CANDIDATES_PER_MATCH = 30;

/** A run of Chinese characters as its characters (one) or its pairs of neighbours, all required. */
function cjkGrams(run: string): string {
  const chars = [...run];
  const grams = chars.length === 1 ? chars : chars.slice(1).map((char, i) => chars[i]! + char);
  return `(${grams.map((gram) => `'${gram}'`).join(' & ')})`;
}

/**
 * The query as one tsquery, in SQL: the query as typed, each glossary form, the words as
 * prefixes, and the Chinese runs as their characters. Every part is a parameter to a function
 * that accepts any text; the prefixes are letters and digits only and the Chinese runs
 * characters only (the service's doing), so no input is a syntax error.
 */
function tsQuery(plan: SearchPlan): SQL {
  const parts = [sql`websearch_to_tsquery('english', ${plan.text})`];
  for (const phrase of plan.phrases) parts.push(sql`plainto_tsquery('english', ${phrase})`);
  if (plan.prefixes.length)
    parts.push(sql`to_tsquery('english', ${plan.prefixes.map((word) => `${word}:*`).join(' & ')})`);
  if (plan.cjk.length) parts.push(sql`to_tsquery('simple', ${plan.cjk.map(cjkGrams).join(' | ')})`);
  return sql.join(parts, sql` || `);
}

/** One type of content as the search reads it. */
interface Source {
  type: SearchResultType;
  /** id, title, description, course_id, may_open, handle. */
  select: SQL;
  /** The type's own table with its alias, e.g. `lessons l`, and its key, e.g. `l.id`. */
  table: SQL;
  key: SQL;
  /** A condition on `table` alone that candidates must meet (published, for instance). */
  own: SQL;
  /** Joins for `select` and `where`. */
  from: SQL;
  /** What the caller may see. */
  where: SQL;
  title: SQL;
  /** The stored tsvector of the whole text. */
  search: SQL;
  /** Lessons: the text's candidates, when only some courses' texts may match. */
  textCandidates?: (query: SQL) => SQL;
  /** Lessons: where the text counts (the courses the caller may open); elsewhere the title only. */
  textVisible?: SQL;
}

/** Candidates gathered from the type's own table alone, by one index-backed condition. */
const candidates = (source: Source, match: SQL) =>
  sql`(select ${source.key} from ${source.table} where ${source.own} and ${match} limit ${CANDIDATES_PER_MATCH})`;

/**
 * The rows of one type whose title or text matches `query`, best first, at most `limit`: a title
 * match first (1 + its rank), then the text's rank. Candidates come from the title's index and
 * the text's, `CANDIDATES_PER_MATCH` each; which way found a row says whether its title matched.
 */
function textBranch(source: Source, query: SQL, limit: number): SQL {
  const byTitle = candidates(source, sql`${titleSearchDocument(source.title)} @@ ${query}`);
  const byText = source.textCandidates?.(query) ?? candidates(source, sql`${source.search} @@ ${query}`);
  const rankOf = source.textVisible
    ? sql`(case when ${source.textVisible} then ${source.search} else ts_filter(${source.search}, '{a}') end)`
    : source.search;
  return sql`(select ${source.type}::text as type, ${source.select},
      (found.by_title + ts_rank(${rankOf}, ${query}))::float8 as score
    from (select id, max(by_title) as by_title
      from (select id, 1 as by_title from ${byTitle} t(id) union all select id, 0 from ${byText} x(id)) hits
      group by id) found,
      ${source.from}
    where ${source.key} = found.id and ${source.where}
    order by score desc
    limit ${limit})`;
}

/** The rows of one type with a title word close to one of `words` (a typo), best first. */
function typoBranch(source: Source, words: string[], limit: number): SQL {
  const close = sql.join(
    words.map((word) => sql`${source.title} %> ${word}`),
    sql` or `,
  );
  const similarity = sql.join(
    words.map((word) => sql`word_similarity(${word}, ${source.title})`),
    sql`, `,
  );
  return sql`(select ${source.type}::text as type, ${source.select}, greatest(${similarity})::float8 as score
    from ${source.from}
    where ${source.key} in ${candidates(source, sql`(${close})`)} and ${source.where}
    order by score desc
    limit ${limit})`;
}

/** What each type is, for this caller. Students see published content only. */
function sources(caller: SearchCaller): Source[] {
  const admin = caller.is_admin;
  const mine = sql`${`{${caller.enrolled.join(',')}}`}::uuid[]`;
  const mayOpen = admin ? sql`true` : sql`(c.id = any(${mine}))`;
  // As the catalogue: a published course with lessons, an archived one only for its students.
  const visibleCourse = admin ? sql`true` : sql`c.is_published and (c.archived_at is null or ${mayOpen})`;
  const plain = (type: SearchResultType, table: string, alias: string, own: SQL, select: SQL): Source => ({
    type,
    select,
    table: sql.raw(`${table} ${alias}`),
    key: sql.raw(`${alias}.id`),
    own,
    from: sql.raw(`${table} ${alias}`),
    where: own,
    title: sql.raw(`${alias}.title`),
    search: sql.raw(`${alias}.search`),
  });
  return [
    {
      type: 'course',
      select: sql`c.id::text as id, c.title, c.description, c.id::text as course_id,
        ${mayOpen} as may_open, null::text as handle`,
      table: sql`courses c`,
      key: sql`c.id`,
      own: admin ? sql`true` : sql`c.is_published`,
      from: sql`courses c`,
      where: admin
        ? sql`true`
        : sql`${visibleCourse} and exists (select 1 from course_stats s where s.course_id = c.id and s.lesson_count > 0)`,
      title: sql`c.title`,
      search: sql`c.search`,
    },
    {
      type: 'lesson',
      select: sql`l.id::text as id, l.title, c.title as description, c.id::text as course_id,
        ${mayOpen} as may_open, null::text as handle`,
      table: sql`lessons l`,
      key: sql`l.id`,
      own: sql`true`,
      from: sql`lessons l join modules m on m.id = l.module_id join courses c on c.id = m.course_id`,
      where: visibleCourse,
      title: sql`l.title`,
      search: sql`l.search`,
      // Any member may find a lesson by its title (the outline every member sees); its text only
      // those who may open the course.
      ...(admin
        ? {}
        : {
            textCandidates: (
              query: SQL,
            ) => sql`(select l.id from lessons l join modules m on m.id = l.module_id
              where m.course_id = any(${mine}) and l.search @@ ${query} limit ${CANDIDATES_PER_MATCH})`,
            textVisible: mayOpen,
          }),
    },
    plain(
      'resource',
      'resources',
      'r',
      sql`r.is_published`,
      sql`r.id::text as id, r.title, r.description, null::text as course_id, false as may_open, null::text as handle`,
    ),
    plain(
      'news',
      'news',
      'n',
      sql`n.status = 'published'`,
      sql`n.id::text as id, n.title, n.description, null::text as course_id, false as may_open, null::text as handle`,
    ),
    plain(
      'blog',
      'blog_posts',
      'b',
      sql`b.status = 'published'`,
      sql`b.id::text as id, b.title, b.excerpt as description, null::text as course_id, false as may_open, b.slug as handle`,
    ),
  ];
}

const PERSON = sql`'user'::text as type, u.id::text as id, u.name as title,
  ('@' || u.username || ' · ' || u.email) as description, null::text as course_id,
  false as may_open, u.username as handle`;

async function rowsOf(db: Db, query: SQL): Promise<SearchRow[]> {
  // Both drivers answer with { rows }; Drizzle's shared type does not say so.
  const result: unknown = await db.execute(query);
  return (result as { rows: SearchRow[] }).rows.map((row) => ({ ...row, score: Number(row.score) }));
}

export function createSearchRepo(db: Db) {
  return {
    /**
     * The query as a tsquery's text (empty when it holds no word to look for) and the courses the
     * caller is enrolled in — theirs to open, and their lessons' text to search — in one round trip.
     */
    async prepare(userId: string, plan: SearchPlan): Promise<{ query: string; enrolled: string[] }> {
      const result: unknown = await db.execute(sql`select (${tsQuery(plan)})::text as query,
        array(select e.course_id::text from enrollments e where e.user_id = ${userId}) as enrolled`);
      const [row] = (result as { rows: { query: string; enrolled: string[] }[] }).rows;
      return row!;
    },

    /**
     * Up to `limit` results of every type the caller may see whose title or text matches the
     * tsquery `query` (from `prepare`), best first, in one statement; for administrators also
     * people whose name, username or e-mail contains `text`.
     */
    async matches(caller: SearchCaller, query: string, text: string, limit: number): Promise<SearchRow[]> {
      const parsed = sql`${query}::tsquery`;
      const branches = query ? sources(caller).map((source) => textBranch(source, parsed, limit)) : [];
      if (caller.is_admin) {
        const pattern = containsPattern(text);
        branches.push(sql`(select ${PERSON}, 1::float8 as score from users u
          where u.name ilike ${pattern} or u.username ilike ${pattern} or u.email ilike ${pattern}
          order by u.name, u.id limit ${limit})`);
      }
      if (branches.length === 0) return [];
      return rowsOf(
        db,
        sql`select * from (${sql.join(branches, sql` union all `)}) found
          order by score desc, type, id limit ${limit}`,
      );
    },

    /** Lets the trigram operators of this transaction accept closer typos (see the threshold). */
    async useWordSimilarityThreshold(): Promise<void> {
      await db.execute(sql.raw(`set local pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`));
    },

    /**
     * Up to `limit` results whose title has a word close to one of `words` — typos full text
     * missed — best first; for administrators also people by name, username or e-mail. Run
     * after `useWordSimilarityThreshold` in the same transaction.
     */
    async typos(caller: SearchCaller, words: string[], limit: number): Promise<SearchRow[]> {
      if (words.length === 0) return [];
      const branches = sources(caller).map((source) => typoBranch(source, words, limit));
      if (caller.is_admin) {
        const columns = [sql`u.name`, sql`u.username`, sql`u.email`];
        const close = columns.flatMap((column) => words.map((word) => sql`${column} %> ${word}`));
        const similarity = columns.flatMap((column) =>
          words.map((word) => sql`word_similarity(${word}, ${column})`),
        );
        branches.push(sql`(select ${PERSON}, greatest(${sql.join(similarity, sql`, `)})::float8 as score
          from users u where ${sql.join(close, sql` or `)} order by score desc limit ${limit})`);
      }
      return rowsOf(
        db,
        sql`select * from (${sql.join(branches, sql` union all `)}) found
          order by score desc, type, id limit ${limit}`,
      );
    },
  };
}
export type SearchRepo = ReturnType<typeof createSearchRepo>;
