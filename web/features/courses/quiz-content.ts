import type { StudentQuizQuestion } from '../../../common/quiz';

/**
 * A quiz lesson's questions as the viewer needs them. Students receive them without answers, so
 * this reads only id, text and options, and skips anything malformed rather than failing.
 */
export function readQuizQuestions(contentText: string): StudentQuizQuestion[] {
  if (!contentText.trim()) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(contentText);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const q = item as Record<string, unknown>;
    const text = typeof q.text === 'string' ? q.text : typeof q.question === 'string' ? q.question : '';
    const options = Array.isArray(q.options)
      ? q.options.filter((o): o is string => typeof o === 'string')
      : [];
    if ((typeof q.id !== 'string' && typeof q.id !== 'number') || !text || options.length < 2) return [];
    return [{ id: String(q.id), text, options }];
  });
}

/** Article text as paragraphs: blank lines separate them. */
export function toParagraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((part) => part.trim())
    .filter(Boolean);
}
