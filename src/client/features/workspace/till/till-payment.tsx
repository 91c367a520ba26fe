import { useId, useState, type InputHTMLAttributes } from 'react';
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

const METHODS = ['cash', 'card', 'split'] as const;
type Method = (typeof METHODS)[number];

/** What the customer pays with: the cash handed over and the part taken by card (0 for cash alone). */
export interface Tender {
  tendered: number;
  card: number;
}

/**
 * Cash (what was handed over, typed or a tap on the exact amount or a round note, and the change),
 * card (the whole total on the payment provider's step, the terminal), or both: a card part typed,
 * and the rest in cash. A card needs the connection.
 */
export function TillPayment({
  total,
  currency,
  online,
  working,
  problem,
  onComplete,
  onBack,
}: {
  total: number;
  currency: string;
  online: boolean;
  working: boolean;
  problem: string | null;
  onComplete: (tender: Tender) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('workspace-till');
  const format = useFormatters();
  const id = useId();
  const [chosen, setMethod] = useState<Method>('cash');
  const [given, setGiven] = useState('');
  const [cardPart, setCardPart] = useState('');
  // offline only cash is taken, whatever was chosen before the connection went
  const method = online ? chosen : 'cash';
  const card = method === 'card' ? total : method === 'split' ? parseMoney(cardPart, currency) : 0;
  const cardValid = Number.isFinite(card) && card >= 0 && card <= total && (method !== 'split' || (card > 0 && card < total));
  const cashDue = cardValid ? total - card : total;
  const tendered = method === 'card' ? 0 : given.trim() === '' ? cashDue : parseMoney(given, currency);
  const valid = cardValid && Number.isFinite(tendered);
  const change = valid ? tendered - cashDue : 0;
  const money = (minor: number) => format.money(minor, currency);

  return (
    <section className={styles.payment} aria-labelledby={`${id}-title`} data-testid="till-payment">
      <h2 id={`${id}-title`} className={styles.panelTitle}>
        {t('pay.title')}
      </h2>
      <p className={styles.due}>
        {t('pay.due')} <strong>{money(total)}</strong>
      </p>
      <fieldset className={styles.methods}>
        <legend className={styles.label}>{t('pay.method')}</legend>
        {METHODS.map((option) => (
          <label key={option}>
            <input
              type="radio"
              name={`${id}-method`}
              value={option}
              checked={method === option}
              disabled={option !== 'cash' && !online}
              onChange={() => setMethod(option)}
            />
            {t(`pay.methods.${option}`)}
          </label>
        ))}
      </fieldset>
      {!online && <p className={styles.muted}>{t('pay.cardOffline')}</p>}
      <form
        className={styles.payForm}
        onSubmit={(event) => {
          event.preventDefault();
          if (valid && change >= 0 && !working) onComplete({ tendered, card });
        }}
      >
        {method === 'split' && (
          <>
            <AmountField
              id={`${id}-card`}
              label={t('pay.cardPart')}
              value={cardPart}
              aria-invalid={cardPart.trim() !== '' && !cardValid}
              aria-describedby={`${id}-cash-due`}
              onChange={(event) => setCardPart(event.target.value)}
            />
            <p id={`${id}-cash-due`} className={styles.muted} aria-live="polite">
              {cardValid ? t('pay.cashPart', { amount: money(cashDue) }) : t('pay.cardPartHelp', { amount: money(total) })}
            </p>
          </>
        )}
        {method === 'card' ? (
          <p className={styles.muted}>{t('pay.cardHelp', { amount: money(total) })}</p>
        ) : (
          <>
            <AmountField
              id={`${id}-given`}
              label={t('pay.given')}
              placeholder={moneyText(cashDue, currency)}
              value={given}
              onChange={(event) => setGiven(event.target.value)}
            />
            <div className={styles.notes}>
              <Button size="small" onClick={() => setGiven('')}>
                {t('pay.exact')}
              </Button>
              {likelyNotes(cashDue, currency).map((amount) => (
                <Button key={amount} size="small" onClick={() => setGiven(moneyText(amount, currency))}>
                  {money(amount)}
                </Button>
              ))}
            </div>
            <p className={styles.change} aria-live="polite" data-testid="till-change">
              {valid && change < 0 ? t('pay.short', { amount: money(-change) }) : `${t('pay.change')}: ${money(valid ? change : 0)}`}
            </p>
          </>
        )}
        {problem && (
          <p className={styles.error} role="alert">
            {problem}
          </p>
        )}
        <div className={styles.ticketActions}>
          <Button type="submit" variant="primary" disabled={!valid || change < 0 || working}>
            {working ? t('pay.working') : card > 0 ? t('pay.takeCard', { amount: money(card) }) : t('pay.complete')}
          </Button>
          <Button variant="ghost" disabled={working} onClick={onBack}>
            {t('pay.back')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** An amount typed on the till's keypad, big, with its label above. */
function AmountField({ id, label, ...input }: { id: string; label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input id={id} inputMode="decimal" autoComplete="off" className={styles.cashInput} {...input} />
    </>
  );
}
