import { promisify } from 'node:util';
import zlib from 'node:zlib';

export type PageEncoding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The encoding to send a page in for a request's Accept-Encoding: brotli, else gzip, else none.
 * An encoding (or `*`) listed with q=0 is refused.
 */
export function pageEncoding(header: string | undefined): PageEncoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(name === 'x-gzip' ? 'gzip' : name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepts = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/**
 * A rendered page's compressed bytes, made once per rendering and kept with it. The site keeps
 * each rendering for seconds and serves it thousands of times; compressing it again for every
 * browser (which all ask for brotli or gzip) cost five times what sending it did.
 */
const compressed = new WeakMap<object, Partial<Record<PageEncoding, Promise<Buffer>>>>();

export function compressedPage(page: { html: string }, encoding: PageEncoding): Promise<Buffer> {
  let variants = compressed.get(page);
  if (!variants) {
    variants = {};
    compressed.set(page, variants);
  }
  variants[encoding] ??=
    encoding === 'br'
      ? brotli(page.html, {
          params: {
            // Once per rendering, so a higher quality than the per-answer compression's 4.
            [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(page.html),
          },
        })
      : gzip(page.html);
  return variants[encoding];
}
