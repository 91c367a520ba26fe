import { describe, expect, it } from 'vitest';
import { dropIndex, moveTo } from './reorder';

describe('sort-menu reordering', () => {
  it('moves one element, keeping the others in order', () => {
    expect(moveTo(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveTo(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveTo(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });

  it('drops a dragged row where the pointer passed the middles of the others', () => {
    const middles = [10, 30, 50, 70];
    expect(dropIndex(middles, 0, 5)).toBe(0);
    expect(dropIndex(middles, 0, 35)).toBe(1);
    expect(dropIndex(middles, 0, 100)).toBe(3);
    expect(dropIndex(middles, 3, 0)).toBe(0);
    expect(dropIndex(middles, 3, 40)).toBe(2);
  });
});
