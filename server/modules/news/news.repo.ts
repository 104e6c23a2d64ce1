import { and, count, desc, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import type { NewsStatus } from '../../../common/news';
import type { Db } from '../../db/client';
import { news } from '../../db/schema';

export type NewsRow = Omit<typeof news.$inferSelect, 'search'>;
export type NewsFields = Pick<
  typeof news.$inferInsert,
  'title' | 'description' | 'body' | 'author_name' | 'tags' | 'status' | 'thumbnail_url' | 'is_important'
>;

const { search: _search, ...columns } = getTableColumns(news);

interface Page {
  limit: number;
  offset: number;
}

const published = eq(news.status, 'published');
const newestFirst = [desc(news.created_at), desc(news.id)];
const query = (q: string) => sql`websearch_to_tsquery('english', ${q})`;
/** Carries the tag whatever its case: tags keep the case they were typed in. */
const hasTag = (tag: string) =>
  sql`exists (select 1 from unnest(${news.tags}) as t(tag) where lower(t.tag) = lower(${tag}))`;

export function createNewsRepo(db: Db) {
  async function page(where: SQL | undefined, order: SQL[], p: Page) {
    const [rows, [total]] = await Promise.all([
      db
        .select(columns)
        .from(news)
        .where(where)
        .orderBy(...order)
        .limit(p.limit)
        .offset(p.offset),
      db.select({ n: count() }).from(news).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  return {
    /** Published items, newest first; only those carrying `tag` when one is given. */
    listPublished: (p: Page, tag?: string) =>
      page(tag ? and(published, hasTag(tag)) : published, newestFirst, p),

    /** Every item of a status (or all), newest first. */
    listAll: (status: NewsStatus | undefined, p: Page) =>
      page(status ? eq(news.status, status) : undefined, newestFirst, p),

    /** Published items matching the search (web search syntax), best match first. */
    search: (q: string, p: Page) =>
      page(
        and(published, sql`${news.search} @@ ${query(q)}`),
        [desc(sql`ts_rank(${news.search}, ${query(q)})`), ...newestFirst],
        p,
      ),

    /**
     * Counts a reading and answers the item in one statement; a draft is read (and counted) only
     * when `drafts` is true, for an administrator.
     */
    async read(id: string, drafts: boolean): Promise<NewsRow | undefined> {
      const [row] = await db
        .update(news)
        .set({ view_count: sql`${news.view_count} + 1` })
        .where(and(eq(news.id, id), drafts ? undefined : published))
        .returning(columns);
      return row;
    },

    /** The items that show a file as their thumbnail, as uploads asks (a select of `place`). */
    fileUses(publicId: string): SQL {
      return sql`select 'news "' || ${news.title} || '"' as place from ${news}
        where ${news.thumbnail_url} like ${`%/${publicId}`}`;
    },

    async find(id: string): Promise<NewsRow | undefined> {
      const [row] = await db.select(columns).from(news).where(eq(news.id, id)).limit(1);
      return row;
    },

    async insert(fields: NewsFields, at: Date): Promise<NewsRow> {
      const [row] = await db
        .insert(news)
        .values({ ...fields, created_at: at, updated_at: at })
        .returning(columns);
      return row!;
    },

    async update(id: string, fields: Partial<NewsFields>, at: Date): Promise<NewsRow | undefined> {
      const [row] = await db
        .update(news)
        .set({ ...fields, updated_at: at })
        .where(eq(news.id, id))
        .returning(columns);
      return row;
    },

    async remove(id: string): Promise<NewsRow | undefined> {
      const [row] = await db.delete(news).where(eq(news.id, id)).returning(columns);
      return row;
    },

    /**
     * Marks an important, published item as e-mailed to the members, once: the row lock orders
     * concurrent saves, and only the first finds `notified_at` still empty. Undefined for the others.
     */
    async claimNotification(id: string, at: Date): Promise<NewsRow | undefined> {
      const [row] = await db
        .update(news)
        .set({ notified_at: at })
        .where(and(eq(news.id, id), isNull(news.notified_at), published, eq(news.is_important, true)))
        .returning(columns);
      return row;
    },

    /**
     * Each tag of the published items with how many carry it, the most used first. Tags differing
     * only in case count as one, named by the form that sorts first by code point (capitals first),
     * so every database names it alike.
     */
    async tagCounts(): Promise<{ tag: string; count: number }[]> {
      const folded = sql`lower(t.tag)`;
      return db
        .select({ tag: sql<string>`min(t.tag collate "C")`, count: sql<number>`count(*)`.mapWith(Number) })
        .from(sql`${news}, unnest(${news.tags}) as t(tag)`)
        .where(published)
        .groupBy(folded)
        .orderBy(desc(sql`count(*)`), folded);
    },
  };
}
export type NewsRepo = ReturnType<typeof createNewsRepo>;
