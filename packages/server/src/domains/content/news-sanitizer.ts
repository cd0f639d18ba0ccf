import { NEWS_IMAGE_PATH_PREFIX } from '@tradedesk/contract';
import sanitizeHtml from 'sanitize-html';

/** Links may go to the web or to a mail client; nothing else (no javascript:, no data:). */
const LINK = /^(https?:\/\/|mailto:)/i;
/** Images from the web or our own public news images; never data: (a tracking-free blob of anything). */
const IMAGE = new RegExp(
  `^(https?://|${NEWS_IMAGE_PATH_PREFIX.replace(/\//g, '\\/')}[A-Za-z0-9._-]+$)`,
  'i',
);

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'p',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    'a',
    'img',
    'blockquote',
    'br',
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // Script and style bodies go with their tags instead of surviving as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // A kept link opens apart from the app and cannot reach back into it (window.opener).
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href?.trim() ?? '';
      if (!LINK.test(href)) return { tagName, attribs: {} };
      return { tagName, attribs: { href, rel: 'noopener noreferrer', target: '_blank' } };
    },
  },
  // An image whose source is gone (refused scheme) or not one we allow says nothing: dropped.
  exclusiveFilter: (frame) => frame.tag === 'img' && !IMAGE.test(frame.attribs.src?.trim() ?? ''),
};

/**
 * An article's HTML as it is stored: the allow-list of sanitize-html (a maintained parser, not
 * a regular expression) keeps headings, paragraphs, lists, emphasis, links, images, quotes and
 * line breaks, and drops everything else — scripts, event handlers, styles, frames.
 */
export function sanitizeNewsHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
