import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * Jade green. Darker than Mantine's teal so that white text passes WCAG AA (4.5:1) on filled
 * buttons in every state: shade 8 (rest) is 7.5:1, shade 9 (hover) more, shade 6 (light
 * variant text) 5.3:1.
 */
const jade: MantineColorsTuple = [
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
];

export const theme = createTheme({
  colors: { jade },
  primaryColor: 'jade',
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "PingFang SC", "Microsoft YaHei", sans-serif',
  headings: { fontWeight: '650' },
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
 * Mantine's default dimmed grey and error red (shade 6) are below 4.5:1 on white; darker shades pass.
 * Even shade 9 of yellow and orange is too light for text on a light alert (2.7:1 and 3.9:1), so
 * their light-variant text is a darker amber and rust (6.5:1 and 5.8:1, above 5:1 on light blue too).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-yellow-light-color': '#7a4d00',
    '--mantine-color-orange-light-color': '#a63c06',
  },
  dark: {},
});
