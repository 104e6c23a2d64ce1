import { count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { QuoteCategory } from '../../../common/quotes';
import type { Db } from '../../db/client';
import { quotes } from '../../db/schema';

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteFields = Pick<
  typeof quotes.$inferInsert,
  'text' | 'chinese' | 'author' | 'source' | 'category'
>;

const columns = getTableColumns(quotes);
const inCategory = (category: QuoteCategory | undefined) =>
  category ? eq(quotes.category, category) : undefined;

export function createQuotesRepo(db: Db) {
  return {
    /**
     * One quote at random, of a category when one is named. A few dozen rows: sorting them by
     * random() is one cheap statement, and every quote has the same chance.
     */
    async random(category: QuoteCategory | undefined): Promise<QuoteRow | undefined> {
      const [row] = await db
        .select(columns)
        .from(quotes)
        .where(inCategory(category))
        .orderBy(sql`random()`)
        .limit(1);
      return row;
    },

    /** A page of quotes, of a category or all, newest first. */
    async list(category: QuoteCategory | undefined, page: { limit: number; offset: number }) {
      const where = inCategory(category);
      const [rows, [total]] = await Promise.all([
        db
          .select(columns)
          .from(quotes)
          .where(where)
          .orderBy(desc(quotes.created_at), desc(quotes.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(quotes).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async insert(fields: QuoteFields, at: Date): Promise<QuoteRow> {
      const [row] = await db
        .insert(quotes)
        .values({ ...fields, created_at: at, updated_at: at })
        .returning(columns);
      return row!;
    },

    async update(id: string, fields: QuoteFields, at: Date): Promise<QuoteRow | undefined> {
      const [row] = await db
        .update(quotes)
        .set({ ...fields, updated_at: at })
        .where(eq(quotes.id, id))
        .returning(columns);
      return row;
    },

    async remove(id: string): Promise<boolean> {
      const rows = await db.delete(quotes).where(eq(quotes.id, id)).returning({ id: quotes.id });
      return rows.length > 0;
    },
  };
}
