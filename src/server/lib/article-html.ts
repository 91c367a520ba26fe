import sanitizeHtml from 'sanitize-html';

/**
 * THE sanitizer of article bodies (blog posts): sanitize-html's allow-list, applied on every save
 * (src/server/modules/owner-blog) and again when serving (older rows, the seed). What an article
 * may contain: text structure, links, quotes, code, tables, and pictures from our own media or
 * https. No scripts, no event handlers, no styles, no classes, no frames, no forms, no SVG or
 * MathML, no `javascript:` / `data:` / `vbscript:` URLs. Sanitizing its own output changes
 * nothing (tests/e2e/xss-corpus.spec.ts and article-html.test.ts check both on a 500+ payload corpus).
 */

/** Our own renditions (`/media/{id}/{size}.webp`): the only relative picture source allowed. */
const MEDIA_SRC = /^\/media\/[A-Za-z0-9_-]{1,64}\/(small|medium|large)\.webp$/;
const HTTPS_SRC = /^https:\/\/[^\s"'<>\\]+$/i;

const ARTICLE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'img',
    'figure',
    'figcaption',
    'code',
    'pre',
    'span',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
    th: ['colspan'],
    td: ['colspan'],
  },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  // dropped with everything inside them (the rest of a refused tag keeps its text)
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'template',
    'title',
    'xmp',
    'iframe',
    'noembed',
    'noframes',
    'plaintext',
  ],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
    h1: 'h2',
    img: (tagName, attribs) => {
      const src = (attribs.src ?? '').trim();
      const { src: _dropped, loading: _loading, decoding: _decoding, ...rest } = attribs;
      // one attribute order whatever the input's, so that sanitizing the output again changes nothing
      return {
        tagName,
        attribs: { ...(MEDIA_SRC.test(src) || HTTPS_SRC.test(src) ? { src } : {}), ...rest, loading: 'lazy', decoding: 'async' },
      };
    },
  },
  // a picture without an allowed source is no picture
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeArticle(html: string): string {
  return sanitizeHtml(html, ARTICLE_OPTIONS);
}

/** The text of an article (its summary when none is given, search): tags dropped, blanks collapsed. */
export function articleText(html: string): string {
  const spaced = html.replace(/<\/(p|h[1-6]|li|blockquote|pre|td|th|figcaption)>|<br\s*\/?>/gi, '$& ');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
