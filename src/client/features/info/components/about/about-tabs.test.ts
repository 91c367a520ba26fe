import { describe, expect, it } from 'vitest';
import { tabForKey, tabFromHash } from './about-tabs';

describe('about tabs', () => {
  it('maps fragments to tabs', () => {
    expect(tabFromHash('')).toBe('overview');
    expect(tabFromHash('#ethics')).toBe('ethics');
    expect(tabFromHash('credits')).toBe('credits');
    expect(tabFromHash('overview')).toBeUndefined();
    expect(tabFromHash('Careers')).toBeUndefined();
  });

  it('mirrors Left and Right in right-to-left layouts', () => {
    expect(tabForKey('overview', 'ArrowRight', false)).toBe('ethics');
    expect(tabForKey('overview', 'ArrowLeft', false)).toBe('credits');
    expect(tabForKey('overview', 'ArrowLeft', true)).toBe('ethics');
    expect(tabForKey('overview', 'ArrowRight', true)).toBe('credits');
    expect(tabForKey('news', 'Home', false)).toBe('overview');
    expect(tabForKey('news', 'End', true)).toBe('credits');
    expect(tabForKey('news', 'Enter', false)).toBeUndefined();
  });
});
