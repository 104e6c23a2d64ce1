import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The client entry of the public site, as Vite's manifest names it (vite.config.ts). */
export const SITE_ENTRY = 'site/entry-client.tsx';

/** What every public page loads besides its HTML. */
export interface SiteAssets {
  /** The site's stylesheet, inlined: no request stands between the HTML and the first paint. */
  css: string;
  /** The island loader, a module script. */
  entry: string | null;
  /** Its static imports, fetched in parallel with it. */
  modulePreloads: string[];
  /** Font files the stylesheet uses, preloaded so text does not wait for the CSS to be parsed. */
  fontPreloads: string[];
  /** Development: scripts of the Vite dev server that serves the modules. */
  devScripts: string[];
  /** The colour scheme script to inline in <head> (loadColorSchemeScript), or null to load it. */
  colorSchemeScript: string | null;
}

/**
 * web/public/color-scheme.js as built into `webRoot`, without its leading comment, for the public
 * pages to inline: loaded from <head> it blocked the first paint for a round trip. The content
 * security policy allows it by its hash (inlineScriptHash), worked out from the same text at
 * start, so the two cannot drift apart. Null without a build: the pages then load the file.
 */
export function loadColorSchemeScript(webRoot: string): string | null {
  const file = path.join(webRoot, 'color-scheme.js');
  if (!existsSync(file)) return null;
  return readFileSync(file, 'utf8')
    .replace(/^\/\*[\s\S]*?\*\/\s*/, '')
    .trim();
}

/** A CSP source allowing one inline script by the SHA-256 of its exact text. */
export const inlineScriptHash = (script: string) =>
  `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

const FONT_URL = /url\((\/assets\/[^)]+\.woff2)\)/g;

/**
 * Reads the built site's files from Vite's manifest in `webRoot` (dist/web). Without a build,
 * in development the pages load the modules from the Vite dev server (scripts/dev.mjs proxies
 * the public pages to this server); in tests they are HTML only.
 */
export function loadSiteAssets(webRoot: string, development: boolean): SiteAssets {
  const manifestPath = path.join(webRoot, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    return {
      css: '',
      entry: null,
      modulePreloads: [],
      fontPreloads: [],
      devScripts: development ? ['/@vite/client', '/site/dev-preamble.js', `/${SITE_ENTRY}`] : [],
      colorSchemeScript: loadColorSchemeScript(webRoot),
    };
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[SITE_ENTRY];
  if (!entry) throw new Error(`${manifestPath} has no ${SITE_ENTRY}: build the web app again`);
  const imports = new Set<string>();
  const visit = (key: string) => {
    for (const imported of manifest[key]?.imports ?? []) {
      if (imports.has(imported)) continue;
      imports.add(imported);
      visit(imported);
    }
  };
  visit(SITE_ENTRY);
  // A stylesheet the app shares (the fonts) sits with a shared chunk: the entry's and its imports'.
  const cssFiles = [SITE_ENTRY, ...imports].flatMap((key) => manifest[key]?.css ?? []);
  const css = [...new Set(cssFiles)].map((file) => readFileSync(path.join(webRoot, file), 'utf8')).join('\n');
  return {
    css,
    entry: `/${entry.file}`,
    modulePreloads: [...imports].map((key) => `/${manifest[key]!.file}`),
    // Upright faces only: the pages set no italic of their own (only a post's <em> asks for it),
    // and on a phone's bandwidth its 30 kB delayed the first paint of the text.
    fontPreloads: [...new Set([...css.matchAll(FONT_URL)].map((match) => match[1]!))].filter(
      (font) => !font.includes('-italic-'),
    ),
    devScripts: [],
    colorSchemeScript: loadColorSchemeScript(webRoot),
  };
}
