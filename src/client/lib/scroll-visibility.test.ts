import { describe, expect, it } from 'vitest';
import { nextScrollVisibility } from './scroll-visibility';

const page = (y: number) => ({ y, viewport: 800, document: 5000 });

describe('nextScrollVisibility', () => {
  it('hides on scroll down and shows on scroll up', () => {
    expect(nextScrollVisibility(true, 300, page(400))).toBe(false);
    expect(nextScrollVisibility(false, 400, page(390))).toBe(true);
    expect(nextScrollVisibility(false, 400, page(400))).toBe(false);
  });

  it('always shows within 50 px of the top', () => {
    expect(nextScrollVisibility(false, 10, page(50))).toBe(true);
    expect(nextScrollVisibility(true, 10, page(51))).toBe(false);
  });

  it('shows near the bottom of the page even while scrolling down', () => {
    expect(nextScrollVisibility(false, 4000, page(4150))).toBe(true); // 4150 + 800 >= 5000 - 50
    expect(nextScrollVisibility(true, 4000, page(4149))).toBe(false);
  });

  it('uses the header thresholds when asked (20 px top, no bottom rule)', () => {
    const header = { topThreshold: 20, bottomThreshold: null };
    expect(nextScrollVisibility(false, 0, page(20), header)).toBe(true);
    expect(nextScrollVisibility(true, 0, page(21), header)).toBe(false);
    expect(nextScrollVisibility(true, 4000, page(4190), header)).toBe(false);
  });
});
