/** The school's drawn identity: plain SVG in React, no UI library, for the app and the public site alike. */
export { ArtIllustration, type Art, type ArtIllustrationProps } from './art-illustration';
export { CoursePattern, type CoursePatternProps } from './course-pattern';
export { HeroArt } from './hero-art';
export { Logo, type LogoProps } from './logo';
