import { useId, type ReactNode } from 'react';
import { cinnabar, gold, ink, jade, stone } from '../../../common/brand';
import type { Art } from './art-illustration';
import { enso } from './brush';
import { createRandom, pick } from './random';

export interface CoursePatternProps {
  /** The course id: the same id always draws the same cover. */
  seed: string;
  /** The accessible name; without one the cover is decoration (the card's title names the course). */
  title?: string;
  /** The course's art, which leans the choice of motif towards that art's own. */
  art?: Art;
  className?: string;
}

/** Ground and line colours that go together, all from the palette, each line ≥ 3:1 on its ground. */
const COLOURWAYS = [
  { ground: jade[8], line: gold[3], disc: cinnabar[5] },
  { ground: cinnabar[8], line: gold[2], disc: gold[4] },
  { ground: ink[8], line: gold[4], disc: cinnabar[6] },
  { ground: stone[1], line: jade[7], disc: cinnabar[7] },
  { ground: gold[1], line: cinnabar[8], disc: jade[8] },
  { ground: jade[9], line: jade[3], disc: gold[4] },
  { ground: ink[7], line: cinnabar[3], disc: gold[5] },
] as const;
type Colourway = (typeof COLOURWAYS)[number];

type Motif = 'trigrams' | 'clouds' | 'lattice' | 'waves' | 'rings';
const MOTIFS_BY_ART: Record<Art, Motif[]> = {
  baguazhang: ['trigrams', 'trigrams', 'rings'],
  taijiquan: ['waves', 'clouds', 'rings'],
  xingyiquan: ['lattice', 'clouds', 'trigrams'],
};
const ALL_MOTIFS: Motif[] = ['trigrams', 'clouds', 'lattice', 'waves', 'rings'];

/** One tile of each motif: its size and its marks, in the line colour (waves also in the ground's). */
const TILES: Record<Motif, { size: [number, number]; draw: (c: Colourway) => ReactNode }> = {
  trigrams: {
    size: [48, 48],
    draw: () => (
      <path d="M4 6h16v3H4zM4 12h16v3H4zM4 18h7v3H4zM13 18h7v3h-7zM28 30h16v3H28zM28 36h7v3h-7zM37 36h7v3h-7zM28 42h16v3H28z" />
    ),
  },
  clouds: {
    size: [64, 40],
    draw: () => (
      <path
        fill="none"
        strokeWidth="2"
        strokeLinecap="round"
        d="M6 30c-2-9 10-13 14-6c0-8 12-9 14-2c5-3 11 1 9 6M28 12c2-4 8-4 9 0M38 10c3-2 7 0 6 4M40 34c-1-5 6-7 8-3c1-4 8-4 9 1"
      />
    ),
  },
  lattice: {
    size: [28, 28],
    draw: () => <path fill="none" strokeWidth="1.6" d="M0 14L14 0L28 14L14 28ZM11 11h6v6h-6z" />,
  },
  waves: {
    size: [40, 20],
    draw: (c) => (
      <g strokeWidth="1.5">
        {[
          [20, 10],
          [0, 20],
          [40, 20],
        ].map(([x, y]) =>
          [19, 13, 7].map((r) => <circle key={`${x}${y}${r}`} cx={x} cy={y} r={r} fill={c.ground} />),
        )}
      </g>
    ),
  },
  rings: {
    size: [32, 32],
    draw: () => (
      <g fill="none" strokeWidth="1.4">
        {[
          [0, 0],
          [32, 0],
          [0, 32],
          [32, 32],
          [16, 16],
        ].map(([x, y]) => (
          <circle key={`${x}${y}`} cx={x} cy={y} r="16" />
        ))}
      </g>
    ),
  },
};

/**
 * A course's default cover, generated from its id: a colourway of the palette, a traditional
 * motif (trigrams, cloud scrolls, lattice, waves, interlocking rings) at a chosen scale and
 * angle, and one of three compositions (a sun over the field, a band across it, a medallion).
 * 320 × 180; it fills its box (`slice`), so the box sets the size and nothing shifts.
 */
export function CoursePattern({ seed, title, art, className }: CoursePatternProps) {
  const id = useId();
  const random = createRandom(seed);
  const colours = pick(random, COLOURWAYS);
  const motif = pick(random, art ? MOTIFS_BY_ART[art] : ALL_MOTIFS);
  const tile = TILES[motif];
  const scale = 0.8 + random() * 0.7;
  const angle = pick(random, [0, 0, 45, -20, 15]);
  const composition = pick(random, ['sun', 'band', 'medallion'] as const);
  const cx = 70 + random() * 180;
  // A sun stays whole inside the cover, its ring included.
  const radius = 28 + random() * 26;
  const cy = radius + 16 + random() * (148 - 2 * radius);
  const named = title ? { role: 'img', 'aria-labelledby': `${id}t` } : { 'aria-hidden': true };
  const field = `url(#${id}p)`;

  return (
    <svg
      viewBox="0 0 320 180"
      preserveAspectRatio="xMidYMid slice"
      width="100%"
      height="100%"
      className={className}
      focusable="false"
      data-motif={motif}
      data-composition={composition}
      {...named}
    >
      {title && <title id={`${id}t`}>{title}</title>}
      <defs>
        <pattern
          id={`${id}p`}
          width={tile.size[0]}
          height={tile.size[1]}
          patternUnits="userSpaceOnUse"
          patternTransform={`rotate(${angle}) scale(${scale.toFixed(2)})`}
        >
          <g fill={colours.line} stroke={colours.line}>
            {tile.draw(colours)}
          </g>
        </pattern>
      </defs>
      <rect width="320" height="180" fill={colours.ground} />
      {composition === 'sun' && (
        <>
          <rect width="320" height="180" fill={field} opacity="0.3" />
          <circle cx={cx} cy={cy} r={radius} fill={colours.disc} />
          <circle
            cx={cx}
            cy={cy}
            r={radius + 8}
            fill="none"
            stroke={colours.line}
            strokeWidth="1.2"
            opacity="0.7"
          />
        </>
      )}
      {composition === 'band' && (
        <>
          <path d={`M0 ${cy + 30}L320 ${cy - 30}V${cy + 40}L0 ${cy + 100}Z`} fill={field} opacity="0.6" />
          <path
            d={`M0 ${cy + 24}L320 ${cy - 36}M0 ${cy + 106}L320 ${cy + 46}`}
            stroke={colours.line}
            strokeWidth="1.5"
          />
          <path d={enso(cx, 40, 22, 6, random() * 6)} fill={colours.disc} />
        </>
      )}
      {composition === 'medallion' && (
        <>
          <rect width="320" height="180" fill={field} opacity="0.25" />
          <circle cx={cx} cy="90" r="58" fill={colours.ground} stroke={colours.line} strokeWidth="2" />
          <circle cx={cx} cy="90" r="51" fill="none" stroke={colours.line} strokeWidth="0.8" />
          <path d={enso(cx, 90, 32, 9, random() * 6)} fill={colours.disc} />
        </>
      )}
    </svg>
  );
}
