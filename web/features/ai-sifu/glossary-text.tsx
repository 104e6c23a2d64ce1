import { useId, useMemo, type KeyboardEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { GlossaryResponse, plainPinyin, type GlossaryTerm } from '../../../common/ai-sifu';
import { apiRequest } from '../../lib/api-client';
import classes from './ai-sifu.module.css';

const glossaryQuery = {
  queryKey: ['ai-sifu', 'glossary'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiRequest('/ai-sifu/glossary', { schema: GlossaryResponse, signal }).then((response) => response.terms),
  staleTime: 30 * 60_000,
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One pattern for every way a term may be written in a lesson: its title, its pinyin with and
 * without tone marks, its characters; the longest first, so "zhan zhuang" wins over "zhan".
 */
export function glossaryMatcher(terms: GlossaryTerm[]) {
  const byForm = new Map<string, GlossaryTerm>();
  for (const term of terms) {
    const forms = [term.title, term.pinyin, term.pinyin && plainPinyin(term.pinyin), term.hanzi];
    for (const form of forms) {
      const key = form?.trim().toLowerCase();
      if (key && key.length > 1 && !byForm.has(key)) byForm.set(key, term);
    }
  }
  if (byForm.size === 0) return null;
  const alternatives = [...byForm.keys()].sort((a, b) => b.length - a.length).map(escape);
  return {
    pattern: new RegExp(`(?<![\\p{L}\\p{N}])(${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'giu'),
    termOf: (match: string) => byForm.get(match.toLowerCase()),
  };
}

/** Splits a text into plain runs and glossary terms, each term marked once (its first mention). */
export function markTerms(
  text: string,
  matcher: ReturnType<typeof glossaryMatcher>,
): (string | { text: string; term: GlossaryTerm })[] {
  if (!matcher) return [text];
  const parts: (string | { text: string; term: GlossaryTerm })[] = [];
  const marked = new Set<string>();
  let last = 0;
  for (const match of text.matchAll(matcher.pattern)) {
    const term = matcher.termOf(match[0]);
    if (!term || marked.has(term.id)) continue;
    marked.add(term.id);
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push({ text: match[0], term });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/**
 * A lesson's paragraph with the school's glossary terms marked: a dotted underline, and on hover
 * or focus the term's characters, pinyin and meaning, which is also the term's description for a
 * screen reader. Plain CSS shows it, so the lesson viewer loads no positioning library for it.
 */
export function GlossaryText({ text }: { text: string }): ReactNode {
  const glossary = useQuery(glossaryQuery);
  const matcher = useMemo(() => glossaryMatcher(glossary.data ?? []), [glossary.data]);
  const baseId = useId();
  return markTerms(text, matcher).map((part, i) =>
    typeof part === 'string' ? (
      part
    ) : (
      <MarkedTerm key={i} id={`${baseId}-${i}`} text={part.text} term={part.term} />
    ),
  );
}

function MarkedTerm({ id, text, term }: { id: string; text: string; term: GlossaryTerm }) {
  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // Escape hides the explanation without moving on (WCAG 1.4.13).
    if (event.key === 'Escape') event.currentTarget.blur();
  };
  return (
    <span className={classes.termWrap}>
      <button type="button" className={classes.term} aria-describedby={id} onKeyDown={handleKeyDown}>
        {text}
      </button>
      <span role="tooltip" id={id} className={classes.termTip}>
        <strong>{term.title}</strong>
        {term.hanzi && <span lang="zh"> {term.hanzi}</span>}
        {term.pinyin && <em> {term.pinyin}</em>}
        <span className={classes.termSummary}>{term.summary}</span>
      </span>
    </span>
  );
}
