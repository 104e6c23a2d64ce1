import { randomUUID } from 'node:crypto';
import type { QuoteCategory } from '../../../../common/quotes';
import { quotes } from '../../../db/schema';
import type { TestApp } from '../../../test/app';

/* Quotes written straight into the table, and valid API bodies. */

export async function createQuote(
  t: TestApp,
  input: { category?: QuoteCategory; author?: string; created_at?: Date } = {},
) {
  const at = input.created_at ?? t.clock.now();
  const [row] = await t.database.db
    .insert(quotes)
    .values({
      text: `Stand like a mountain, move like a river (${randomUUID().slice(0, 8)}).`,
      chinese: '站如山，动如水。',
      author: input.author ?? 'Traditional',
      source: 'Saying of the training hall',
      category: input.category ?? 'martial_arts',
      created_at: at,
      updated_at: at,
    })
    .returning();
  return row!;
}

/** A body POST and PUT /api/admin/quotes accept; `overrides` replace its fields. */
export const quoteBody = (overrides: Record<string, unknown> = {}) => ({
  text: `When the opponent does not move, I do not move (${randomUUID().slice(0, 8)}).`,
  chinese: '彼不动，己不动。',
  author: 'Wu Yuxiang',
  source: 'Expositions of Insights into the Thirteen Postures',
  category: 'combat',
  ...overrides,
});
