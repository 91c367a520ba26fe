// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { inlineStyles, type CssBlock } from './inline-styles';

const TEMPLATE =
  '<head><title>x</title><link rel="stylesheet" crossorigin href="/assets/app.css"></head><body><div id="root"></div></body>';
const APP_CSS =
  ':root{--c:red}:root[data-theme=dark]{--c:blue}body{margin:0}' +
  '._card_a1{padding:4px}._card_a1._open_a1{display:block}._dialog_b2{position:fixed}' +
  '._row_c3:not(._hidden_c3){display:flex}._x_d4,._card_a1>p{color:var(--c)}' +
  '@media (min-width:900px){._card_a1{padding:8px}._dialog_b2{inset:0}}' +
  '@media print{._dialog_b2{display:none}}' +
  '@keyframes _spin_e5{to{transform:rotate(1turn)}}@keyframes _spin_e5x{to{opacity:0}}._spinner_e5{animation:_spin_e5 1s}' +
  '._quote_f6:before{content:"a{b}c;"}._y_g7[data-x="._dialog_b2"]{color:red}._z_h8:is(._card_a1,._nope){top:0}';
const read = (href: string) => (href === '/assets/app.css' ? APP_CSS : href === '/assets/route.css' ? '._route_r1{gap:2px}' : undefined);

function inline(markup: string, routeCss: string[] = [], cache = new Map<string, CssBlock[]>()) {
  const { html, headExtra } = inlineStyles(TEMPLATE, routeCss, read, cache, markup);
  return { html, headExtra, css: headExtra.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? '' };
}

describe('inlineStyles: only the rules the markup uses go inline', () => {
  it('keeps element, :root and theme rules and the rules of the classes in the markup', () => {
    const { css } = inline('<main class="_card_a1"><p class="_row_c3 other">x</p></main>');
    expect(css).toBe(
      ':root{--c:red}:root[data-theme=dark]{--c:blue}body{margin:0}._card_a1{padding:4px}._row_c3:not(._hidden_c3){display:flex}' +
        '._x_d4,._card_a1>p{color:var(--c)}@media (min-width:900px){._card_a1{padding:8px}}',
    );
  });

  it('keeps an @keyframes rule only when a kept rule names it', () => {
    expect(inline('<i class="_card_a1"></i>').css).not.toContain('@keyframes');
    const { css } = inline('<i class="_spinner_e5"></i>');
    expect(css).toContain('._spinner_e5{animation:_spin_e5 1s}@keyframes _spin_e5{to{transform:rotate(1turn)}}');
    // a longer name that starts with it is another animation
    expect(css).not.toContain('_spin_e5x');
  });

  it('drops a rule when any class it needs is absent, and an at-rule group left empty', () => {
    const { css } = inline('<div class="_card_a1"></div>');
    expect(css).not.toContain('_open_a1');
    expect(css).not.toContain('_dialog_b2{');
    expect(css).not.toContain('@media print');
    expect(inline('<div class="_card_a1 _open_a1"></div>').css).toContain('._card_a1._open_a1{display:block}');
  });

  it('is not fooled by braces and semicolons in strings, attribute selectors or :is() arguments', () => {
    const { css } = inline('<b class="_quote_f6 _y_g7 _z_h8"></b>');
    expect(css).toContain('._quote_f6:before{content:"a{b}c;"}');
    expect(css).toContain('._y_g7[data-x="._dialog_b2"]{color:red}');
    expect(css).toContain('._z_h8:is(._card_a1,._nope){top:0}');
  });

  it('leaves every stylesheet link in place, disabled (the script loader enables them), the route’s after the inline rules', () => {
    const { html, headExtra, css } = inline('<i class="_route_r1"></i>', ['/assets/route.css']);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/app.css" disabled>');
    expect(headExtra).toBe(`<style>${css}</style><link rel="stylesheet" crossorigin href="/assets/route.css" disabled>`);
    expect(css).toContain('._route_r1{gap:2px}');
  });

  it('parses the files once per set of files', () => {
    const cache = new Map<string, CssBlock[]>();
    inline('<p class="_card_a1"></p>', [], cache);
    inline('<p class="_dialog_b2"></p>', [], cache);
    expect(cache.size).toBe(1);
    expect(inline('<p class="_dialog_b2"></p>', [], cache).css).toContain('._dialog_b2{position:fixed}');
  });

  it('falls back to plain links when a file cannot be read', () => {
    const { html, headExtra } = inlineStyles(TEMPLATE, ['/assets/gone.css'], read, new Map(), '');
    expect(html).toBe(TEMPLATE);
    expect(headExtra).toBe('<link rel="stylesheet" crossorigin href="/assets/gone.css">');
  });
});
