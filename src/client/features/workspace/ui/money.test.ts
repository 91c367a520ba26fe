import { describe, expect, it } from 'vitest';
import { minorToText, textToMinor } from './money';

describe('workspace prices', () => {
  it('reads what people type, in minor units', () => {
    expect(textToMinor('12.50', 'EUR')).toBe(1250);
    expect(textToMinor('12,5', 'EUR')).toBe(1250);
    expect(textToMinor('١٢٫٥٠', 'MAD')).toBe(1250);
    expect(textToMinor(' 7 ', 'USD')).toBe(700);
    expect(textToMinor('1500', 'JPY')).toBe(1500);
    expect(textToMinor('', 'EUR')).toBeNull();
  });

  it('refuses what is not a price (the schema then says why)', () => {
    expect(textToMinor('12.505', 'EUR')).toBeNaN();
    expect(textToMinor('abc', 'EUR')).toBeNaN();
    expect(textToMinor('-2', 'EUR')).toBeNaN();
    expect(textToMinor('15.5', 'JPY')).toBeNaN();
    expect(textToMinor('-2', 'EUR', true)).toBe(-200);
  });

  it('prints a price back for the input', () => {
    expect(minorToText(1250, 'EUR')).toBe('12.50');
    expect(minorToText(1500, 'JPY')).toBe('1500');
    expect(minorToText(-50, 'USD')).toBe('-0.50');
  });
});
