import { Fragment } from 'react';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The words to mark in a result: those typed and the forms the server widened them to (its
 * `terms`), each once whatever its case, longest first so a longer form wins over its prefix.
 */
export function highlightWords(query: string, terms: readonly string[] = []): string[] {
  const seen = new Map<string, string>();
  for (const word of [...query.split(/\s+/), ...terms.flatMap((term) => term.split(/\s+/))]) {
    const trimmed = word.trim();
    if (trimmed && !seen.has(trimmed.toLowerCase())) seen.set(trimmed.toLowerCase(), trimmed);
  }
  return [...seen.values()].sort((a, b) => b.length - a.length);
}

/** `text` cut into the runs that match one of `words` (case-insensitive) and the runs between. */
export function highlightParts(text: string, words: readonly string[]): { text: string; match: boolean }[] {
  if (words.length === 0 || !text) return text ? [{ text, match: false }] : [];
  const pattern = new RegExp(`(${words.map(escapeRegExp).join('|')})`, 'gi');
  // With one capturing group, split puts the matches at the odd indexes.
  return text
    .split(pattern)
    .map((part, index) => ({ text: part, match: index % 2 === 1 }))
    .filter((part) => part.text !== '');
}

export function Highlighted({ text, words }: { text: string; words: readonly string[] }) {
  return (
    <>
      {highlightParts(text, words).map((part, index) =>
        part.match ? <mark key={index}>{part.text}</mark> : <Fragment key={index}>{part.text}</Fragment>,
      )}
    </>
  );
}
