import { useEffect } from 'react';

const SITE = 'Kwoon';

/** The document title for a page: "Courses · Kwoon", or the site's name alone. */
export function documentTitle(page?: string): string {
  return page ? `${page} · ${SITE}` : `${SITE} · Chinese internal martial arts`;
}

/** A route's static title, read by the root layout (`handle: { title }` in web/app/routes.tsx). */
export interface RouteHandle {
  title?: string;
}

/**
 * Names the document after what the page shows once it knows it (a course's title), in place
 * of its route's generic one.
 */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = documentTitle(title);
  }, [title]);
}
