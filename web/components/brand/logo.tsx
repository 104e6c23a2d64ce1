import { useId } from 'react';
import { SCHOOL_NAME } from '../../../common/brand';
import { Seal } from './seal';

export interface LogoProps {
  /** Height in pixels; the width follows. */
  size?: number;
  /** The accessible name; without one the logo is decoration (a link around it names itself). */
  title?: string;
  /** The seal alone, or the seal with the school's name beside it. */
  variant?: 'mark' | 'full';
  className?: string;
}

/**
 * The school's logo: a cinnabar seal carved with a brush circle, and in the full form the name
 * set in the display face, in the surrounding text colour so it reads in both schemes.
 */
export function Logo({ size = 40, title, variant = 'mark', className }: LogoProps) {
  const titleId = useId();
  const full = variant === 'full';
  const width = full ? 212 : 64;
  const named = title ? { role: 'img', 'aria-labelledby': titleId } : { 'aria-hidden': true };
  return (
    <svg
      viewBox={`0 0 ${width} 64`}
      width={(size * width) / 64}
      height={size}
      className={className}
      focusable="false"
      {...named}
    >
      {title && <title id={titleId}>{title}</title>}
      <Seal />
      {full && (
        <text
          x="80"
          y="47"
          fill="currentColor"
          fontFamily="Fraunces, Georgia, 'Times New Roman', serif"
          fontSize="44"
          fontWeight="600"
          letterSpacing="0.5"
          textLength="128"
          lengthAdjust="spacingAndGlyphs"
        >
          {SCHOOL_NAME}
        </text>
      )}
    </svg>
  );
}
