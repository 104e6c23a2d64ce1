/**
 * The school's design tokens, written once. `theme.ts` hands them to Mantine, which publishes
 * each as a CSS variable on the page (`--mantine-color-jade-6`, `--mantine-font-size-sm`,
 * `--mantine-h1-font-size`, `--mantine-spacing-md`, `--mantine-radius-md`, …); CSS modules use
 * only those variables, never a literal colour or size. Plain data, no imports: another site of
 * the school (a server-rendered public site, an e-mail template) can read the same values.
 */

/**
 * Jade green. Darker than Mantine's teal so that white text passes WCAG AA (4.5:1) on filled
 * buttons in every state: shade 8 (rest) is 7.5:1, shade 9 (hover) more, shade 6 (light
 * variant text) 5.3:1. On the dark page (#242424), shade 4 and lighter pass as text (5.6:1).
 */
export const jade = [
  '#e6f7f1',
  '#c9ecdf',
  '#98d8c0',
  '#63c3a0',
  '#3aae86',
  '#1f9a73',
  '#117a5b',
  '#0d7356',
  '#0a6149',
  '#07503c',
] as const;

/** Filled buttons and badges, links in the light scheme: jade shade 8. */
export const PRIMARY_SHADE = 8;

export const fontFamily =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "PingFang SC", "Microsoft YaHei", sans-serif';

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

export const headings = {
  fontWeight: '650',
  sizes: {
    h1: { fontSize: '2.125rem', lineHeight: '1.3' },
    h2: { fontSize: '1.625rem', lineHeight: '1.35' },
    h3: { fontSize: '1.375rem', lineHeight: '1.4' },
    h4: { fontSize: '1.125rem', lineHeight: '1.45' },
    h5: { fontSize: '1rem', lineHeight: '1.5' },
    h6: { fontSize: '0.875rem', lineHeight: '1.5' },
  },
} as const;

export const spacing = {
  xs: '0.625rem',
  sm: '0.75rem',
  md: '1rem',
  lg: '1.25rem',
  xl: '2rem',
} as const;

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
