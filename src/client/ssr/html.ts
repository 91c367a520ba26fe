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
