import { afterEach, describe, expect, it } from 'vitest';
import { getStored, removeStored, setStored } from './signed-storage';

afterEach(() => localStorage.clear());

describe('signed storage', () => {
  it('returns what it stored, wrapped with expiry and signature', () => {
    setStored('k', { a: 1 });
    expect(getStored('k')).toEqual({ a: 1 });
    const raw = JSON.parse(localStorage.getItem('k')!);
    expect(raw).toMatchObject({ value: { a: 1 }, expiry: null });
    expect(typeof raw.signature).toBe('string');
  });

  it('removes an item whose value was edited without re-signing', () => {
    setStored('lang', 'fr');
    const raw = JSON.parse(localStorage.getItem('lang')!);
    raw.value = 'ar';
    localStorage.setItem('lang', JSON.stringify(raw));
    expect(getStored('lang')).toBeUndefined();
    expect(localStorage.getItem('lang')).toBeNull();
  });

  it('removes an item whose expiry was pushed forward', () => {
    setStored('k', 1, 1000, 0);
    const raw = JSON.parse(localStorage.getItem('k')!);
    raw.expiry = 10_000_000;
    localStorage.setItem('k', JSON.stringify(raw));
    expect(getStored('k', 5000)).toBeUndefined();
    expect(localStorage.getItem('k')).toBeNull();
  });

  it('keeps an item until it expires, then removes it', () => {
    setStored('k', 'v', 1000, 0);
    expect(getStored('k', 999)).toBe('v');
    expect(getStored('k', 1000)).toBeUndefined();
    expect(localStorage.getItem('k')).toBeNull();
  });

  it('removes garbage that is not an envelope', () => {
    localStorage.setItem('k', 'not json');
    expect(getStored('k')).toBeUndefined();
    expect(localStorage.getItem('k')).toBeNull();
    setStored('k', 2);
    removeStored('k');
    expect(getStored('k')).toBeUndefined();
  });
});
