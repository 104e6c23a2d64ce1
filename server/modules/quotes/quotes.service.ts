import {
  QUOTE_NOT_FOUND,
  type Quote,
  type QuoteCategory,
  type ParsedQuoteInput,
  type QuotesResponse,
} from '../../../common/quotes';
import type { Platform } from '../../platform';
import { notFound } from '../../platform/errors';
import { createQuotesRepo, type QuoteRow } from './quotes.repo';

const quoteNotFound = () => notFound(QUOTE_NOT_FOUND, 'QUOTE_NOT_FOUND');

const toQuote = (row: QuoteRow): Quote => ({
  ...row,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** The quotes of the student home: a random one for members, the whole set for administrators. */
export function createQuotesService(platform: Platform) {
  const repo = createQuotesRepo(platform.db);
  const now = () => platform.clock.now();

  return {
    /** Null only when every quote (of the category) was deleted. */
    async random(category?: QuoteCategory): Promise<Quote | null> {
      const row = await repo.random(category);
      return row ? toQuote(row) : null;
    },

    async list(
      category: QuoteCategory | undefined,
      page: { limit: number; offset: number },
    ): Promise<QuotesResponse> {
      const { rows, total } = await repo.list(category, page);
      return { quotes: rows.map(toQuote), total };
    },

    create: async (input: ParsedQuoteInput): Promise<Quote> => toQuote(await repo.insert(input, now())),

    async update(id: string, input: ParsedQuoteInput): Promise<Quote> {
      const row = await repo.update(id, input, now());
      if (!row) throw quoteNotFound();
      return toQuote(row);
    },

    async remove(id: string): Promise<void> {
      if (!(await repo.remove(id))) throw quoteNotFound();
    },
  };
}
export type QuotesService = ReturnType<typeof createQuotesService>;
