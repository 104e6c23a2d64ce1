import { sql, type SQL } from 'drizzle-orm';
import type { SearchResultType } from '../../../common/search';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';

/**
 * What a search looks for, worked out by the service from the query and the glossary:
 * - `text`: the query itself, for `websearch_to_tsquery` (quotes, `or`, `-word`);
 * - `phrases`: glossary forms in Latin letters, each a `plainto_tsquery`;
 * - `prefixes`: the query's words (letters and digits only), all required, the last matched as a
 *   word's beginning (the one still being typed);
 * - `words`: the query's words of three letters or more, matched by trigrams in titles (typos);
 * - `cjk`: the query's runs of Chinese characters and the glossary's Chinese forms, found in titles
 *   by their characters one by one and two by two (the stored `title_search`, see
 *   db/schema/title-search.ts) and in texts as words.
 */
export interface SearchPlan {
  text: string;
  phrases: string[];
  prefixes: string[];
  words: string[];
  cjk: string[];
}

/**
 * What a search statement reads: an administrator's view (everything), or what every member sees
 * (published content, and lessons by their titles — the outline every member sees). A student's
 * search is the members' view merged with their own courses (`own`), whose lessons match by their
 * text too.
 */
export type SearchView = 'admin' | 'members';

export interface SearchRow {
  type: SearchResultType;
  id: string;
  title: string;
  description: string;
  course_id: string | null;
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

/** A run of Chinese characters as its characters (one) or its pairs of neighbours, all required. */
function cjkGrams(run: string): string {
  const chars = [...run];
  const grams = chars.length === 1 ? chars : chars.slice(1).map((char, i) => chars[i]! + char);
  return `(${grams.map((gram) => `'${gram}'`).join(' & ')})`;
}

/**
 * The query as one tsquery, in SQL: the query as typed, each glossary form, the words with the
 * last as a prefix, and the Chinese runs as their characters. Every part is a parameter to a function
 * that accepts any text; the prefixes are letters and digits only and the Chinese runs
 * characters only (the service's doing), so no input is a syntax error.
 */
function tsQuery(plan: SearchPlan): SQL {
  const parts = [sql`websearch_to_tsquery('english', ${plan.text})`];
  for (const phrase of plan.phrases) parts.push(sql`plainto_tsquery('english', ${phrase})`);
  if (plan.prefixes.length) parts.push(sql`to_tsquery('english', ${`${plan.prefixes.join(' & ')}:*`})`);
  if (plan.cjk.length) parts.push(sql`to_tsquery('simple', ${plan.cjk.map(cjkGrams).join(' | ')})`);
  return sql.join(parts, sql` || `);
}

/** One type of content as the search reads it. */
interface Source {
  type: SearchResultType;
  /** id, title, description, course_id, handle. */
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
  /** The stored tsvector of the title's words and Chinese characters. */
  titleSearch: SQL;
  /** The stored tsvector of the whole text. */
  search: SQL;
  /** Lessons a member may not open: matched and ranked by their title only. */
  titleOnly?: boolean;
}

/**
 * Candidates gathered from the type's own table alone, by one index-backed condition: at most as
 * many as the results asked for, in index order, for ranking. A broad word ("qi", "dantian") can
 * match every lesson's text; ranking all of them would read each row, and titles come through
 * their own way (their own index), so a title match is never crowded out by texts that merely
 * mention the word. The match is planned on its own (a materialized CTE, which the limit outside
 * does not reach), so PostgreSQL reads the index instead of scanning the table in the hope that
 * matches come early — a hope a word no title holds would cost a read of every row; the CTE is
 * still read lazily, so the scan stops at the limit.
 */
const candidates = (source: Source, match: SQL, limit: number) =>
  sql`(with hits as materialized (select ${source.key} as id from ${source.table} where ${source.own} and ${match})
    select id from hits limit ${limit})`;

/**
 * The rows of one type whose title or text matches `query`, best first, at most `limit`: a title
 * match first (1 + its rank), then the text's rank. Candidates come from the title's index and
 * the text's, `limit` each (see `candidates`); which way found a row says whether its title matched.
 */
function textBranch(source: Source, query: SQL, limit: number): SQL {
  const byTitle = candidates(source, sql`${source.titleSearch} @@ ${query}`, limit);
  const byText = source.titleOnly
    ? sql`(select null::uuid limit 0)`
    : candidates(source, sql`${source.search} @@ ${query}`, limit);
  // A title's words are the text's weight A.
  const rankOf = source.titleOnly ? sql`ts_filter(${source.search}, '{a}')` : source.search;
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
    where ${source.key} in ${candidates(source, sql`(${close})`, limit)} and ${source.where}
    order by score desc
    limit ${limit})`;
}

/** What each type is in a view (see `SearchView`). Members see published content only. */
function sources(view: SearchView): Source[] {
  const admin = view === 'admin';
  // As the catalogue: a published course with lessons (an archived one only for its students).
  const visibleCourse = admin ? sql`true` : sql`c.is_published and c.archived_at is null`;
  /** A type of one table, shown with its summary column (and its slug, for blog posts). */
  const plain = (
    type: SearchResultType,
    table: string,
    alias: string,
    own: string,
    summary: string,
    handle = 'null::text',
  ): Source => ({
    type,
    select: sql.raw(
      `${alias}.id::text as id, ${alias}.title, ${alias}.${summary} as description, null::text as course_id, ${handle} as handle`,
    ),
    table: sql.raw(`${table} ${alias}`),
    key: sql.raw(`${alias}.id`),
    own: sql.raw(own),
    from: sql.raw(`${table} ${alias}`),
    where: sql.raw(own),
    title: sql.raw(`${alias}.title`),
    titleSearch: sql.raw(`${alias}.title_search`),
    search: sql.raw(`${alias}.search`),
  });
  const course: Source = {
    type: 'course',
    select: sql`c.id::text as id, c.title, c.description, c.id::text as course_id, null::text as handle`,
    table: sql`courses c`,
    key: sql`c.id`,
    own: visibleCourse,
    from: sql`courses c`,
    where: admin ? sql`true` : sql`${visibleCourse} and ${HAS_LESSONS}`,
    title: sql`c.title`,
    titleSearch: sql`c.title_search`,
    search: sql`c.search`,
  };
  const lesson: Source = {
    type: 'lesson',
    select: sql`l.id::text as id, l.title, c.title as description, c.id::text as course_id, null::text as handle`,
    table: sql`lessons l`,
    key: sql`l.id`,
    own: sql`true`,
    from: sql`lessons l join modules m on m.id = l.module_id join courses c on c.id = m.course_id`,
    where: visibleCourse,
    title: sql`l.title`,
    titleSearch: sql`l.title_search`,
    search: sql`l.search`,
    titleOnly: !admin,
  };
  return [
    course,
    lesson,
    plain('resource', 'resources', 'r', 'r.is_published', 'description'),
    plain('news', 'news', 'n', "n.status = 'published'", 'description'),
    plain('blog', 'blog_posts', 'b', "b.status = 'published'", 'excerpt', 'b.slug'),
  ];
}

const HAS_LESSONS = sql`exists (select 1 from course_stats s where s.course_id = c.id and s.lesson_count > 0)`;

const PERSON = sql`'user'::text as type, u.id::text as id, u.name as title,
  ('@' || u.username || ' · ' || u.email) as description, null::text as course_id,
  u.username as handle`;

async function rowsOf(db: Db, query: SQL): Promise<SearchRow[]> {
  // Both drivers answer with { rows }; Drizzle's shared type does not say so.
  const result: unknown = await db.execute(query);
  return (result as { rows: SearchRow[] }).rows.map((row) => ({ ...row, score: Number(row.score) }));
}

export function createSearchRepo(db: Db) {
  return {
    /** The query as a tsquery's text, empty when it holds no word to look for (a pure function of the plan). */
    async parse(plan: SearchPlan): Promise<string> {
      const result: unknown = await db.execute(sql`select (${tsQuery(plan)})::text as query`);
      return (result as { rows: { query: string }[] }).rows[0]!.query;
    },

    /**
     * Up to `limit` results of every type in the view whose title or text matches the tsquery
     * `query` (from `parse`), best first, in one statement; in an administrator's view also people
     * whose name, username or e-mail contains `text`.
     */
    async matches(view: SearchView, query: string, text: string, limit: number): Promise<SearchRow[]> {
      const parsed = sql`${query}::tsquery`;
      const branches = query ? sources(view).map((source) => textBranch(source, parsed, limit)) : [];
      if (view === 'admin') {
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

    /**
     * A student's own courses and their lessons — by title or text — matching the tsquery `query`,
     * best first, `limit` of each (an archived course is still theirs); and the courses they are
     * enrolled in, which they may open. One statement: a student's lessons are few enough to read
     * them all (a course holds a hundred or so).
     */
    async own(
      userId: string,
      query: string,
      limit: number,
    ): Promise<{ rows: SearchRow[]; courses: string[] }> {
      const parsed = sql`${query}::tsquery`;
      const score = (title: SQL, search: SQL) =>
        sql`((case when ${title} @@ ${parsed} then 1 else 0 end) + ts_rank(${search}, ${parsed}))::float8`;
      const matching = query
        ? sql`union all (select 'match', 'course', c.id::text, c.title, c.description, c.id::text, null,
              ${score(sql`c.title_search`, sql`c.search`)} as score
            from mine join courses c on c.id = mine.course_id
            where c.is_published and ${HAS_LESSONS}
              and (c.title_search @@ ${parsed} or c.search @@ ${parsed})
            order by score desc limit ${limit})
          union all (select 'match', 'lesson', l.id::text, l.title, c.title, c.id::text, null,
              ${score(sql`l.title_search`, sql`l.search`)} as score
            from mine join courses c on c.id = mine.course_id
              join modules m on m.course_id = c.id join lessons l on l.module_id = m.id
            where c.is_published and (l.title_search @@ ${parsed} or l.search @@ ${parsed})
            order by score desc limit ${limit})`
        : sql``;
      const result: unknown =
        await db.execute(sql`with mine as (select e.course_id from enrollments e where e.user_id = ${userId})
        select 'enrolment' as kind, null as type, course_id::text as id, null as title, null as description,
          course_id::text as course_id, null as handle, 0::float8 as score from mine
        ${matching}`);
      const all = (result as { rows: (SearchRow & { kind: 'enrolment' | 'match' })[] }).rows;
      return {
        rows: all
          .filter((row) => row.kind === 'match')
          .map(({ kind: _kind, ...row }) => ({ ...row, score: Number(row.score) })),
        courses: all.filter((row) => row.kind === 'enrolment').map((row) => row.id),
      };
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
    async typos(view: SearchView, words: string[], limit: number): Promise<SearchRow[]> {
      if (words.length === 0) return [];
      const branches = sources(view).map((source) => typoBranch(source, words, limit));
      if (view === 'admin') {
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
