import { SEAL_PAPER, SEAL_RED } from '../../../common/brand';
import { enso } from './brush';

/** The seal's outline: a square pressed by hand, its edges a little uneven where the paste ran thin. */
const SEAL_OUTLINE =
  'M3.5 5.2L18 3.6L33 4.4L47 3.2L60.6 4.1L59.8 19L60.9 33L60.2 47.5L60.5 60.4L46 60.9L31 59.9L17 60.8L3.2 60.1L4.2 46L3.4 31L4.4 17Z';
/** Carved in white (a baiwen seal): a brush circle, open at the top right, around one point. */
const SEAL_ENSO = enso(32, 32.5, 18.5, 7.2, -0.9, 0.1);

/**
 * The school's seal in a 64 × 64 box: the mark of the logo, and the red stamp in a corner of
 * each painting. Placed with `x`, `y` and `size` inside a larger drawing.
 */
export function Seal({ x = 0, y = 0, size = 64 }: { x?: number; y?: number; size?: number }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${size / 64})`}>
      <path d={SEAL_OUTLINE} fill={SEAL_RED} />
      <path d={SEAL_ENSO} fill={SEAL_PAPER} />
      <circle cx="32.5" cy="32.5" r="3.6" fill={SEAL_PAPER} />
    </g>
  );
}
