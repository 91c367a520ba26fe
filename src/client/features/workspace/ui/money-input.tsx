import { useState } from 'react';
import { FieldWrap } from './form-controls';
import fieldStyles from '../../../components/ui/text-field.module.css';
import styles from './workspace-ui.module.css';

/** Digits after the decimal point of a currency (EUR 2, TND 3, XOF 0), as prices are kept in its minor unit. */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** "12.5" or "12,50" → 1250 minor units (EUR); NaN for what is not an amount. */
export function parseMoney(text: string, currency: string): number {
  const clean = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d*)?$/.test(clean)) return Number.NaN;
  return Math.round(Number(clean) * 10 ** currencyDigits(currency));
}

export const moneyText = (minor: number, currency: string) => (minor / 10 ** currencyDigits(currency)).toFixed(currencyDigits(currency));

/**
 * A price typed in the currency's major unit (what people write: 12.50), held in minor units. What
 * is not yet an amount stays as typed (the form's check names it) rather than being lost.
 */
export function MoneyInput({
  id,
  label,
  currency,
  value,
  onChange,
  error,
  hint,
}: {
  id: string;
  label: string;
  currency: string;
  /** minor units; NaN while the text is not an amount */
  value: number;
  onChange: (minor: number) => void;
  error?: string;
  hint?: string;
}) {
  const [text, setText] = useState(() => (Number.isFinite(value) ? moneyText(value, currency) : ''));
  return (
    <FieldWrap id={id} label={label} error={error} hint={hint}>
      <div className={styles.money}>
        <input
          id={id}
          className={fieldStyles.input}
          inputMode="decimal"
          autoComplete="off"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            onChange(parseMoney(event.target.value, currency));
          }}
          onBlur={() => {
            if (Number.isFinite(value)) setText(moneyText(value, currency));
          }}
        />
        <span className={styles.moneyCurrency} aria-hidden="true">
          {currency}
        </span>
      </div>
    </FieldWrap>
  );
}
