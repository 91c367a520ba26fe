import { currencyDigits, moneyText } from './money-input';

// Prices typed in the menu and shop forms: the server keeps integers in minor units (cents), people
// type "12.50", "12,50" or "١٢٫٥٠" (ui/money-input.tsx reads unsigned Latin digits only; these forms
// also need signed price deltas and Arabic-Indic digits).

/** 1250, 'EUR' → "12.50" (what a price input shows). */
export const minorToText = moneyText;

const ARABIC_INDIC = /[٠-٩۰-۹]/g;

/**
 * "12.50", "12,5", "١٢٫٥٠" → 1250; "" → null; anything else (letters, too many decimals) → NaN,
 * which the shared zod schema then refuses with the form's message. Signed when `signed` (a price
 * delta may be negative).
 */
export function textToMinor(text: string, currency: string, signed = false): number | null {
  const normalized = text
    .trim()
    .replace(ARABIC_INDIC, (digit) => String(digit.codePointAt(0)! & 0xf))
    .replace('٫', '.')
    .replace(',', '.')
    .replace('−', '-');
  if (normalized === '') return null;
  const digits = currencyDigits(currency);
  const pattern = new RegExp(`^${signed ? '[-+]?' : ''}\\d+(\\.\\d{0,${digits}})?$`);
  if (!pattern.test(normalized)) return Number.NaN;
  return Math.round(Number(normalized) * 10 ** digits);
}
