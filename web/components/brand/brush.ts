/*
 * Brush strokes as SVG paths, computed rather than stored: a stroke is a centre line with a width
 * at each point, outlined as one filled shape, which is how a brush leaves ink (thick where it
 * presses, thin where it lifts). Coordinates are rounded to a tenth to keep the markup short.
 */
export type Point = readonly [number, number];

const r = (n: number) => Math.round(n * 10) / 10;

/** The outline of a stroke along `points`, `widths[i]` wide at point i. */
export function stroke(points: readonly Point[], widths: readonly number[]): string {
  const left: string[] = [];
  const right: string[] = [];
  points.forEach(([x, y], i) => {
    const [px, py] = points[Math.max(0, i - 1)]!;
    const [nx, ny] = points[Math.min(points.length - 1, i + 1)]!;
    const length = Math.hypot(nx - px, ny - py) || 1;
    const half = (widths[i] ?? widths[widths.length - 1]!) / 2;
    const ox = (-(ny - py) / length) * half;
    const oy = ((nx - px) / length) * half;
    left.push(`${r(x + ox)} ${r(y + oy)}`);
    right.unshift(`${r(x - ox)} ${r(y - oy)}`);
  });
  return `M${left.join('L')}L${right.join('L')}Z`;
}

/** Points along a quadratic curve from `a` to `b` bent through `control`. */
export function curve(a: Point, control: Point, b: Point, steps = 8): Point[] {
  return Array.from({ length: steps + 1 }, (_, i) => {
    const t = i / steps;
    const u = 1 - t;
    return [
      u * u * a[0] + 2 * u * t * control[0] + t * t * b[0],
      u * u * a[1] + 2 * u * t * control[1] + t * t * b[1],
    ];
  });
}

/** Widths that swell from `start` to `peak` a third of the way along, then lift off to `end`. */
export function swell(count: number, start: number, peak: number, end: number): number[] {
  return Array.from({ length: count }, (_, i) => {
    const t = i / Math.max(1, count - 1);
    return t < 0.33 ? start + (peak - start) * (t / 0.33) : peak + (end - peak) * ((t - 0.33) / 0.67);
  });
}

/**
 * An ensō: a circle drawn in one breath, open where the brush lifted. `gap` is the open part of
 * the turn (0–1); the stroke is heaviest soon after it starts and dry at its tail.
 */
export function enso(
  cx: number,
  cy: number,
  radius: number,
  width: number,
  start = -1.2,
  gap = 0.08,
): string {
  const steps = 48;
  const sweep = Math.PI * 2 * (1 - gap);
  const points: Point[] = [];
  for (let i = 0; i <= steps; i++) {
    const angle = start + (sweep * i) / steps;
    const wobble = 1 + 0.012 * Math.sin(i * 0.35);
    points.push([cx + Math.cos(angle) * radius * wobble, cy + Math.sin(angle) * radius * wobble]);
  }
  return stroke(points, swell(points.length, width * 0.5, width, width * 0.15));
}

/**
 * A mountain range's silhouette between `x0` and `x1`, closed down to `bottom`: steep peaks, as a
 * painter stacks them, each a narrow bell with a little roughness on its slopes.
 */
export function ridge(
  random: () => number,
  {
    x0,
    x1,
    base,
    height,
    peaks,
    bottom,
  }: { x0: number; x1: number; base: number; height: number; peaks: number; bottom: number },
): string {
  const tops = Array.from({ length: peaks }, (_, i) => ({
    x: x0 + ((i + 0.2 + random() * 0.6) / peaks) * (x1 - x0),
    h: height * (0.45 + random() * 0.55),
    w: ((x1 - x0) / peaks) * (0.25 + random() * 0.25),
  }));
  const points: string[] = [];
  for (let x = x0; x <= x1; x += (x1 - x0) / 90) {
    // A pointed bell (power 1.4, not 2): steep near the summit, as the painted peaks of the south are.
    const rise = Math.max(...tops.map((top) => top.h * Math.exp(-(Math.abs((x - top.x) / top.w) ** 1.4))));
    points.push(`${r(x)} ${r(base - rise + (random() - 0.5) * 4)}`);
  }
  return `M${r(x0)} ${bottom}L${points.join('L')}L${r(x1)} ${bottom}Z`;
}
