import { describe, expect, it } from 'vitest';
import { currencyDigits, moneyText, parseMoney } from './money-input';

describe('money input', () => {
  it('reads amounts in the major unit into minor units, per currency', () => {
    expect(parseMoney('12.5', 'EUR')).toBe(1250);
    expect(parseMoney(' 12,50 ', 'EUR')).toBe(1250);
    expect(parseMoney('3.250', 'TND')).toBe(3250);
    expect(parseMoney('500', 'XOF')).toBe(500);
    expect(parseMoney('', 'EUR')).toBeNaN();
    expect(parseMoney('-1', 'EUR')).toBeNaN();
    expect(parseMoney('1e3', 'EUR')).toBeNaN();
  });
  it('writes minor units back with the currency digits', () => {
    expect(currencyDigits('JOD')).toBe(3);
    expect(moneyText(1250, 'EUR')).toBe('12.50');
    expect(moneyText(500, 'XOF')).toBe('500');
  });
});
