import type { ImgHTMLAttributes } from 'react';
import { imageSources } from '../../../common/uploads';
import type { Art } from '../../components/brand';

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
 * variants, or from elsewhere) is a plain src. A course without a picture shows a cover drawn
 * from its id instead (`CoursePattern`), so this is called only with a URL. Images below the fold
 * load lazily; the page's first image (`eager`) loads at once and first.
 */
export function courseImageProps(
  url: string,
  sizes: string,
  { eager = false }: { eager?: boolean } = {},
): CourseImageAttributes {
  const loading = eager
    ? ({ loading: 'eager', fetchPriority: 'high' } as const)
    : ({ loading: 'lazy' } as const);
  const sources = imageSources(url);
  if (!sources) return { src: url, decoding: 'async', ...loading };
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

const ARTS: [Art, RegExp][] = [
  ['xingyiquan', /xing\s*-?\s*yi|hsing\s*-?\s*i/i],
  ['taijiquan', /tai\s*-?\s*(ji|chi)/i],
  ['baguazhang', /ba\s*-?\s*gua|pa\s*-?\s*kua/i],
];

/** The art a course teaches, when its title names one: its generated cover then takes that art's motifs. */
export function artOfCourse(title: string): Art | undefined {
  return ARTS.find(([, pattern]) => pattern.test(title))?.[0];
}
