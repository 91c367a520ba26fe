import { escapeAttr } from './html';

/** The text of a built file (`/assets/x.css`), or undefined when it cannot be read. */
export type ReadAsset = (urlPath: string) => string | undefined;

/** A top-level piece of a stylesheet: a rule, or an at-rule with its inner rules parsed. */
export interface CssBlock {
  text: string;
  /** a style rule: per selector of its list, the class names it needs (none: always kept) */
  selectors?: string[][];
  /** a conditional group (@media, @supports, @layer, @container): its rules, filtered the same way */
  prelude?: string;
  children?: CssBlock[];
  /** an `@keyframes` rule: its name (kept only when a kept rule names it) */
  keyframes?: string;
}

/**
 * On a slow link every request before first paint costs a round trip and bandwidth the content
 * needs, so the page's CSS goes inline: only the rules the rendered document uses (the
 * whole entry + public stylesheets were 58 KB raw, 11 KB of the firm page's 20 KB brotli; the
 * rules its markup uses are a third of that). A rule is kept unless one of the classes each of its
 * selectors needs is absent from the markup (`:not(…)`, `:is(…)`, `:has(…)` arguments are not
 * needed), so element, `:root` and theme rules always stay. The stylesheet links stay as
 * `disabled` links: they load nothing yet but tell Vite's chunk loader that the CSS is on the
 * page, and the script loader (deferred-scripts.ts) enables them when the scripts start, so what
 * the client renders later (dialogs, menus, states toggled by a class) has all its rules. They
 * come after the inline rules, so the order of equal-specificity rules is the stylesheets' own.
 * `cache` keeps the parsed CSS per set of files.
 */
export function inlineStyles(
  html: string,
  routeCss: string[],
  readAsset: ReadAsset | undefined,
  cache: Map<string, CssBlock[]>,
  markup: string,
) {
  const templateCss = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)].map((m) => m[1]);
  const hrefs = [...new Set([...templateCss, ...routeCss])];
  const key = hrefs.join('|');
  let blocks = cache.get(key);
  if (blocks === undefined && readAsset) {
    const parts = hrefs.map((href) => readAsset(href));
    if (parts.every((part) => part !== undefined)) blocks = parseCss(parts.join('\n'));
    if (blocks !== undefined && cache.size < 200) cache.set(key, blocks);
  }
  if (blocks === undefined) {
    // cannot read the files: plain links
    const links = routeCss.map((href) => `<link rel="stylesheet" crossorigin href="${escapeAttr(href)}">`).join('');
    return { html, headExtra: links };
  }
  const css = withUsedKeyframes(blocks, classesIn(markup)).replace(/<\/style/gi, '<\\/style');
  const out = html.replace(
    /<link rel="stylesheet"([^>]*)>/g,
    (_link, attributes: string) => `<link rel="stylesheet"${attributes} disabled>`,
  );
  const disabledRouteLinks = routeCss.map((href) => `<link rel="stylesheet" crossorigin href="${escapeAttr(href)}" disabled>`).join('');
  return { html: out, headExtra: `<style>${css}</style>${disabledRouteLinks}` };
}

/** The class names of every `class` attribute in `markup`. */
function classesIn(markup: string): Set<string> {
  const classes = new Set<string>();
  for (const match of markup.matchAll(/\sclass="([^"]*)"/g)) for (const name of match[1].split(/\s+/)) if (name) classes.add(name);
  return classes;
}

/**
 * The used rules, then the `@keyframes` they animate with: an animation the kept rules do not name
 * cannot run before the stylesheets are enabled, and comes back with them (four unused
 * animations were 72 B of the firm page's brotli).
 */
function withUsedKeyframes(blocks: CssBlock[], classes: Set<string>): string {
  const keyframes: CssBlock[] = [];
  const css = usedRules(blocks, classes, keyframes);
  let out = css;
  for (const block of keyframes) if (namesIdent(css, block.keyframes!)) out += block.text;
  return out;
}

/** Whether `name` occurs in `css` as a whole identifier (not a part of a longer one). */
function namesIdent(css: string, name: string): boolean {
  const ident = /[\w-]/;
  for (let at = css.indexOf(name); at !== -1; at = css.indexOf(name, at + 1)) {
    if (!ident.test(css[at - 1] ?? '') && !ident.test(css[at + name.length] ?? '')) return true;
  }
  return false;
}

/** The stylesheet's text with only the rules `classes` can match (at-rule groups emptied are dropped); `@keyframes` into `keyframes`. */
function usedRules(blocks: CssBlock[], classes: Set<string>, keyframes: CssBlock[]): string {
  let out = '';
  for (const block of blocks) {
    if (block.keyframes !== undefined) keyframes.push(block);
    else if (block.children) {
      const inner = usedRules(block.children, classes, keyframes);
      if (inner) out += `${block.prelude}{${inner}}`;
    } else if (!block.selectors || block.selectors.some((needed) => needed.every((name) => classes.has(name)))) out += block.text;
  }
  return out;
}

const GROUPS = /^@(media|supports|layer|container)\b/;
const KEYFRAMES = /^@(-webkit-)?keyframes\s+/;

/** Splits minified CSS into blocks (strings and nested braces respected). */
function parseCss(css: string): CssBlock[] {
  const blocks: CssBlock[] = [];
  let start = 0;
  while (start < css.length) {
    const open = indexOutsideStrings(css, '{', start);
    const semicolon = indexOutsideStrings(css, ';', start);
    if (semicolon !== -1 && (open === -1 || semicolon < open)) {
      // a statement at-rule (@import, @layer a,b;)
      blocks.push({ text: css.slice(start, semicolon + 1).trim() });
      start = semicolon + 1;
      continue;
    }
    if (open === -1) break;
    const close = matchingBrace(css, open);
    const prelude = css.slice(start, open).trim();
    const body = css.slice(open + 1, close);
    if (GROUPS.test(prelude)) blocks.push({ text: '', prelude, children: parseCss(body) });
    else if (KEYFRAMES.test(prelude)) blocks.push({ text: `${prelude}{${body}}`, keyframes: prelude.replace(KEYFRAMES, '').trim() });
    else if (prelude.startsWith('@')) blocks.push({ text: `${prelude}{${body}}` });
    else blocks.push({ text: `${prelude}{${body}}`, selectors: splitTopLevel(prelude).map(neededClasses) });
    start = close + 1;
  }
  return blocks;
}

function indexOutsideStrings(text: string, char: string, from: number): number {
  let quote = '';
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === char) return i;
  }
  return -1;
}

function matchingBrace(text: string, open: number): number {
  let depth = 0;
  let quote = '';
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return text.length;
}

/** A selector list split at its top-level commas (not those inside `:is(…)`). */
function splitTopLevel(selectorList: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selectorList.length; i++) {
    const c = selectorList[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(selectorList.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(selectorList.slice(start));
  return parts;
}

/** The classes a selector needs, outside functional pseudo-classes and attribute selectors. */
function neededClasses(selector: string): string[] {
  let plain = '';
  let depth = 0;
  for (const c of selector) {
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0) plain += c;
  }
  return [...plain.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]);
}
