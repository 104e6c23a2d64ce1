import sanitizeHtml from 'sanitize-html';

/**
 * Where an embedded player may come from: one video's embed path on YouTube or Vimeo, over https,
 * judged on the address as the browser resolves it (so `/embed/../..` leads nowhere else). Any
 * other frame could run someone else's page inside ours.
 */
const PLAYER_PATHS: Record<string, RegExp> = {
  'www.youtube.com': /^\/embed\/[\w-]+$/,
  'www.youtube-nocookie.com': /^\/embed\/[\w-]+$/,
  'player.vimeo.com': /^\/video\/\d+$/,
};

function isPlayer(src: string): boolean {
  if (!src.startsWith('https://')) return false;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  const path = PLAYER_PATHS[url.hostname];
  // The address as written must be the one resolved: no dot segments, credentials or port.
  return Boolean(path?.test(url.pathname)) && url.port === '' && url.username === '' && src === url.href;
}

/** An image from the web (http/https) or from our own media store. */
const IMAGE_SOURCE = /^(?:https?:\/\/[^\s]+|\/media\/[^\s]+)$/i;

/**
 * What a post's content may hold: the formatting an editor needs and nothing that runs. Scripts
 * and styles are dropped with their text, event-handler attributes never pass (only the listed
 * attributes do), links keep http, https and mailto addresses, images come from the web or from
 * /media, and frames only from the players above, with no permissions delegated. A link opening a new tab gets rel="noopener
 * noreferrer", so the opened page cannot reach back into ours.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'iframe',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    // No `allow`: a player needs no camera, microphone or location, and none is delegated to it.
    iframe: ['src', 'title', 'width', 'height', 'allowfullscreen', 'frameborder'],
    ol: ['start'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: ['www.youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'],
  // The post's title is its only h1; deeper headings than the editor offers become h4.
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (tagName, attribs) => {
      const { target, rel: _rel, ...rest } = attribs;
      return {
        tagName,
        attribs: target === '_blank' ? { ...rest, target, rel: 'noopener noreferrer' } : rest,
      };
    },
  },
  exclusiveFilter: (frame) => {
    if (frame.tag === 'iframe') return !isPlayer(frame.attribs.src ?? '');
    if (frame.tag === 'img') return !IMAGE_SOURCE.test(frame.attribs.src ?? '');
    return false;
  },
};

/** A post's content as it may be stored and shown. */
export const sanitizeContent = (html: string): string => sanitizeHtml(html, OPTIONS).trim();

/** Whether sanitised content still shows anything: text, an image or a player. */
export const hasVisibleContent = (html: string): boolean =>
  /<(img|iframe|hr)\b/i.test(html) ||
  sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .trim().length > 0;
