import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import { describe, expect, it } from 'vitest';
import { ALLOWED_ARTICLE_ATTRIBUTES, ALLOWED_ARTICLE_TAGS, isSafeArticleUrl, xssCorpus } from '../testing/xss-corpus';
import { articleText, sanitizeArticle } from './article-html';

type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Element;

/**
 * Everything executable left in `html` as an HTML5 parser reads it (parse5, the standard's
 * algorithm; Chromium itself in tests/e2e/xss-corpus.spec.ts): elements outside the allow-list or
 * the HTML namespace, attributes outside it, unsafe URLs.
 */
function executableParts(html: string): string[] {
  const found: string[] = [];
  const walk = (node: Node) => {
    if (!('tagName' in node)) return;
    const tag = node.tagName;
    if (!ALLOWED_ARTICLE_TAGS.has(tag) || node.namespaceURI !== 'http://www.w3.org/1999/xhtml') found.push(`<${tag}>`);
    for (const attribute of node.attrs) {
      if (!ALLOWED_ARTICLE_ATTRIBUTES[tag]?.has(attribute.name)) found.push(`${tag}[${attribute.name}]`);
      else if (['href', 'src'].includes(attribute.name) && !isSafeArticleUrl(tag, attribute.value))
        found.push(`${tag}[${attribute.name}=${attribute.value}]`);
    }
    const children = tag === 'template' ? (node as DefaultTreeAdapterTypes.Template).content.childNodes : node.childNodes;
    for (const child of children) walk(child);
  };
  const document = parse(`<!doctype html><body>${html}</body>`);
  const htmlElement = document.childNodes.find((node): node is DefaultTreeAdapterTypes.Element => 'tagName' in node)!;
  for (const part of htmlElement.childNodes) {
    if (!('tagName' in part)) continue;
    // a <body onload> in an article lands on the page's body: its attributes count
    for (const attribute of part.attrs) found.push(`${part.tagName}[${attribute.name}]`);
    // what the parser moved into <head> (a <style>, a <meta>) counts too
    for (const child of part.childNodes) walk(child);
  }
  return found;
}

describe('the article sanitizer', () => {
  const corpus = xssCorpus();

  it(`leaves nothing executable in any of the ${corpus.length} payloads, and sanitizing twice changes nothing`, () => {
    expect(corpus.length).toBeGreaterThanOrEqual(500);
    const failures: string[] = [];
    for (const payload of corpus) {
      const once = sanitizeArticle(payload);
      const left = executableParts(once);
      if (left.length) failures.push(`${payload}\n  → ${once}\n  left: ${left.join(', ')}`);
      if (sanitizeArticle(once) !== once) failures.push(`not idempotent: ${payload}\n  → ${once}\n  → ${sanitizeArticle(once)}`);
    }
    expect(failures, failures.slice(0, 5).join('\n\n')).toEqual([]);
  });

  it('proves its check: the same walk finds what an unsanitized payload carries', () => {
    expect(executableParts('<img src=x onerror=alert(1)>')).toEqual(['img[src=x]', 'img[onerror]']);
    expect(executableParts('<a href="java&#x09;script:alert(1)">x</a>')).toEqual(['a[href=java\tscript:alert(1)]']);
    expect(executableParts('<svg><script>alert(1)</script></svg>')).toEqual(['<svg>', '<script>']);
    const missed = corpus.filter((payload) => executableParts(payload).length === 0);
    // nearly every raw payload is caught by the walk; the rest are inert once parsed in an article's place
    // (<frame> and <td> outside their parents are dropped by the parser; markup inside attribute values or escaped text)
    expect(missed.length).toBeLessThan(corpus.length / 10);
  });

  it('keeps what an article is made of: headings, lists, quotes, links, our pictures and https ones', () => {
    const article =
      '<h2>Title</h2><p>Some <strong>bold</strong>, <em>italic</em>, <s>struck</s> and <code>code</code>.</p>' +
      '<ul><li><p>one</p></li><li><p>two</p></li></ul><ol><li><p>first</p></li></ol><blockquote><p>A quote</p></blockquote>' +
      '<p><a href="https://example.com/page">a link</a> and <a href="/CafeLumiere">our page</a></p>' +
      '<img src="/media/abc123/large.webp" alt="Our terrace" width="1600" height="900"><img src="https://cdn.example.com/x.jpg" alt="">' +
      '<pre><code>let x = 1;</code></pre><hr>';
    const clean = sanitizeArticle(article);
    expect(clean).toContain('<h2>Title</h2>');
    expect(clean).toContain('<ul><li><p>one</p></li><li><p>two</p></li></ul>');
    expect(clean).toContain('<blockquote><p>A quote</p></blockquote>');
    expect(clean).toContain('<a href="https://example.com/page" rel="noopener noreferrer nofollow" target="_blank">a link</a>');
    expect(clean).toContain(
      '<img src="/media/abc123/large.webp" alt="Our terrace" width="1600" height="900" loading="lazy" decoding="async" />',
    );
    expect(clean).toContain('<img src="https://cdn.example.com/x.jpg" alt="" loading="lazy" decoding="async" />');
    expect(sanitizeArticle('<h1>Big</h1>')).toBe('<h2>Big</h2>');
    // a picture from anywhere else is no picture
    expect(sanitizeArticle('<p>a<img src="/api/iam/auth/logout">b</p>')).toBe('<p>ab</p>');
    expect(sanitizeArticle('<img src="http://insecure.example/x.png">')).toBe('');
    expect(sanitizeArticle(clean)).toBe(clean);
  });

  it('reads the text of an article', () => {
    expect(articleText('<h2>Fish &amp; chips</h2><p>Fresh  <b>today</b>.</p>')).toBe('Fish & chips Fresh today.');
  });
});
