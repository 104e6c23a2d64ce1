/**
 * The school's name and colours. Plain constants in common/ because three places draw with them
 * and none may import another: the Mantine app (web/app/tokens.ts re-exports them), the brand art
 * (web/components/brand/) and the e-mails the server sends (server/platform/mail-html.ts). The
 * figures behind each choice are in docs/decisions/0020-visual-identity.md; web/app/theme.test.tsx
 * holds every text colour to WCAG AA on the backgrounds it is used on.
 */

export const SCHOOL_NAME = 'Kwoon';
export const SCHOOL_TAGLINE = 'Chinese internal martial arts';

/** A colour ramp, lightest (0) to darkest (9), as Mantine takes one. */
export type Ramp = readonly [string, string, string, string, string, string, string, string, string, string];

/**
 * Jade green, the primary colour: buttons, links, the active navigation. Darker than Mantine's
 * teal so that white text passes AA on filled buttons in every state: shade 8 (rest) is 7.5:1,
 * shade 9 (hover) more; shade 6 (light-variant text) is 5.3:1 on white.
 */
export const jade: Ramp = [
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

/** Cinnabar, the red of a seal's paste: the accent, used sparingly (the seal, a highlight, a badge). */
export const cinnabar: Ramp = [
  '#fdf1ee',
  '#f9ddd6',
  '#f1b7a9',
  '#ea8f7b',
  '#e06a52',
  '#d24d36',
  '#c03a25',
  '#b3261e',
  '#951f18',
  '#771913',
];

/** Warm gold, for rules, stars and the lines of the course covers; as text only in its dark shades. */
export const gold: Ramp = [
  '#fbf6e8',
  '#f4e6c2',
  '#ead093',
  '#e0ba63',
  '#d6a742',
  '#c4922c',
  '#a77a1d',
  '#8a6315',
  '#6d4e10',
  '#533b0c',
];

/**
 * Warm greys of rice paper and ink wash, in place of Mantine's blue-greys so that borders and
 * muted text sit on the cream page without a cold cast.
 */
export const stone: Ramp = [
  '#f9f6f0',
  '#f2ede3',
  '#e9e2d5',
  '#ddd4c4',
  '#cdc3b1',
  '#aea391',
  '#8a806f',
  '#5a5247',
  '#3b352e',
  '#221e19',
];

/**
 * Ink, the dark scheme's greys (Mantine's `dark` ramp: 0 is text, 7 the body, 8 the page). Warm,
 * like ink on a dark stone, rather than Mantine's neutral #242424.
 */
export const ink: Ramp = [
  '#e9e3d7',
  '#c4bcae',
  '#a09787',
  '#7c7466',
  '#575046',
  '#403a32',
  '#2e2924',
  '#231f1a',
  '#1a1713',
  '#110f0c',
];

/** A colour scheme's roles. Each `*Text` colour passes 4.5:1 on `page` and on `surface`. */
export interface SchemeColors {
  /** The page behind everything. */
  page: string;
  /** Cards, bars, dialogs: one step off the page. */
  surface: string;
  text: string;
  textMuted: string;
  border: string;
  /** Links and primary text (jade). */
  primaryText: string;
  /** Filled buttons, and the text on them. */
  primaryFill: string;
  onPrimary: string;
  /** Accent text (cinnabar). */
  accentText: string;
  accentFill: string;
  onAccent: string;
  /** Gold as text (dark shades in light, light shades in dark). */
  goldText: string;
  /** Gold for rules and ornament, never for text. */
  goldFill: string;
  /** Focus ring: 3:1 on the page at least. */
  focus: string;
}

export const schemes: { light: SchemeColors; dark: SchemeColors } = {
  light: {
    page: '#f5f0e6',
    surface: '#fffdf8',
    text: '#1d1a16',
    textMuted: stone[7],
    border: stone[3],
    primaryText: jade[8],
    primaryFill: jade[8],
    onPrimary: '#ffffff',
    accentText: cinnabar[7],
    accentFill: cinnabar[7],
    onAccent: '#ffffff',
    goldText: gold[8],
    goldFill: gold[5],
    focus: jade[8],
  },
  dark: {
    page: ink[8],
    surface: ink[7],
    text: ink[0],
    textMuted: ink[1],
    border: ink[5],
    primaryText: jade[4],
    primaryFill: jade[8],
    onPrimary: '#ffffff',
    accentText: cinnabar[3],
    accentFill: cinnabar[7],
    onAccent: '#ffffff',
    goldText: gold[3],
    goldFill: gold[4],
    focus: jade[4],
  },
};

/** The seal's red and the paper it is pressed on: the logo is the same in both schemes. */
export const SEAL_RED = cinnabar[7];
export const SEAL_PAPER = '#fbf6ec';
