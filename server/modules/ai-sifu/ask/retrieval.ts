import { sql, type SQL } from 'drizzle-orm';
import type { Platform } from '../../../platform';
import type { RetrievedEntry } from './provider';
import { cjkGrams, readQuestion } from './question';
import { isSafetyQuestion } from './safety';

/**
 * How the score of a retrieved entry is made (higher is better):
 * - the share of the question's meaningful words the entry holds (0 to 1; its Chinese characters
 *   count as one word), a word matching by full text or, in a title, a typo away by trigrams;
 * - NAME_HIT when the question names the term: its characters, its pinyin (tones optional, spaced
 *   or run together), its English name or the English in brackets of its title; a little more
 *   for a longer name;
 * - the full-text rank, titles and names weighing more than texts, scaled by RANK_WEIGHT;
 * - all of that times COURSE_LINK when the course relies on the entry (knowledge_courses);
 * - when the question names a term and asks something of it ("how do I breathe in zhan zhuang"),
 *   TOPIC_WEIGHT times the share of its other words the entry holds, so the entries about what is
 *   asked come before those that only name the term too;
 * - SAFETY_SECTION for the manual's safety chapter (7) when the question is about an injury, pain
 *   or a medical condition.
 */
export const NAME_HIT = 1;
/** A longer name named is the more specific: "qi chen dantian" over "dantian" over "qi". */
const NAME_LENGTH_SCALE = 50;
/** Pinyin run together this long is looked for anywhere in the question run together ("qi chen dan tian"). */
const JOINED_NAME_MIN = 6;
export const RANK_WEIGHT = 0.5;
export const COURSE_LINK = 1.2;
export const SAFETY_SECTION = 0.6;
export const TOPIC_WEIGHT = 0.5;
/** pg_trgm's strict word similarity a title word needs to count as a typo of a question word (its `%>>` default). */
export const TYPO_SIMILARITY = 0.5;
/** Words shorter than this are not looked for by trigrams: they are close to too much. */
const TYPO_MIN_LENGTH = 5;
const DEFAULT_LIMIT = 8;

/** A text's words as a tsquery text: letters and digits, or Chinese characters, each quoted. */
const anyOf = (words: readonly string[]) => words.map((word) => `'${word}'`).join(' | ');

/**
 * What retrieval looks for in a question: `simple`, its meaningful words, the glossary's spellings
 * of the terms it names and its Chinese one and two characters at a time; `pairs`, those two
 * characters at a time, which hold its Chinese when an entry matches one; and whether it is a
 * safety question. A question with nothing in `simple` that is not about safety finds nothing.
 */
export function searchPlan(question: string) {
  const read = readQuestion(question);
  const grams = cjkGrams(read.cjk);
  return {
    read,
    simple: [...read.words, ...read.spellings, ...grams],
    pairs: grams.filter((gram) => gram.length > 1),
    safety: isSafetyQuestion(question),
  };
}

/**
 * Finds the knowledge entries and the course's lessons (not its quizzes) that best match a
 * question, best first, in one statement. Candidates come through conditions GIN indexes serve:
 * the entries' and lessons' full-text `search` (English words stemmed; hanzi one and two
 * characters at a time; pinyin with and without spaces), and their titles' trigrams for typos;
 * for a safety question also the few sections of the manual's chapter 7. See the score above.
 */
export function createRetrieval(platform: Pick<Platform, 'db'>) {
  return {
    async retrieve(question: string, courseId: string, limit = DEFAULT_LIMIT): Promise<RetrievedEntry[]> {
      const { read, simple, pairs, safety } = searchPlan(question);
      if (simple.length === 0 && !safety) return [];
      const tq: SQL = simple.length
        ? sql`(${read.words.length ? sql`to_tsquery('english', ${anyOf(read.words)}) || ` : sql``}to_tsquery('simple', ${anyOf(simple)}))`
        : sql`''::tsquery`;
      // The Chinese of the question is held when two characters in a row match (a term's one
      // character is its name, below); it weighs as a rare word.
      const cjkHeld = pairs.length
        ? sql`case when k.search @@ to_tsquery('simple', ${anyOf(pairs)}) then ln(1 + q.entries / 2) else 0 end`
        : sql`0`;
      /**
       * The question's words the row holds (by full text, or in its title a typo away), each
       * weighed by its rarity in the knowledge base, as a share of all of them.
       */
      const held = (search: SQL, title: SQL) =>
        sql`(${search} @@ ww.wq or (ww.df = 0 and length(ww.w) >= ${sql.raw(String(TYPO_MIN_LENGTH))} and strict_word_similarity(ww.w, ${title}) >= ${sql.raw(String(TYPO_SIMILARITY))}))`;
      const coverage = (search: SQL, title: SQL, cjk: SQL) => sql`coalesce(((
          select coalesce(sum(ww.weight), 0) from weights ww where ${held(search, title)}
        ) + ${cjk}) / nullif(totals.total_weight, 0), 0)`;
      /** The same share of the words that are not a term's name, when the question names one. */
      const topic = (
        search: SQL,
        title: SQL,
      ) => sql`case when totals.named_weight > 0 then ${weight(TOPIC_WEIGHT)} * coalesce((
          select sum(ww.weight) from weights ww where not ww.named and ${held(search, title)}
        ) / nullif(totals.topic_weight, 0), 0) else 0 end`;
      /** A name the question holds: a phrase among all its words, a single word among its meaningful ones. */
      const named = (name: string) =>
        sql.raw(
          `(${name} <> '' and strpos(case when ${name} like '% %' then q.text else q.content end, ' ' || ${name} || ' ') > 0)`,
        );
      const nameHit = sql`(k.kind = 'term' and (
          (k.hanzi is not null and strpos(q.question, k.hanzi) > 0)
          or ${named('n.pinyin')} or ${named("replace(n.pinyin, ' ', '')")} or ${named('n.head')}
          or (length(replace(n.pinyin, ' ', '')) >= ${sql.raw(String(JOINED_NAME_MIN))} and strpos(q.joined, replace(n.pinyin, ' ', '')) > 0)
          or (n.gloss like '% %' and ${named('n.gloss')})))`;
      const chapter7 = sql`(k.kind = 'manual' and k.title like '7.%')`;
      const weight = (value: number) => sql.raw(String(value));

      // Both drivers answer with { rows }; Drizzle's shared type does not say so.
      const result: unknown = await platform.db.execute(sql`
        with q as (
          select ${tq} as tq,
            ${` ${read.text} `}::text as text,
            ${read.text.replace(/ /g, '')}::text as joined,
            ${` ${[...read.words, ...read.spellings].join(' ')} `}::text as content,
            ${question.normalize('NFKC')}::text as question,
            ${safety}::boolean as safety,
            (select count(*) from knowledge_entries)::float8 as entries
        ),
        -- A word found in few entries says more about the question than one found in many; the
        -- question's Chinese weighs as a rare word.
        weights as (
          select v[1] as w, wq, df, ln(1 + q.entries / (1 + df)) as weight,
            v[1] = any(string_to_array(${read.nameWords.join(' ')}, ' ')) as named
          from q, unnest(string_to_array(${read.variants.map((forms) => forms.join(' ')).join(';')}, ';')) item,
            lateral (select string_to_array(item, ' ') as v) s,
            lateral (select to_tsquery('english', quote_literal(v[1]))
              || to_tsquery('simple', array_to_string(array(select quote_literal(x) from unnest(v) x), ' | ')) as wq) t,
            lateral (select count(*) as df from knowledge_entries k where k.search @@ wq) d
        ),
        -- Words no entry holds: perhaps misspelt, looked for in titles by trigrams.
        typos as (
          select w from weights where df = 0 and length(w) >= ${sql.raw(String(TYPO_MIN_LENGTH))} and w !~ '[0-9]'
        ),
        totals as (
          select coalesce((select sum(weight) from weights), 0) + ${pairs.length ? sql`ln(1 + q.entries / 2)` : sql`0`} as total_weight,
            coalesce((select sum(weight) from weights where named), 0) as named_weight,
            coalesce((select sum(weight) from weights where not named), 0) as topic_weight
          from q
        ),
        entry_hits as materialized (
          select k.id from knowledge_entries k, q where k.search @@ q.tq
          union select k.id from typos t join knowledge_entries k on k.title %>> t.w
          union select k.id from knowledge_entries k, q where q.safety and ${chapter7}
        ),
        lesson_hits as materialized (
          select l.id from lessons l join modules m on m.id = l.module_id, q
          where m.course_id = ${courseId} and l.lesson_type <> 'quiz'
            and (l.search @@ q.tq or exists (select 1 from typos t where l.title %>> t.w))
        )
        (
          select k.id, k.kind, k.title, k.body, k.hanzi, k.pinyin, k.source,
                 null::uuid as course_id, null::uuid as module_id,
                 ((${coverage(sql`k.search`, sql`k.title`, cjkHeld)}
                  + ${topic(sql`k.search`, sql`k.title`)}
                  + case when ${nameHit} then ${weight(NAME_HIT)} + length(replace(n.pinyin, ' ', '')) / ${weight(NAME_LENGTH_SCALE)} else 0 end
                  + ${weight(RANK_WEIGHT)} * ts_rank(k.search, q.tq))
                  * case when kc.course_id is null then 1 else ${weight(COURSE_LINK)} end
                  + case when q.safety and ${chapter7} then ${weight(SAFETY_SECTION)} else 0 end)::float8 as score
          from entry_hits h
          join knowledge_entries k on k.id = h.id
          cross join q cross join totals
          cross join lateral (select
            trim(translate(lower(coalesce(k.pinyin, '')), 'āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü', 'aaaaeeeeiiiioooouuuuuuuuu')) as pinyin,
            trim(regexp_replace(lower(regexp_replace(k.title, ' *[(].*$', '')), '[^a-z0-9]+', ' ', 'g')) as head,
            trim(regexp_replace(lower(coalesce(substring(k.title from '[(]([^)]*)[)]'), '')), '[^a-z0-9]+', ' ', 'g')) as gloss
          ) n
          left join knowledge_courses kc on kc.knowledge_id = k.id and kc.course_id = ${courseId}
        )
        union all
        (
          select l.id, 'lesson', l.title, l.content_text, null, null, null, m.course_id, m.id,
                 (${coverage(sql`l.search`, sql`l.title`, sql`0`)}
                  + ${topic(sql`l.search`, sql`l.title`)}
                  + ${weight(RANK_WEIGHT)} * ts_rank(l.search, q.tq))::float8 as score
          from lesson_hits h
          join lessons l on l.id = h.id
          join modules m on m.id = l.module_id
          cross join q cross join totals
        )
        order by score desc, title, id
        limit ${limit}
      `);
      return (result as { rows: RetrievedEntry[] }).rows.map((row) => ({ ...row, score: Number(row.score) }));
    },
  };
}

export type Retrieval = ReturnType<typeof createRetrieval>;
