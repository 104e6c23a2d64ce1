/*
 * Sets the colour scheme on <html> before the first paint, as Mantine's ColorSchemeScript would.
 * The app loads this file, blocking, from <head> (web/index.html); the public pages inline it
 * without this comment, and the content security policy allows it there by its hash
 * (server/modules/site/site-assets.ts). Kept in step with web/app/providers.tsx: the same storage
 * key, and "auto" (the system setting) when nothing is stored.
 */
(function () {
  try {
    var stored = window.localStorage.getItem('colorScheme');
    var scheme = stored === 'light' || stored === 'dark' ? stored : 'auto';
    if (scheme === 'auto') {
      scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    }
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  } catch {
    // No storage (a private window that refuses it): the app sets the scheme once it starts.
  }
})();
