import { z } from 'zod';
import { pageLimit, pageOffset, requiredText } from './api';

export const QUOTE_CATEGORIES = ['transformation', 'martial_arts', 'combat', 'inner_alchemy', 'war'] as const;
export const QuoteCategory = z.enum(QUOTE_CATEGORIES, {
  error: 'Category must be transformation, martial_arts, combat, inner_alchemy or war',
});
export type QuoteCategory = z.infer<typeof QuoteCategory>;

/** How each category is named on screen. */
export const QUOTE_CATEGORY_LABELS: Record<QuoteCategory, string> = {
  transformation: 'Transformation',
  martial_arts: 'Martial arts',
  combat: 'Combat',
  inner_alchemy: 'Inner alchemy',
  war: 'War',
};

export const QUOTE_TEXT_MAX = 1000;
export const QUOTE_CHINESE_MAX = 500;
export const QUOTE_AUTHOR_MAX = 200;
export const QUOTE_SOURCE_MAX = 300;
export const ADMIN_QUOTES_DEFAULT_LIMIT = 50;
export const ADMIN_QUOTES_MAX_LIMIT = 100;

export const QUOTE_NOT_FOUND = 'Quote not found';
export const QUOTE_TEXT_REQUIRED = 'Quote text is required';
export const QUOTE_AUTHOR_REQUIRED = 'Author is required';

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .default('');

/** What an administrator saves; PUT takes the whole quote. */
export const QuoteInput = z.object({
  text: requiredText(QUOTE_TEXT_REQUIRED, QUOTE_TEXT_MAX),
  chinese: optionalText('Chinese text', QUOTE_CHINESE_MAX),
  author: requiredText(QUOTE_AUTHOR_REQUIRED, QUOTE_AUTHOR_MAX),
  source: optionalText('Source', QUOTE_SOURCE_MAX),
  category: QuoteCategory,
});
export type QuoteInput = z.input<typeof QuoteInput>;
export type ParsedQuoteInput = z.output<typeof QuoteInput>;

export const AdminQuotesQuery = z.object({
  category: QuoteCategory.optional(),
  limit: pageLimit(ADMIN_QUOTES_DEFAULT_LIMIT, ADMIN_QUOTES_MAX_LIMIT),
  offset: pageOffset,
});
export type AdminQuotesQuery = z.input<typeof AdminQuotesQuery>;

/** `GET /api/quotes/random?category=`: one quote, from the category when one is named. */
export const RandomQuoteQuery = z.object({ category: QuoteCategory.optional() });

export const Quote = z.object({
  id: z.uuid(),
  text: z.string(),
  chinese: z.string(),
  author: z.string(),
  source: z.string(),
  category: QuoteCategory,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Quote = z.infer<typeof Quote>;

/** Null only when every quote was deleted. */
export const RandomQuoteResponse = z.object({ quote: Quote.nullable() });
export type RandomQuoteResponse = z.infer<typeof RandomQuoteResponse>;

export const QuoteResponse = z.object({ quote: Quote });
export type QuoteResponse = z.infer<typeof QuoteResponse>;

export const QuotesResponse = z.object({ quotes: z.array(Quote), total: z.number().int() });
export type QuotesResponse = z.infer<typeof QuotesResponse>;
