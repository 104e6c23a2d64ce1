import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { documentTitle, type RouteHandle } from '../lib/page-title';

/** How long a page may take to show its heading (a lazy route, its first data) before giving up. */
const HEADING_WAIT_MS = 5000;

/** The title of the deepest route that names one. */
function useRouteTitle(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const title = (matches[i]!.handle as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return undefined;
}

/** Focuses the page's main heading, so a screen reader announces the page and Tab starts there. */
function focusHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return true;
}

/**
 * What a full page load gives for free and a client-side navigation does not: the document's
 * title names the new page (before a page's own `usePageTitle`, which refines it), and focus
 * moves to the new page's main heading once it is shown. The first load keeps the browser's focus.
 */
export function useNavigationAnnouncements(): void {
  const location = useLocation();
  const title = useRouteTitle();
  const first = useRef(true);

  // A layout effect runs before the pages' own effects, so a page's more specific title wins.
  useLayoutEffect(() => {
    document.title = documentTitle(title);
  }, [title, location.pathname]);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [location.pathname]);
}
