import sanitizeHtml from 'sanitize-html';

/**
 * Where an embedded player may come from: the embed paths of YouTube and Vimeo, over https. Any
 * other frame could run someone else's page inside ours.
 */
const PLAYER =
  /^https:\/\/(?:www\.youtube\.com\/embed\/|www\.youtube-nocookie\.com\/embed\/|player\.vimeo\.com\/video\/)[^\s]+$/;

/** An image from the web (http/https) or from our own media store. */
const IMAGE_SOURCE = /^(?:https?:\/\/[^\s]+|\/media\/[^\s]+)$/i;

/**
 * What a post's content may hold: the formatting an editor needs and nothing that runs. Scripts
 * and styles are dropped with their text, event-handler attributes never pass (only the listed
 * attributes do), links keep http, https and mailto addresses, images come from the web or from
 * /media, and frames only from the players above. A link opening a new tab gets rel="noopener
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
    iframe: ['src', 'title', 'width', 'height', 'allow', 'allowfullscreen', 'frameborder'],
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
    if (frame.tag === 'iframe') return !PLAYER.test(frame.attribs.src ?? '');
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
