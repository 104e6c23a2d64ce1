import classes from './skip-link.module.css';

/** The id of each layout's main region, which the skip link leads to. */
export const MAIN_ID = 'main-content';

/** The first stop of the Tab key: past the header and the navigation, to the page itself. */
export function SkipLink() {
  return (
    <a href={`#${MAIN_ID}`} className={classes.link}>
      Skip to main content
    </a>
  );
}
