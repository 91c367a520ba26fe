import { describe, expect, it } from 'vitest';
import { dedupePrecacheEntries, precacheKey } from './precache-entries';

describe('dedupePrecacheEntries', () => {
  it('keeps one entry per URL, in first-seen order', () => {
    const { manifest, warnings } = dedupePrecacheEntries([
      { url: 'index.html', revision: 'a' },
      { url: 'icons/icon-192.png', revision: 'b' },
      { url: '/icons/icon-192.png', revision: 'b' },
      { url: './index.html', revision: 'a' },
      { url: 'assets/index-abc.js', revision: null },
    ]);
    expect(manifest.map((entry) => entry.url)).toEqual(['index.html', 'icons/icon-192.png', 'assets/index-abc.js']);
    expect(warnings).toEqual([]);
  });

  it('prefers the entry with a revision when the same URL comes twice and warns', () => {
    const { manifest, warnings } = dedupePrecacheEntries([
      { url: 'favicon.svg', revision: null },
      { url: 'favicon.svg', revision: 'r1' },
    ]);
    expect(manifest).toEqual([{ url: 'favicon.svg', revision: 'r1' }]);
    expect(warnings).toHaveLength(1);
  });

  it('normalises the leading ./ and /', () => {
    expect(precacheKey('/a.js')).toBe('a.js');
    expect(precacheKey('./a.js')).toBe('a.js');
    expect(precacheKey('a.js')).toBe('a.js');
  });
});
