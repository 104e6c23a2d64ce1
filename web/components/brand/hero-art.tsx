import { useId } from 'react';
import { cinnabar } from '../../../common/brand';
import { curve, ridge, stroke, swell, type Point } from './brush';
import { InkTexture } from './ink-texture';
import { createRandom } from './random';
import { Seal } from './seal';

/** A pad of pine needles: a flat cloud, scalloped on top, hanging from the tip of a branch. */
function needlePad(cx: number, cy: number, width: number, height: number): string {
  const bumps = Math.max(3, Math.round(width / 16));
  const step = width / bumps;
  let d = `M${cx - width / 2} ${cy}`;
  for (let i = 0; i < bumps; i++) {
    const x = cx - width / 2 + step * (i + 1);
    d += `Q${x - step / 2} ${cy - height * (0.9 + (i % 2) * 0.25)} ${x} ${cy - height * 0.15}`;
  }
  return `${d}Q${cx} ${cy + height * 0.55} ${cx - width / 2} ${cy}Z`;
}

const BRANCHES: { from: number; to: Point; pad: [number, number] }[] = [
  { from: 0.5, to: [96, 330], pad: [120, 34] },
  { from: 0.62, to: [404, 300], pad: [150, 40] },
  { from: 0.76, to: [188, 236], pad: [124, 34] },
  { from: 0.88, to: [380, 196], pad: [120, 32] },
  { from: 1, to: [286, 142], pad: [96, 30] },
];

/**
 * The landing page's painting, 600 × 720: a red sun over three ranges of mountains fading into
 * mist, a pine leaning from a cliff in the foreground, two birds, and the school's seal. Ink is
 * the current text colour; the mist is a fade of each range, so the painting sits on any page.
 */
export function HeroArt({ className }: { className?: string }) {
  const id = useId();
  const random = createRandom('kwoon-hero');
  const ranges = [
    { base: 390, height: 250, peaks: 6, opacity: 0.13 },
    { base: 480, height: 180, peaks: 7, opacity: 0.24 },
    { base: 580, height: 130, peaks: 5, opacity: 0.4 },
  ].map((range) => ({
    ...range,
    d: ridge(random, {
      x0: -10,
      x1: 610,
      base: range.base,
      height: range.height,
      peaks: range.peaks,
      bottom: range.base + 60,
    }),
  }));
  const trunk = curve([150, 600], [150, 390], [290, 150], 16);
  const branchAt = (t: number) => trunk[Math.round(t * (trunk.length - 1))]!;

  return (
    <svg
      viewBox="0 0 600 720"
      className={className}
      aria-hidden
      focusable="false"
      preserveAspectRatio="xMidYMid slice"
    >
      <defs>
        <InkTexture id={`${id}i`} scale={4} />
        <linearGradient id={`${id}m`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0.35" stopColor="#fff" />
          <stop offset="1" stopColor="#fff" stopOpacity="0" />
        </linearGradient>
        {ranges.map((range, i) => (
          <mask key={i} id={`${id}r${i}`} maskContentUnits="userSpaceOnUse">
            <rect
              x="0"
              y={range.base - range.height - 20}
              width="600"
              height={range.height + 80}
              fill={`url(#${id}m)`}
            />
          </mask>
        ))}
      </defs>
      <circle cx="430" cy="150" r="64" fill={cinnabar[6]} fillOpacity="0.85" />
      <g fill="currentColor" filter={`url(#${id}i)`}>
        {ranges.map((range, i) => (
          <path key={i} d={range.d} fillOpacity={range.opacity} mask={`url(#${id}r${i})`} />
        ))}
        {/* Two birds crossing the sun. */}
        <path d="M350 214q9-8 16 0q7-9 16-1q-8-3-16 4q-7-8-16-3z M392 236q6-5 11 0q5-6 11-1q-6-2-11 3q-5-5-11-2z" />
        {/* The cliff, with the dry strokes (cun) that give rock its grain. */}
        <path d="M-10 720L-10 590Q20 548 62 560Q96 520 138 552Q172 540 196 590Q222 604 236 648Q262 676 276 720Z" />
        <g fillOpacity="0.55">
          <path d={stroke(curve([210, 610], [180, 640], [200, 700]), swell(9, 3, 5, 1))} />
          <path d={stroke(curve([120, 570], [100, 620], [130, 690]), swell(9, 3, 6, 1))} />
        </g>
        <path d={stroke(trunk, swell(trunk.length, 30, 22, 7))} />
        {BRANCHES.map(({ from, to, pad }, i) => {
          const start = branchAt(from);
          const branch = curve(start, [(start[0] + to[0]) / 2, Math.min(start[1], to[1]) - 10], to, 6);
          return (
            <g key={i}>
              <path d={stroke(branch, swell(branch.length, 9, 7, 2.5))} />
              <path d={needlePad(to[0], to[1] + 4, pad[0], pad[1])} fillOpacity="0.92" />
              <path
                d={needlePad(to[0] + pad[0] * 0.12, to[1] + pad[1] * 0.55, pad[0] * 0.7, pad[1] * 0.6)}
                fillOpacity="0.5"
              />
            </g>
          );
        })}
      </g>
      <Seal x={520} y={630} size={46} />
    </svg>
  );
}
