import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * What the global search matches in a title, stored as each searchable table's `title_search`
 * column with a GIN index: its English words, and its Chinese characters one by one and two by two
 * (`search_cjk_grams`, title-search.sql), so a run of characters is found inside a longer run —
 * which no word-splitting of the 'english' parser can do, and pg_trgm cannot for two characters.
 */
export function titleSearchDocument(title: AnyPgColumn | SQL): SQL {
  return sql`(to_tsvector('english'::regconfig, coalesce(${title}, '')) || to_tsvector('simple'::regconfig, search_cjk_grams(coalesce(${title}, ''))))`;
}
