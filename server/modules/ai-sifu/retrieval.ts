import { sql } from 'drizzle-orm';
import type { Platform } from '../../platform';
import type { RetrievedEntry } from './provider';

/** The words of a question as tsquery lexemes: letters and digits only, so nothing needs quoting. */
function queryWords(question: string): string[] {
  const words = question
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .match(/[a-z0-9]{2,}/g);
  return [...new Set(words ?? [])].slice(0, 20);
}

/**
 * Finds the knowledge entries and the course's lessons that best match a question: full-text search
 * over the knowledge base (title, hanzi, pinyin, text) and the course's lesson texts, any word
 * matching, entries the course relies on first among equals.
 */
export function createRetrieval(platform: Platform) {
  return {
    async retrieve(question: string, courseId: string, limit = 8): Promise<RetrievedEntry[]> {
      const words = queryWords(question);
      if (words.length === 0) return [];
      const english = words.join(' | ');
      // Both drivers answer with { rows }; Drizzle's shared type does not say so.
      const result: unknown = await platform.db.execute(sql`
        with q as (
          select to_tsquery('english', ${english}) || to_tsquery('simple', ${english}) as tq
        )
        (
          select k.id, k.kind, k.title, k.body, k.hanzi, k.pinyin, k.source,
                 null::uuid as course_id, null::uuid as module_id,
                 ts_rank(k.search, q.tq) * case when kc.course_id is null then 1 else 1.5 end as score
          from knowledge_entries k
          cross join q
          left join knowledge_courses kc on kc.knowledge_id = k.id and kc.course_id = ${courseId}
          where k.search @@ q.tq
        )
        union all
        (
          select l.id, 'lesson', l.title, l.content_text, null, null, null, m.course_id, m.id,
                 ts_rank(l.search, q.tq) as score
          from lessons l
          join modules m on m.id = l.module_id
          cross join q
          where m.course_id = ${courseId} and l.lesson_type <> 'quiz' and l.search @@ q.tq
        )
        order by score desc, title
        limit ${limit}
      `);
      return (result as { rows: RetrievedEntry[] }).rows.map((row) => ({ ...row, score: Number(row.score) }));
    },
  };
}

export type Retrieval = ReturnType<typeof createRetrieval>;
