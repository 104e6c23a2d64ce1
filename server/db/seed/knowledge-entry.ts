/**
 * The AI tutor's seed knowledge base: the school's bilingual glossary, its training manual and the
 * classical passages its teachers quote. The tutor answers only from these entries and cites them by
 * key, so keys are stable once published: correct an entry's text in place, and give a new idea a
 * new key rather than reusing an old one.
 */
export type KnowledgeKind = 'term' | 'manual' | 'classic';

export interface KnowledgeSeedEntry {
  /** Stable key, kebab-case, unique across the seed (e.g. 'term-zhan-zhuang', 'manual-3-2', 'classic-taijiquan-jing-1'). */
  key: string;
  kind: KnowledgeKind;
  /** English title. Manual sections: numbered, e.g. '3.2 Sinking the breath to the dantian'. */
  title: string;
  /** Plain text, paragraphs separated by a blank line. Terms: the explanation. Classics: the passage's translation followed by a short note on how the school reads it in practice. */
  body: string;
  /** Terms and classics: the Chinese (simplified characters for terms; the classical passage's original Chinese for classics where well attested). */
  hanzi?: string;
  /** Terms: Hanyu Pinyin with tone marks, words spaced as usual (e.g. 'zhàn zhuāng'). */
  pinyin?: string;
  /** Classics: the work and, where known, the attributed author and chapter (e.g. 'Daodejing, chapter 76'). */
  source?: string;
  /** Terms: keys of related term entries in this seed. */
  related?: string[];
}

/** Paragraphs of an entry's body, separated by a blank line. */
export const paragraphs = (...parts: string[]) => parts.join('\n\n');
