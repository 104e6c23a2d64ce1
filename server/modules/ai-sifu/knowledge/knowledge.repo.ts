import { and, asc, count, desc, eq, getTableColumns, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { KnowledgeKind } from '../../../../common/ai-sifu';
import type { Db } from '../../../db/client';
import { containsPattern } from '../../../db/like';
import { courses, knowledgeCourses, knowledgeEntries } from '../../../db/schema';

const { search: _search, title_search: _titleSearch, ...entryColumns } = getTableColumns(knowledgeEntries);

/** The courses an entry is linked to, in id order. */
const courseIdsOf = sql<
  string[]
>`coalesce((select array_agg(kc.course_id::text order by kc.course_id) from ${knowledgeCourses} kc where kc.knowledge_id = ${knowledgeEntries.id}), '{}'::text[])`.as(
  'course_ids',
);
const columns = { ...entryColumns, course_ids: courseIdsOf };

export type KnowledgeRow = Omit<typeof knowledgeEntries.$inferSelect, 'search' | 'title_search'> & {
  course_ids: string[];
};
export type KnowledgeFields = Pick<
  typeof knowledgeEntries.$inferInsert,
  'kind' | 'title' | 'body' | 'hanzi' | 'pinyin' | 'source' | 'related_ids'
>;
/** An entry as an import writes it: its id chosen beforehand, so related entries can name it. */
export type ImportedRow = KnowledgeFields & { id: string; key: string; course_ids: string[] };

/**
 * What the admin search looks for, worked out by the service: the words as typed (English, web
 * search syntax), the same without tone marks (the pinyin in the 'simple' part of `search`), the
 * Chinese runs as a tsquery of their characters (see db/schema/title-search.ts) and the text for a
 * title containing it (trigram index).
 */
export interface KnowledgeSearch {
  text: string;
  plain: string;
  cjk: string | null;
}

interface Page {
  limit: number;
  offset: number;
}

function matches(q: KnowledgeSearch): SQL {
  const parts = [
    sql`websearch_to_tsquery('english', ${q.text})`,
    sql`websearch_to_tsquery('simple', ${q.plain})`,
    // The plain pinyin run together: "zhanzhuang" finds "zhàn zhuāng".
    sql`plainto_tsquery('simple', ${q.plain.replace(/\s+/g, '')})`,
  ];
  if (q.cjk) parts.push(sql`to_tsquery('simple', ${q.cjk})`);
  const tsQuery = sql.join(parts, sql` || `);
  return sql`(${knowledgeEntries.search} @@ (${tsQuery}) or ${knowledgeEntries.title} ilike ${containsPattern(q.text)})`;
}

const rank = (q: KnowledgeSearch) =>
  sql`ts_rank(${knowledgeEntries.search}, websearch_to_tsquery('english', ${q.text}) || websearch_to_tsquery('simple', ${q.plain}))`;

export function createKnowledgeRepo(db: Db) {
  return {
    /**
     * A page of entries of a kind (or all) matching the search, by title (best match first when
     * searching), and how many of each kind match the search.
     */
    async list(kind: KnowledgeKind | undefined, q: KnowledgeSearch | undefined, page: Page) {
      const found = q ? matches(q) : undefined;
      const order = q
        ? [desc(rank(q)), asc(knowledgeEntries.title), asc(knowledgeEntries.id)]
        : [asc(knowledgeEntries.title), asc(knowledgeEntries.id)];
      const [rows, counts] = await Promise.all([
        db
          .select(columns)
          .from(knowledgeEntries)
          .where(and(found, kind ? eq(knowledgeEntries.kind, kind) : undefined))
          .orderBy(...order)
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ kind: knowledgeEntries.kind, n: count() })
          .from(knowledgeEntries)
          .where(found)
          .groupBy(knowledgeEntries.kind),
      ]);
      return { rows, counts };
    },

    async find(id: string): Promise<KnowledgeRow | undefined> {
      const [row] = await db
        .select(columns)
        .from(knowledgeEntries)
        .where(eq(knowledgeEntries.id, id))
        .limit(1);
      return row;
    },

    /** Every entry, for the export: by kind, then title. */
    all: (): Promise<KnowledgeRow[]> =>
      db
        .select(columns)
        .from(knowledgeEntries)
        .orderBy(asc(knowledgeEntries.kind), asc(knowledgeEntries.title), asc(knowledgeEntries.id)),

    /** Every glossary term by title, for marking terms in lesson texts. */
    terms: () =>
      db
        .select({
          id: knowledgeEntries.id,
          title: knowledgeEntries.title,
          hanzi: knowledgeEntries.hanzi,
          pinyin: knowledgeEntries.pinyin,
          body: knowledgeEntries.body,
        })
        .from(knowledgeEntries)
        .where(eq(knowledgeEntries.kind, 'term'))
        .orderBy(asc(knowledgeEntries.title), asc(knowledgeEntries.id)),

    /** Which of `ids` name a course. */
    async existingCourses(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db.select({ id: courses.id }).from(courses).where(inArray(courses.id, ids));
      return new Set(rows.map((row) => row.id));
    },

    /** Which of `ids` name an entry. */
    async existingEntries(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: knowledgeEntries.id })
        .from(knowledgeEntries)
        .where(inArray(knowledgeEntries.id, ids));
      return new Set(rows.map((row) => row.id));
    },

    /** The id of each entry that has a key, by key. */
    async idsByKey(): Promise<Map<string, string>> {
      const rows = await db
        .select({ id: knowledgeEntries.id, key: knowledgeEntries.key })
        .from(knowledgeEntries)
        .where(isNotNull(knowledgeEntries.key));
      return new Map(rows.map((row) => [row.key, row.id]));
    },

    async insert(fields: KnowledgeFields & { id: string; key: string }, at: Date): Promise<void> {
      await db.insert(knowledgeEntries).values({ ...fields, created_at: at, updated_at: at });
    },

    async update(id: string, fields: KnowledgeFields, at: Date): Promise<boolean> {
      const rows = await db
        .update(knowledgeEntries)
        .set({ ...fields, updated_at: at })
        .where(eq(knowledgeEntries.id, id))
        .returning({ id: knowledgeEntries.id });
      return rows.length > 0;
    },

    /** Links the entries to exactly these courses, replacing their links. */
    async setCourses(links: { knowledge_id: string; course_ids: string[] }[]): Promise<void> {
      if (links.length === 0) return;
      await db.delete(knowledgeCourses).where(
        inArray(
          knowledgeCourses.knowledge_id,
          links.map((link) => link.knowledge_id),
        ),
      );
      const rows = links.flatMap((link) =>
        link.course_ids.map((course_id) => ({ knowledge_id: link.knowledge_id, course_id })),
      );
      if (rows.length) await db.insert(knowledgeCourses).values(rows);
    },

    /** Deletes an entry (its course links go with it) and takes it out of other entries' related ids. */
    async remove(id: string): Promise<boolean> {
      const rows = await db
        .delete(knowledgeEntries)
        .where(eq(knowledgeEntries.id, id))
        .returning({ id: knowledgeEntries.id });
      if (rows.length === 0) return false;
      await db
        .update(knowledgeEntries)
        .set({ related_ids: sql`array_remove(${knowledgeEntries.related_ids}, ${id}::uuid)` })
        .where(sql`${knowledgeEntries.related_ids} @> array[${id}::uuid]`);
      return true;
    },

    /**
     * Writes imported entries in one statement: an entry whose key is taken replaces that entry
     * (its id and created_at stay), the others are added with the id the import chose.
     */
    async upsert(rows: ImportedRow[], at: Date): Promise<void> {
      if (rows.length === 0) return;
      const replaced = (column: string) => sql.raw(`excluded.${column}`);
      await db
        .insert(knowledgeEntries)
        .values(rows.map(({ course_ids: _courses, ...row }) => ({ ...row, created_at: at, updated_at: at })))
        .onConflictDoUpdate({
          target: knowledgeEntries.key,
          set: {
            kind: replaced('kind'),
            title: replaced('title'),
            body: replaced('body'),
            hanzi: replaced('hanzi'),
            pinyin: replaced('pinyin'),
            source: replaced('source'),
            related_ids: replaced('related_ids'),
            updated_at: replaced('updated_at'),
          },
        });
    },
  };
}
export type KnowledgeRepo = ReturnType<typeof createKnowledgeRepo>;
