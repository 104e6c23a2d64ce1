import { createTheme, type CSSVariablesResolver } from '@mantine/core';
import {
  DEFAULT_RADIUS,
  breakpoints,
  cinnabar,
  fontFamilies,
  fontSizes,
  gold,
  headings,
  ink,
  jade,
  lineHeights,
  PRIMARY_SHADE,
  radius,
  schemes,
  schemeVariables,
  spacing,
  staticVariables,
  stone,
} from './tokens';

export const theme = createTheme({
  // The school's greys replace Mantine's: `gray` the warm stone of the light scheme, `dark` the ink of the dark one.
  colors: { jade: [...jade], cinnabar: [...cinnabar], gold: [...gold], gray: [...stone], dark: [...ink] },
  primaryColor: 'jade',
  primaryShade: PRIMARY_SHADE,
  defaultRadius: DEFAULT_RADIUS,
  fontFamily: fontFamilies.body,
  fontFamilyMonospace: fontFamilies.mono,
  fontSizes,
  lineHeights,
  headings: { fontFamily: fontFamilies.display, ...headings },
  spacing,
  radius,
  breakpoints,
  // Plain objects rather than Component.extend(), so the public bundle does not pull in every component.
  components: {
    // Icon-only close buttons (dialogs, toasts) need a name for screen readers.
    CloseButton: { defaultProps: { 'aria-label': 'Close' } },
    // A dialog's <header> outside <main> would count as a second page banner.
    Modal: { defaultProps: { attributes: { header: { role: 'none' } } } },
    Avatar: { defaultProps: { variant: 'filled' } },
    // A spinner's aria-label ('Loading reviews') is only allowed, and only read, on an element with a role.
    Loader: { defaultProps: { role: 'status' } },
  },
});

/**
 * The `--kw-*` tokens (tokens.ts) for the app's own CSS and the brand art, the body and text
 * colours of each scheme from the palette, and colours that pass WCAG AA (4.5:1 for text, 3:1 for a focus ring) where Mantine's defaults do
 * not, and a few roles of our own that change with the scheme: `--kwoon-color-surface-muted`
 * (the public footer), `--kwoon-color-divider` (rules between header, page and footer) and
 * `--kwoon-color-focus` (the focus ring, global.css). Mantine's body colour is the scheme's
 * surface (cards, bars); the page behind them is `--kw-color-page` (global.css).
 *
 * Light (on the cream page and its surfaces): the default dimmed grey and error red (shade 6) are
 * below 4.5:1; darker shades pass. Even shade 9 of yellow and orange is too light for text on a light alert (2.7:1 and
 * 3.9:1), so their light-variant text is a darker amber and rust (6.5:1 and 5.8:1, above 5:1 on
 * light blue too).
 *
 * Dark (on the ink page, dark-7 surfaces and dark-6 cards and inputs): the default dimmed grey
 * (dark-2), placeholder (dark-3) and error red (red-8) fail; dark-1, #a39a8c in an input and red-4
 * pass. Mantine's other dark colours pass: light
 * variants are dark tints under shade-0 text, and `c="jade"` is shade 4 (5.6:1). A shade named in
 * the markup (`c="red.9"`) is the same in both schemes, so text colours are named without one,
 * or by role (`var(--mantine-color-error)`).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: staticVariables(),
  light: {
    ...schemeVariables(schemes.light),
    '--mantine-color-body': schemes.light.surface,
    '--mantine-color-text': schemes.light.text,
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-yellow-light-color': '#7a4d00',
    '--mantine-color-orange-light-color': '#a63c06',
    '--kwoon-color-surface-muted': 'var(--mantine-color-gray-0)',
    '--kwoon-color-divider': 'var(--mantine-color-gray-3)',
    '--kwoon-color-focus': 'var(--mantine-primary-color-filled)',
  },
  dark: {
    ...schemeVariables(schemes.dark),
    '--mantine-color-body': schemes.dark.surface,
    '--mantine-color-text': schemes.dark.text,
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': '#a39a8c',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--kwoon-color-surface-muted': 'var(--mantine-color-dark-8)',
    '--kwoon-color-divider': 'var(--mantine-color-dark-4)',
    '--kwoon-color-focus': 'var(--mantine-color-jade-4)',
  },
});
