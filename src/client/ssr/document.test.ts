// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { documentHtml, documentStart } from './document';
import { deferScripts } from './deferred-scripts';
import { inlineStyles } from './inline-styles';

const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Souk</title>' +
  '<meta name="description" content="x"><link rel="stylesheet" crossorigin href="/assets/index.css">' +
  '<script type="module" crossorigin src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';

/** Every replacement pattern String.replace knows: the match, before it, after it, a group, a dollar. */
const PATTERNS = ['$`', "$'", '$&', '$1', '$$', '$<name>'];

function parts(value: string) {
  const { start, rest } = documentStart(TEMPLATE, 'en', {
    tags: `<title>${value}</title><link rel="canonical" href="https://souk.example/explore?name=${value}">`,
    hasTitle: true,
    hasDescription: false,
  });
  const styled = inlineStyles(rest, [], () => `.x{content:"${value}"}`, new Map(), '<main class="x"></main>');
  const html = documentHtml({
    start,
    rest: styled.html,
    headExtra: styled.headExtra,
    modules: [],
    appHtml: `<main><h1>${value}</h1><p>Price: ${value}</p></main>`,
    root: { session: 'signedOut', lang: 'en', ns: 'common' },
    scripts: `<script nonce="n">window.$_TSR = ${JSON.stringify({ q: value })}</script>`,
  });
  return { start, html: deferScripts(html, 'n') };
}

const page = (value: string) => parts(value).html;

describe('the page is assembled literally', () => {
  it.each(PATTERNS)('a value holding %s (in the URL or in stored content) appears once, where it was put', (pattern) => {
    const value = `a${pattern}b`;
    const html = page(value);
    const plain = page('ab');
    // as long as the same page with a harmless value, plus the pattern's few characters per place
    expect(html.length - plain.length).toBe(
      pattern.length * 6 + (JSON.stringify(value).length - JSON.stringify('ab').length - pattern.length),
    );
    expect(html.match(/<!doctype html>/g)).toHaveLength(1);
    expect(html.match(/<\/html>/g)).toHaveLength(1);
    expect(html).toContain(`<h1>${value}</h1>`);
    expect(html).toContain(`<title>${value}</title>`);
    expect(html).toContain(`window.$_TSR = ${JSON.stringify({ q: value })}</script>`);
    expect(html).toContain(`content:"${value}"`);
  });

  it('the issue’s URL does not multiply the document', () => {
    const html = page('$`'.repeat(50));
    expect(html.length).toBeLessThan(page('').length + 2000);
    expect(html.match(/<div id="root"/g)).toHaveLength(1);
  });
});

describe('the start of the page (sent before the body is rendered)', () => {
  it('is the finished page’s first bytes: the language, the charset and the routes’ head, nothing of the body or the CSS', () => {
    const { start, html } = parts('x');
    expect(html.startsWith(start)).toBe(true);
    expect(start).toBe(
      '<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8"><title>x</title>' +
        '<link rel="canonical" href="https://souk.example/explore?name=x">',
    );
  });

  it('in Arabic right to left; the template’s description gives way to the routes’ own', () => {
    const { start, rest } = documentStart(TEMPLATE, 'ar', {
      tags: '<meta name="description" content="y">',
      hasTitle: false,
      hasDescription: true,
    });
    expect(start).toBe(
      '<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><title>Souk</title><meta name="description" content="y">',
    );
    expect(rest).not.toContain('name="description"');
  });
});
