import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useFormatters } from '../../../lib/use-dates';
import { currencyDigits, moneyText, parseMoney } from '../ui/money-input';
import styles from './till.module.css';

/** Round amounts a customer is likely to hand over for `total`: the next 5, 10, 20, 50 and 100 above it (three at most). */
export function likelyNotes(total: number, currency: string): number[] {
  const unit = 10 ** currencyDigits(currency);
  const notes = [5, 10, 20, 50, 100].map((step) => Math.ceil(total / (step * unit)) * step * unit).filter((amount) => amount > total);
  return [...new Set(notes)].slice(0, 3);
}

/** Cash: what was handed over (typed, or a tap on the exact amount or a round note), and the change. */
export function TillPayment({
  total,
  currency,
  working,
  problem,
  onComplete,
  onBack,
}: {
  total: number;
  currency: string;
  working: boolean;
  problem: string | null;
  onComplete: (tendered: number) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('workspace-till');
  const format = useFormatters();
  const id = useId();
  const [given, setGiven] = useState('');
  const tendered = given.trim() === '' ? total : parseMoney(given, currency);
  const valid = Number.isFinite(tendered);
  const change = valid ? tendered - total : 0;
  const money = (minor: number) => format.money(minor, currency);

  return (
    <section className={styles.payment} aria-labelledby={`${id}-title`} data-testid="till-payment">
      <h2 id={`${id}-title`} className={styles.panelTitle}>
        {t('pay.title')}
      </h2>
      <p className={styles.due}>
        {t('pay.due')} <strong>{money(total)}</strong>
      </p>
      <form
        className={styles.payForm}
        onSubmit={(event) => {
          event.preventDefault();
          if (valid && change >= 0 && !working) onComplete(tendered);
        }}
      >
        <label htmlFor={`${id}-given`} className={styles.label}>
          {t('pay.given')}
        </label>
        <input
          id={`${id}-given`}
          inputMode="decimal"
          autoComplete="off"
          className={styles.cashInput}
          placeholder={moneyText(total, currency)}
          value={given}
          onChange={(event) => setGiven(event.target.value)}
        />
        <div className={styles.notes}>
          <Button size="small" onClick={() => setGiven('')}>
            {t('pay.exact')}
          </Button>
          {likelyNotes(total, currency).map((amount) => (
            <Button key={amount} size="small" onClick={() => setGiven(moneyText(amount, currency))}>
              {money(amount)}
            </Button>
          ))}
        </div>
        <p className={styles.change} aria-live="polite" data-testid="till-change">
          {valid && change < 0 ? t('pay.short', { amount: money(-change) }) : `${t('pay.change')}: ${money(valid ? change : 0)}`}
        </p>
        {problem && (
          <p className={styles.error} role="alert">
            {problem}
          </p>
        )}
        <div className={styles.ticketActions}>
          <Button type="submit" variant="primary" disabled={!valid || change < 0 || working}>
            {working ? t('pay.working') : t('pay.complete')}
          </Button>
          <Button variant="ghost" disabled={working} onClick={onBack}>
            {t('pay.back')}
          </Button>
        </div>
      </form>
    </section>
  );
}
