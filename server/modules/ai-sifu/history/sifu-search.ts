import { and, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { containsPattern } from '../../../db/like';

/** At most this many words of a search count; a longer query is cut there. */
const MAX_TERMS = 10;

const TONED = 'āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü';
const PLAIN = 'aaaaeeeeiiiioooouuuuuuuuu';

/** Lower case without pinyin's tone marks, so "zhan zhuang" finds "Zhàn Zhuāng". */
const plain = (value: AnyColumn | SQL) => sql`translate(lower(${value}), ${TONED}, ${PLAIN})`;

/**
 * A search of one student's own history: every word of `q` must appear, anywhere, in one of
 * `columns` (ignoring case and tone marks). A history is at most a few thousand rows read through
 * the student's index, so a substring match costs little and, unlike the English full-text
 * parser, finds hanzi, which are written without spaces between words. `%`, `_` and `\` in the
 * query are taken literally.
 */
export function matchesEveryWord(q: string, columns: AnyColumn[]): SQL | undefined {
  const terms = q.split(/\s+/).filter(Boolean).slice(0, MAX_TERMS);
  return and(
    ...terms.map((term) =>
      or(...columns.map((column) => sql`${plain(column)} like ${plain(sql`${containsPattern(term)}`)}`)),
    ),
  );
}
