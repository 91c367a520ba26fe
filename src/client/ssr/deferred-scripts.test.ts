import { afterEach, describe, expect, it, vi } from 'vitest';
import { compactSource, deferScripts, MAX_WAIT_MS } from './deferred-scripts';

const PAGE = `<html><head><title>x</title>
<script type="module" crossorigin src="/assets/index-a.js"></script>
<link rel="modulepreload" crossorigin href="/assets/vendor-b.js">
<link rel="stylesheet" href="/assets/app.css" disabled>
</head><body><div id="root" data-ssr="">HERO</div></body></html>`;

/** Puts the deferred page's body into the document and runs its loader script. */
function load(html: string, hero: string) {
  document.head.innerHTML = '';
  document.body.innerHTML = html.match(/<body>([\s\S]*)<\/body>/)![1].replace('HERO', hero);
  const loader = document.body.querySelector('script')!;
  expect(loader.getAttribute('nonce')).toBe('n0nce');
  new Function(loader.textContent!)();
}
const added = () => ({
  scripts: [...document.head.querySelectorAll('script[type="module"]')].map((s) => s.getAttribute('src')),
  preloads: [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href')),
});

afterEach(() => vi.useRealTimers());

describe('deferScripts', () => {
  const html = deferScripts(PAGE, 'n0nce');

  it('takes the module scripts and preloads out of the server HTML, and keeps the rest', () => {
    expect(html).not.toMatch(/<script type="module"/);
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css" disabled>');
    expect(html).toContain('<div id="root" data-ssr="">HERO</div><script nonce="n0nce">');
  });

  it('loads them at once when the page has no hero image', () => {
    load(html, '<p>text only</p>');
    expect(added()).toEqual({ scripts: ['/assets/index-a.js'], preloads: ['/assets/vendor-b.js'] });
  });

  it('waits for the hero image, then loads them once', () => {
    load(html, '<img fetchpriority="high" src="/media/x/large.webp">');
    expect(added().scripts).toEqual([]);
    const hero = document.querySelector('img')!;
    hero.dispatchEvent(new Event('load'));
    hero.dispatchEvent(new Event('error'));
    expect(added()).toEqual({ scripts: ['/assets/index-a.js'], preloads: ['/assets/vendor-b.js'] });
  });

  it('enables the full stylesheets when the scripts start, not before', () => {
    load(html, '<img fetchpriority="high" src="/media/x/large.webp">');
    document.head.insertAdjacentHTML('beforeend', '<link rel="stylesheet" href="/assets/app.css" disabled>');
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')!;
    expect(link.hasAttribute('disabled')).toBe(true);
    document.querySelector('img')!.dispatchEvent(new Event('load'));
    expect(link.hasAttribute('disabled')).toBe(false);
  });

  it('does not wait longer than MAX_WAIT_MS for a slow image', () => {
    vi.useFakeTimers();
    load(html, '<img fetchpriority="high" src="/media/x/large.webp">');
    vi.advanceTimersByTime(MAX_WAIT_MS - 1);
    expect(added().scripts).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(added().scripts).toEqual(['/assets/index-a.js']);
  });

  it('leaves a page without module scripts alone', () => {
    const plain = '<html><head></head><body><p>x</p></body></html>';
    expect(deferScripts(plain, 'n')).toBe(plain);
  });
});

describe('compactSource', () => {
  it('drops indentation, blank lines and whole-line comments, and the function still works', () => {
    function sample(a: number, b: number) {
      // a comment of its own line
      const url = 'https://example.test/';

      return `${url}${a + b}`;
    }
    const compact = compactSource(sample);
    expect(compact).not.toMatch(/\n[ \t]|\/\/ a comment|\n\n/);
    expect(compact.length).toBeLessThan(sample.toString().length);
    expect(new Function(`return (${compact})(2, 3)`)()).toBe('https://example.test/5');
  });
});
