import type { SiteAssets } from './site-assets';

/** What a page says about itself to browsers, search engines and link previews. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute address of the page's one true URL. */
  canonical: string;
  type: 'website' | 'article';
  /** Absolute address of the preview image. */
  image: string | null;
  /** schema.org objects, each written as its own JSON-LD block. */
  jsonLd: object[];
  /** Search engines should not index it (a post that is not found). */
  noindex?: boolean;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

/** JSON inside a script element: `<` is escaped so no value can close the element. */
const scriptJson = (value: object) => JSON.stringify(value).replace(/</g, '\\u003c');

function meta(attribute: 'name' | 'property', key: string, content: string) {
  return `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
}

/** The whole HTML document of a public page around its rendered body. */
export function renderDocument(
  head: PageHead,
  body: string,
  assets: SiteAssets,
  site: { name: string; rssUrl: string },
): string {
  const tags = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
    head.noindex ? meta('name', 'robots', 'noindex') : '',
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', site.name),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    head.image ? meta('property', 'og:image', head.image) : '',
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    head.image ? meta('name', 'twitter:image', head.image) : '',
    `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(site.name)} blog" href="${escapeHtml(site.rssUrl)}">`,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    ...assets.fontPreloads.map(
      (font) => `<link rel="preload" href="${font}" as="font" type="font/woff2" crossorigin>`,
    ),
    // Light or dark before the first paint, as in the app (web/index.html); inline, so the paint
    // waits for no request (the policy allows the script by its hash).
    assets.colorSchemeScript
      ? `<script>${assets.colorSchemeScript}</script>`
      : '<script src="/color-scheme.js"></script>',
    assets.css ? `<style>${assets.css}</style>` : '',
    ...assets.modulePreloads.map((file) => `<link rel="modulepreload" href="${file}">`),
    ...head.jsonLd.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ];
  const scripts = [
    ...assets.devScripts.map((src) => `<script type="module" src="${src}"></script>`),
    assets.entry ? `<script type="module" src="${assets.entry}"></script>` : '',
  ];
  return `<!doctype html><html lang="en"><head>${tags.filter(Boolean).join('')}</head><body>${body}${scripts.join('')}</body></html>`;
}
