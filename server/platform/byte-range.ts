/** One byte range of a `Range` header: `start-end`, `start-` (to the end) or `-suffix` (the last bytes). */
export type ByteRange = { start: number; end?: number } | { suffix: number };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * The one range a `Range` header asks for, or null to answer with the whole file: no header, a
 * unit other than bytes, several ranges (players ask for one; answering multipart/byteranges is
 * not worth its code) or a form that makes no sense. RFC 9110 lets a server ignore Range so.
 */
export function parseRange(header: string | undefined): ByteRange | null {
  if (!header) return null;
  const match = SINGLE_RANGE.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  const start = first === '' ? null : Number(first);
  const end = last === '' ? null : Number(last);
  if ((start !== null && !Number.isSafeInteger(start)) || (end !== null && !Number.isSafeInteger(end)))
    return null;
  if (start === null) return end === null ? null : { suffix: end };
  if (end === null) return { start };
  return end < start ? null : { start, end };
}

/** The range as S3's GetObject takes it. */
export function rangeHeader(range: ByteRange): string {
  return 'suffix' in range ? `bytes=-${range.suffix}` : `bytes=${range.start}-${range.end ?? ''}`;
}
