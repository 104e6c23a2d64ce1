/**
 * Roughens the edges of what it is applied to, as ink bleeds into paper: a fixed fractal noise
 * displaces each pixel by a pixel or two. One small filter per drawing, cheap to render.
 */
export function InkTexture({ id, scale = 2.5 }: { id: string; scale?: number }) {
  return (
    <filter id={id} x="-5%" y="-5%" width="110%" height="110%">
      <feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="7" />
      <feDisplacementMap in="SourceGraphic" scale={scale} />
    </filter>
  );
}
