import { describe, expect, it } from 'vitest';
import { mediaSrcSet } from './media';

describe('mediaSrcSet', () => {
  it('names each rendition with the width its file has: renditions are never enlarged', () => {
    expect(mediaSrcSet('m1', 'large', 900)).toBe('/media/m1/small.webp 320w, /media/m1/medium.webp 768w, /media/m1/large.webp 900w');
  });

  it('names a width once, with the smaller file, when a small picture makes renditions equal', () => {
    expect(mediaSrcSet('m1', 'large', 500)).toBe('/media/m1/small.webp 320w, /media/m1/medium.webp 500w');
    expect(mediaSrcSet('m1', 'large', 300)).toBe('/media/m1/small.webp 300w');
  });

  it('uses the nominal widths when the picture is at least as wide as the largest rendition, or its width is unknown', () => {
    const nominal = '/media/m1/small.webp 320w, /media/m1/medium.webp 768w, /media/m1/large.webp 1600w';
    expect(mediaSrcSet('m1', 'large', 4000)).toBe(nominal);
    expect(mediaSrcSet('m1', 'large', null)).toBe(nominal);
    expect(mediaSrcSet('m1', 'medium', 700)).toBe('/media/m1/small.webp 320w, /media/m1/medium.webp 700w');
  });
});
