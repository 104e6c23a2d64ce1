import { useSyncExternalStore } from 'react';

/**
 * Browser state for an island: what the server rendered (`serverValue`) during hydration, the
 * browser's own value right after, and again whenever it changes.
 */
function useBrowserState<T>(
  subscribe: (onChange: () => void) => () => void,
  read: () => T,
  serverValue: T,
): T {
  return useSyncExternalStore(subscribe, read, () => serverValue);
}

export function useMediaQuery(query: string): boolean {
  return useBrowserState(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    false,
  );
}

/** An attribute of <html>, such as the colour scheme the page shows. */
export function useRootAttribute(name: string): string | null {
  return useBrowserState(
    (onChange) => {
      const observer = new MutationObserver(onChange);
      observer.observe(document.documentElement, { attributes: true, attributeFilter: [name] });
      return () => observer.disconnect();
    },
    () => document.documentElement.getAttribute(name),
    null,
  );
}
