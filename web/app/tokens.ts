/**
 * The school's design tokens, written once (docs/decisions/0020-visual-identity.md).
 *
 * Two sites read them. The Mantine app: `theme.ts` hands them to Mantine, which publishes each as
 * a CSS variable (`--mantine-color-jade-6`, `--mantine-font-size-sm`, `--mantine-spacing-md`, …),
 * and its resolver adds the `--kw-*` variables below. The server-rendered public site, which
 * loads no Mantine: it puts `siteCssVariables()` in a stylesheet. CSS on either side uses only
 * variables, never a literal colour or size.
 *
 * The `--kw-*` variables, on `:root` for light and `[data-mantine-color-scheme='dark']` for dark:
 *
 *   --kw-color-page · -surface · -text · -text-muted · -border        the page and what sits on it
 *   --kw-color-primary-text · -primary-fill · -on-primary               jade: links, buttons
 *   --kw-color-accent-text · -accent-fill · -on-accent                  cinnabar: seal, highlights
 *   --kw-color-gold-text · -gold-fill                                   gold: text / ornament
 *   --kw-color-focus                                                    the focus ring (3:1)
 *   --kw-color-jade-0 … -9, -cinnabar-0 … -9, -gold-0 … -9, -stone-0 … -9, -ink-0 … -9
 *                                                                       the ramps, same in both schemes
 *   --kw-font-display · --kw-font-body · --kw-font-mono                 families with fallbacks
 *   --kw-fs-xs · -sm · -md · -lg · -xl · -h4 · -h3 · -h2 · -h1 · -display   type scale
 *   --kw-lh-tight · --kw-lh-body                                        line heights
 *   --kw-space-2xs · -xs · -sm · -md · -lg · -xl · -2xl · -3xl          spacing
 *   --kw-radius-xs · -sm · -md · -lg · -xl · -round                     corner radii
 *
 * Plain data and pure functions, no imports but the palette from common/brand.ts (which the
 * server's e-mails share).
 */
import { cinnabar, gold, ink, jade, schemes, stone, type Ramp, type SchemeColors } from '../../common/brand';

export { cinnabar, gold, ink, jade, schemes, stone, SCHOOL_NAME, SCHOOL_TAGLINE } from '../../common/brand';
export type { Ramp, SchemeColors } from '../../common/brand';

/** Filled buttons and badges, links in the light scheme: jade shade 8. */
export const PRIMARY_SHADE = 8;

/**
 * Fraunces (a soft, old-style display serif with brush-like terminals) for headings, Source Sans 3
 * for text. Each is followed by a local font whose metrics are adjusted to it (web/app/fonts.css),
 * so the swap when the web font arrives moves nothing; then the CJK system fonts for 館 and names.
 */
export const fontFamilies = {
  display:
    'Fraunces, "Fraunces Fallback Georgia", "Fraunces Fallback Times", Georgia, "Times New Roman", "Noto Serif SC", "Songti SC", serif',
  body: '"Source Sans 3", "Source Sans 3 Fallback", system-ui, -apple-system, "Segoe UI", Roboto, Arial, "Noto Sans", "PingFang SC", "Microsoft YaHei", sans-serif',
  mono: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace',
} as const;

/** The app's body text: kept under its old name for Mantine's theme. */
export const fontFamily = fontFamilies.body;

/**
 * The font files worth a `<link rel="preload">`: the two upright faces every page uses. Vite names
 * them `<name>-<hash>.woff2`; match on the name. The italic loads only where italic text appears.
 */
export const PRELOAD_FONT_FILES = ['fraunces-latin-wght-normal', 'source-sans-3-latin-wght-normal'] as const;

/** Body text sizes: a step of 2 px from 12 px (captions) to 20 px (lead text). */
export const fontSizes = {
  xs: '0.75rem',
  sm: '0.875rem',
  md: '1rem',
  lg: '1.125rem',
  xl: '1.25rem',
} as const;

export const lineHeights = {
  xs: '1.4',
  sm: '1.45',
  md: '1.55',
  lg: '1.6',
  xl: '1.65',
} as const;

/** Headings in Fraunces: a serif reads large at a lighter weight than a sans, so 600, not 700. */
export const headings = {
  fontWeight: '600',
  sizes: {
    h1: { fontSize: '2.25rem', lineHeight: '1.2' },
    h2: { fontSize: '1.75rem', lineHeight: '1.25' },
    h3: { fontSize: '1.375rem', lineHeight: '1.3' },
    h4: { fontSize: '1.125rem', lineHeight: '1.35' },
    h5: { fontSize: '1rem', lineHeight: '1.45' },
    h6: { fontSize: '0.875rem', lineHeight: '1.45' },
  },
} as const;

/** The public site's hero title: fluid between a phone and a wide screen. */
export const DISPLAY_FONT_SIZE = 'clamp(2.5rem, 1.5rem + 4vw, 4.25rem)';

export const spacing = {
  xs: '0.625rem',
  sm: '0.75rem',
  md: '1rem',
  lg: '1.25rem',
  xl: '2rem',
} as const;

/** The public site's section rhythm, above Mantine's scale. */
const siteSpacing = { '2xs': '0.25rem', ...spacing, '2xl': '3rem', '3xl': '5rem' } as const;

export const radius = {
  xs: '0.125rem',
  sm: '0.25rem',
  md: '0.5rem',
  lg: '1rem',
  xl: '2rem',
} as const;

/** Controls, cards and dialogs take this radius unless told otherwise. */
export const DEFAULT_RADIUS = 'md';

/**
 * Mantine's breakpoints: phones below `sm`, the course page's two columns from `md`. CSS modules
 * read them as `$mantine-breakpoint-sm` … (vite.config.ts hands them to postcss-simple-vars).
 */
export const breakpoints = {
  xs: '36em',
  sm: '48em',
  md: '62em',
  lg: '75em',
  xl: '88em',
} as const;

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** A scheme's role colours as `--kw-color-*` variables. */
export function schemeVariables(scheme: SchemeColors): Record<string, string> {
  return Object.fromEntries(
    Object.entries(scheme).map(([role, value]) => [`--kw-color-${kebab(role)}`, value]),
  );
}

/** What does not change with the scheme: ramps, families, sizes, spacing, radii. */
export function staticVariables(): Record<string, string> {
  const ramps: Record<string, Ramp> = { jade, cinnabar, gold, stone, ink };
  const variables: Record<string, string> = {};
  for (const [name, ramp] of Object.entries(ramps))
    ramp.forEach((value, shade) => (variables[`--kw-color-${name}-${shade}`] = value));
  for (const [name, value] of Object.entries(fontFamilies)) variables[`--kw-font-${name}`] = value;
  for (const [name, value] of Object.entries(fontSizes)) variables[`--kw-fs-${name}`] = value;
  for (const level of ['h4', 'h3', 'h2', 'h1'] as const)
    variables[`--kw-fs-${level}`] = headings.sizes[level].fontSize;
  variables['--kw-fs-display'] = DISPLAY_FONT_SIZE;
  variables['--kw-lh-tight'] = headings.sizes.h2.lineHeight;
  variables['--kw-lh-body'] = lineHeights.md;
  for (const [name, value] of Object.entries(siteSpacing)) variables[`--kw-space-${name}`] = value;
  for (const [name, value] of Object.entries(radius)) variables[`--kw-radius-${name}`] = value;
  variables['--kw-radius-round'] = '999px';
  return variables;
}

const declarations = (variables: Record<string, string>) =>
  Object.entries(variables)
    .map(([name, value]) => `${name}:${value};`)
    .join('');

/**
 * The tokens as CSS for a page without Mantine: custom properties on `:root` (light), and the
 * dark scheme's colours where web/public/color-scheme.js marks the page dark.
 */
export function siteCssVariables(): string {
  return (
    `:root{color-scheme:light;${declarations({ ...staticVariables(), ...schemeVariables(schemes.light) })}}\n` +
    `[data-mantine-color-scheme='dark']{color-scheme:dark;${declarations(schemeVariables(schemes.dark))}}\n`
  );
}
