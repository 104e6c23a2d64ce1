import type { ImgHTMLAttributes } from 'react';
import { courseImageSources } from '../../../common/uploads';
import { DEFAULT_THUMBNAIL } from './course-format';

/** How wide a course card's image is drawn: one, two or three cards a row (course-list-page). */
export const CARD_IMAGE_SIZES = '(min-width: 75em) 420px, (min-width: 48em) 50vw, 100vw';

/** How wide the course page's header image is drawn: eight of twelve columns from md, of at most 1320px. */
export const HEADER_IMAGE_SIZES = '(min-width: 82.5em) 860px, (min-width: 62em) 66vw, 100vw';

type CourseImageAttributes = Pick<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'loading' | 'decoding' | 'fetchPriority'
>;

/**
 * The <img> attributes of a course's picture. An uploaded image stored with its sized variants
 * gets a `srcSet` for `sizes` and its intrinsic `width`/`height`, so the browser fetches the width
 * it needs and keeps the space before the file arrives; any other URL (uploaded before the
 * variants, or from elsewhere) is a plain src, and no URL the default picture. Images below the
 * fold load lazily; the page's first image (`eager`) loads at once and first.
 */
export function courseImageProps(
  url: string | null,
  sizes: string,
  { eager = false }: { eager?: boolean } = {},
): CourseImageAttributes {
  const loading = eager
    ? ({ loading: 'eager', fetchPriority: 'high' } as const)
    : ({ loading: 'lazy' } as const);
  const sources = url ? courseImageSources(url) : null;
  if (!url || !sources) return { src: url || DEFAULT_THUMBNAIL, decoding: 'async', ...loading };
  return {
    src: url,
    srcSet: sources.variants.map((variant) => `${variant.url} ${variant.width}w`).join(', '),
    sizes,
    width: sources.width,
    height: sources.height,
    decoding: 'async',
    ...loading,
  };
}
