import { SIFU_NOT_FOUND_ANSWER } from '../../../../common/ai-sifu';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ID = `(?:S ?\\d{1,3}|${UUID})`;
/** `[S1]`, `[S1, S3]`, `[s 2]` or an entry's own id in brackets, with the spaces before it. */
const MARKER = new RegExp(`[ \\t]*\\[\\s*(${ID}(?:\\s*[,;]\\s*${ID})*)\\s*\\]`, 'gi');
/**
 * The end of the text so far that the next piece may turn into a marker: trailing spaces, and an
 * unclosed bracket holding only characters a marker can hold (S, digits, hex, commas). It waits for
 * the next piece.
 */
const UNFINISHED = /\s*(?:\[[ \t0-9a-fs,;-]{0,200})?$/i;

/**
 * Takes the answer as it is written, piece by piece, and gives back what to show: the text without
 * its citation markers (the answer's sources are shown beside it), and the entries it cited. A
 * marker split across pieces is held back until it is complete, so the pieces shown join up to
 * the final text. A citation of anything but a given source is dropped.
 */
export function createCitationFilter(labels: ReadonlyMap<string, string>) {
  const byLabel = new Map([...labels].map(([label, id]) => [label.toUpperCase(), id]));
  for (const id of labels.values()) byLabel.set(id.toUpperCase(), id);
  const cited: string[] = [];
  let held = '';
  let text = '';

  function removeMarkers(value: string): string {
    return value.replace(MARKER, (_marker, list: string) => {
      for (const name of list.split(/[,;]/)) {
        const id = byLabel.get(name.replace(/\s+/g, '').toUpperCase());
        if (id && !cited.includes(id)) cited.push(id);
      }
      return '';
    });
  }

  /** The answer starts at its first non-blank character. */
  function shown(value: string): string {
    const piece = text ? value : value.trimStart();
    text += piece;
    return piece;
  }

  return {
    /** The part of the answer that can be shown now ('' when everything is held back). */
    push(piece: string): string {
      const clean = removeMarkers(held + piece);
      const rest = UNFINISHED.exec(clean)?.index ?? clean.length;
      held = clean.slice(rest);
      return shown(clean.slice(0, rest));
    },
    /** The held end of the answer, once it is complete; trailing spaces are dropped. */
    end(): string {
      const last = removeMarkers(held).trimEnd();
      held = '';
      return shown(last);
    },
    /** The answer shown so far. */
    text: () => text,
    /** Entry ids in the order of their first citation; none when the answer is that nothing was found. */
    cited: () => (text.trim() === SIFU_NOT_FOUND_ANSWER ? [] : [...cited]),
  };
}
