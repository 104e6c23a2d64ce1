import { island } from '../island';
import { useRootAttribute } from './use-browser-state';

const STORAGE_KEY = 'colorScheme';
const ATTRIBUTE = 'data-mantine-color-scheme';
const SYSTEM_DARK = '(prefers-color-scheme: dark)';

/**
 * The app's light/dark toggle for pages without Mantine: the same storage key and attribute as
 * web/public/color-scheme.js and the app's providers, so a choice made here holds in /app too.
 * Choosing the scheme the system is in stores "auto".
 */
function Toggle() {
  const isDark = useRootAttribute(ATTRIBUTE) === 'dark';

  const handleToggle = () => {
    const next = isDark ? 'light' : 'dark';
    const system = window.matchMedia(SYSTEM_DARK).matches ? 'dark' : 'light';
    try {
      window.localStorage.setItem(STORAGE_KEY, next === system ? 'auto' : next);
    } catch {
      // Storage refused (a private window): the choice holds for this page only.
    }
    document.documentElement.setAttribute(ATTRIBUTE, next);
  };

  return (
    <button
      type="button"
      className="kw-icon-button kw-scheme-toggle"
      aria-label="Dark theme"
      aria-pressed={isDark}
      onClick={handleToggle}
    >
      <svg className="kw-icon-moon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M12 3a6 6 0 0 0 9 9 9 9 0 1 1-9-9z" />
      </svg>
      <svg className="kw-icon-sun" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </svg>
    </button>
  );
}

export { Toggle as ColorSchemeToggleView };
export const ColorSchemeToggle = island('color-scheme-toggle', Toggle);
