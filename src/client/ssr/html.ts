/** Escaping and attributes for the HTML the server renderer writes around React's own. */

export const escapeAttr = (value: string) =>
  value.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!);

export const escapeText = (value: string) => value.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

export type Attrs = Record<string, unknown>;

/** React's prop names of head tags that differ from the HTML attribute. */
const ATTR_NAMES: Record<string, string> = {
  charSet: 'charset',
  crossOrigin: 'crossorigin',
  httpEquiv: 'http-equiv',
  fetchPriority: 'fetchpriority',
  imageSrcSet: 'imagesrcset',
  imageSizes: 'imagesizes',
  hrefLang: 'hreflang',
};

/** ` name="value"` for each set attribute (`true` or '' as a bare name). */
export function attrs(values: Attrs): string {
  let out = '';
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === false || key === 'children') continue;
    const name = ATTR_NAMES[key] ?? key;
    out += value === true || value === '' ? ` ${name}` : ` ${name}="${escapeAttr(String(value))}"`;
  }
  return out;
}

export function scriptTag(tag: { attrs?: Attrs; children?: string }): string {
  return `<script${attrs(tag.attrs ?? {})}>${tag.children ?? ''}</script>`;
}

/**
 * Puts `insert` in place of the first match, taking it literally. Never `String.replace` with a
 * string built from page data: in a replacement string `$&`, `` $` `` and `$'` mean the match and
 * the text before and after it, so a URL or a stored name holding them would copy the document
 * into itself (an invalid script, megabytes of HTML). A function's return value is used as is.
 */
export function replaceOnce(text: string, pattern: string | RegExp, insert: string | ((match: string) => string)): string {
  return text.replace(pattern, typeof insert === 'function' ? insert : () => insert);
}
