// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pageHead } from '../lib/page-head';
import { headTags } from './head-tags';

describe('headTags', () => {
  it("writes the routes' head with absolute canonical and og:image urls", () => {
    const head = headTags(
      [{}, pageHead({ title: 'Café Lumière', description: 'Coffee & cake', hero: { path: 'm1', sizes: '100vw' }, path: '/cafe' })],
      'https://souk.test/CAFE',
      'https://souk.test',
    );
    expect(head).toMatchObject({ hasTitle: true, hasDescription: true });
    expect(head.tags).toContain('<title>Café Lumière — Souk</title>');
    expect(head.tags).toContain('<meta property="og:image" content="https://souk.test/media/m1/large.webp">');
    expect(head.tags).toContain('<link rel="canonical" href="https://souk.test/cafe">');
    expect(head.tags).toContain('<meta name="description" content="Coffee &amp; cake">');
    expect(head.tags).toContain('<meta name="twitter:card" content="summary_large_image">');
  });

  it('defaults the canonical url and the Open Graph tags when the routes give none', () => {
    const head = headTags([{}], 'https://souk.test/about', 'https://souk.test');
    expect(head).toMatchObject({ hasTitle: false, hasDescription: false });
    expect(head.tags).toBe(
      '<meta property="og:title" content="Souk"><meta property="og:url" content="https://souk.test/about">' +
        '<meta property="og:type" content="website"><meta property="og:site_name" content="Souk">' +
        '<meta name="twitter:card" content="summary"><link rel="canonical" href="https://souk.test/about">',
    );
  });

  it("gives a page without a description of its own the site's, with its Open Graph twin", () => {
    const head = headTags([{}], 'https://souk.test/', 'https://souk.test', 'Menus & events near you');
    expect(head.hasDescription).toBe(true);
    expect(head.tags).toContain('<meta name="description" content="Menus &amp; events near you">');
    expect(head.tags).toContain('<meta property="og:description" content="Menus &amp; events near you">');
    const own = headTags([pageHead({ title: 'Blog', description: 'Stories' })], 'https://souk.test/blog', 'https://souk.test', 'Site');
    expect(own.tags).toContain('<meta name="description" content="Stories">');
    expect(own.tags).not.toContain('content="Site"');
  });
});
