import { describe, expect, it } from 'vitest';
import { boundedCache } from './bounded-cache';

describe('boundedCache', () => {
  it('keeps what it was given up to its limit', () => {
    const cache = boundedCache<string, number>(2);
    expect(cache.set('a', 1)).toBe(1);
    cache.set('b', 2);
    expect([cache.get('a'), cache.get('b')]).toEqual([1, 2]);
  });

  it('forgets the oldest entry past its limit, keeping the rest', () => {
    const cache = boundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
  });

  it('counts a key set again as new, so it outlives older ones', () => {
    const cache = boundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 10);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([10, undefined, 3]);
  });
});
