import { gold } from '../../../common/brand';
import { curve, stroke, type Point } from './brush';

/** A figure's joints in a 200 × 180 box, feet on the ground at y ≈ 168. */
export interface Pose {
  head: Point;
  neck: Point;
  hip: Point;
  /** Elbow, then hand, for the leading and the rear arm. */
  lead: [Point, Point];
  rear: [Point, Point];
  /** Knee, then foot. */
  front: [Point, Point];
  back: [Point, Point];
  /** The robe's hem: where the skirt of the jacket falls either side of the hip. */
  hem: [Point, Point];
}

export const POSES = {
  // Xingyi's san ti: weight back, lead hand forward at the height of the heart, rear hand at the navel.
  santi: {
    head: [99, 30],
    neck: [101, 46],
    hip: [108, 100],
    lead: [
      [80, 62],
      [54, 66],
    ],
    rear: [
      [116, 78],
      [100, 94],
    ],
    front: [
      [86, 132],
      [68, 166],
    ],
    back: [
      [122, 136],
      [128, 167],
    ],
    hem: [
      [92, 118],
      [124, 116],
    ],
  },
  // Taiji's single whip: open to both sides, the left palm pushing out, the right hand a hook.
  singleWhip: {
    head: [100, 34],
    neck: [100, 49],
    hip: [101, 100],
    lead: [
      [72, 56],
      [44, 54],
    ],
    rear: [
      [130, 54],
      [158, 60],
    ],
    front: [
      [76, 130],
      [58, 166],
    ],
    back: [
      [124, 134],
      [144, 167],
    ],
    hem: [
      [84, 118],
      [118, 118],
    ],
  },
  // Bagua's circle walking: body turned to the centre, the lead palm at eye height, the other under the elbow.
  circleWalk: {
    head: [95, 32],
    neck: [98, 47],
    hip: [105, 100],
    lead: [
      [74, 52],
      [58, 36],
    ],
    rear: [
      [92, 74],
      [76, 70],
    ],
    front: [
      [90, 134],
      [78, 167],
    ],
    back: [
      [120, 136],
      [132, 165],
    ],
    hem: [
      [90, 120],
      [122, 118],
    ],
  },
} satisfies Record<string, Pose>;

const limb = (from: Point, joint: Point, to: Point, widths: [number, number, number]) => {
  const bend: Point = [joint[0] * 2 - (from[0] + to[0]) / 2, joint[1] * 2 - (from[1] + to[1]) / 2];
  const points = curve(from, bend, to, 6);
  return stroke(
    points,
    points.map((_, i) => {
      const t = i / 6;
      return t < 0.5
        ? widths[0] + (widths[1] - widths[0]) * t * 2
        : widths[1] + (widths[2] - widths[1]) * (t - 0.5) * 2;
    }),
  );
};

/**
 * A practitioner in a few brush strokes, in the current colour: a round head, a jacket that
 * flares below a gold sash, limbs that thin from the body out. `x`, `y` and `scale` place the 200 × 180 box.
 */
export function Figure({
  pose,
  x = 0,
  y = 0,
  scale = 1,
}: {
  pose: Pose;
  x?: number;
  y?: number;
  scale?: number;
}) {
  const { head, neck, hip, lead, rear, front, back, hem } = pose;
  const shoulder: Point = [neck[0], neck[1] + 6];
  const robe = `M${neck[0] - 8} ${neck[1] + 4}L${neck[0] + 8} ${neck[1] + 4}Q${hip[0] + 12} ${hip[1] - 20} ${hem[1][0]} ${hem[1][1]}L${hem[0][0]} ${hem[0][1]}Q${hip[0] - 12} ${hip[1] - 20} ${neck[0] - 8} ${neck[1] + 4}Z`;
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`} fill="currentColor">
      <circle cx={head[0]} cy={head[1]} r="9.5" />
      <path d={robe} />
      <path d={limb(shoulder, lead[0], lead[1], [9, 7, 4.5])} />
      <path d={limb(shoulder, rear[0], rear[1], [9, 7, 4.5])} />
      <path d={limb(hip, front[0], front[1], [13, 9, 5])} />
      <path d={limb(hip, back[0], back[1], [13, 9, 5])} />
      {/* The sash, in gold: where a painter would leave the paper bare. */}
      <path
        d={stroke(
          [
            [hip[0] - 12, hip[1] - 13],
            [hip[0] + 12, hip[1] - 15],
          ],
          [3.5, 2.5],
        )}
        fill={gold[5]}
      />
    </g>
  );
}
