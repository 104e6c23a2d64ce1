import { useMemo, type ReactNode } from 'react';
import { Tooltip, VisuallyHidden } from '@mantine/core';
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
 * A lesson's paragraph with the school's glossary terms marked: a dotted underline, and on hover,
 * focus or touch the term's characters, pinyin and meaning, which a screen reader reads with it.
 */
export function GlossaryText({ text }: { text: string }): ReactNode {
  const glossary = useQuery(glossaryQuery);
  const matcher = useMemo(() => glossaryMatcher(glossary.data ?? []), [glossary.data]);
  return markTerms(text, matcher).map((part, i) =>
    typeof part === 'string' ? (
      part
    ) : (
      <Tooltip
        key={i}
        multiline
        w={280}
        withArrow
        events={{ hover: true, focus: true, touch: true }}
        label={<TermExplanation term={part.term} />}
      >
        <button type="button" className={classes.term}>
          {part.text}
          <VisuallyHidden> ({describe(part.term)})</VisuallyHidden>
        </button>
      </Tooltip>
    ),
  );
}

function describe(term: GlossaryTerm): string {
  return [[term.hanzi, term.pinyin].filter(Boolean).join(', '), term.summary].filter(Boolean).join(': ');
}

function TermExplanation({ term }: { term: GlossaryTerm }) {
  return (
    <span aria-hidden>
      <strong>{term.title}</strong>
      {term.hanzi && <span lang="zh"> {term.hanzi}</span>}
      {term.pinyin && <em> {term.pinyin}</em>}
      <br />
      {term.summary}
    </span>
  );
}
