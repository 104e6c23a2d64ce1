import { useId, type ReactNode } from 'react';
import { cinnabar } from '../../../common/brand';
import { enso, stroke, swell, type Point } from './brush';
import { Figure, POSES } from './figure';
import { InkTexture } from './ink-texture';
import { Seal } from './seal';

export type Art = 'xingyiquan' | 'taijiquan' | 'baguazhang';

export interface ArtIllustrationProps {
  art: Art;
  /** The accessible name; without one the picture is decoration. */
  title?: string;
  className?: string;
}

/** The eight trigrams in the Later Heaven order, each bottom line first: 1 whole, 0 broken. */
const TRIGRAMS = ['010', '001', '011', '110', '000', '101', '100', '111'];

function Trigram({ lines, angle }: { lines: string; angle: number }) {
  return (
    <g transform={`rotate(${angle} 120 92) translate(120 10)`}>
      {[...lines].map((line, i) => (
        <path
          key={i}
          d={line === '1' ? 'M-11 0h22v3.4h-22z' : 'M-11 0h9v3.4h-9zM2 0h9v3.4h-9z'}
          transform={`translate(0 ${(2 - i) * 6})`}
        />
      ))}
    </g>
  );
}

/** A horizontal brush stroke, pressed at the start and lifted at the end. */
const dash = (x: number, y: number, length: number, width: number, rise = 0) => {
  const points: Point[] = Array.from({ length: 7 }, (_, i) => [
    x + (length * i) / 6,
    y - (rise * i) / 6 + Math.sin(i) * 0.6,
  ]);
  return stroke(points, swell(7, width * 0.7, width, width * 0.25));
};

const SCENES: Record<Art, () => ReactNode> = {
  // Xingyi: the five fists as five strokes of the brush, and a chop (pi quan) falling behind the stance.
  xingyiquan: () => (
    <>
      <g fillOpacity="0.22">
        <path
          d={stroke(
            [
              [206, 18],
              [150, 70],
              [96, 130],
            ],
            [4, 16, 3],
          )}
        />
        {[0, 1, 2, 3, 4].map((i) => (
          <path key={i} d={dash(18, 40 + i * 16, 30 - (i % 2) * 8, 7)} />
        ))}
      </g>
      <Figure pose={POSES.santi} x={30} y={4} />
    </>
  ),
  // Taiji: a brush circle, its two halves told by a dot of each colour, around single whip.
  taijiquan: () => (
    <>
      <g fillOpacity="0.2">
        <path d={enso(120, 90, 76, 15, 2.4, 0.06)} />
      </g>
      <circle cx="120" cy="40" r="5" fill={cinnabar[6]} />
      <circle cx="120" cy="140" r="5" fillOpacity="0.5" />
      <Figure pose={POSES.singleWhip} x={22} y={6} />
    </>
  ),
  // Bagua: the eight trigrams around the circle the palm changes walk.
  baguazhang: () => (
    <>
      <g fillOpacity="0.3">
        {TRIGRAMS.map((lines, i) => (
          <Trigram key={lines} lines={lines} angle={i * 45} />
        ))}
      </g>
      <g fillOpacity="0.2">
        <path d={enso(120, 160, 84, 6, 0.2, 0.12)} transform="translate(0 128) scale(1 0.2)" />
      </g>
      <Figure pose={POSES.circleWalk} x={26} y={2} />
    </>
  ),
};

/**
 * An ink painting of one of the three arts, drawn in the current text colour (ink on the light
 * page, rice-paper white on the dark one) with the school's seal in red.
 */
export function ArtIllustration({ art, title, className }: ArtIllustrationProps) {
  const id = useId();
  const named = title ? { role: 'img', 'aria-labelledby': `${id}t` } : { 'aria-hidden': true };
  return (
    <svg viewBox="0 0 240 190" className={className} focusable="false" {...named}>
      {title && <title id={`${id}t`}>{title}</title>}
      <InkTexture id={`${id}i`} />
      <g fill="currentColor" filter={`url(#${id}i)`}>
        {SCENES[art]()}
        <path
          d={stroke(
            [
              [40, 173],
              [120, 171],
              [200, 174],
            ],
            [1, 3, 0.8],
          )}
          fillOpacity="0.5"
        />
      </g>
      <Seal x={206} y={150} size={20} />
    </svg>
  );
}
