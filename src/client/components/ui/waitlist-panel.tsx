import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { WaitlistPlace } from '../../../shared/waitlist';
import { ApiError } from '../../lib/api-client';
import { Button } from './button';
import styles from './waitlist-panel.module.css';

interface WaitlistPanelProps {
  /** whose `waitlist.*` texts it shows: the tickets' (a tier) or the firm page's (a product) */
  namespace: 'tickets' | 'firm';
  /** what is sold out: the tier's or the product's name */
  name: string;
  max: number;
  /** the member's place on this line, if they joined */
  entry: WaitlistPlace | undefined;
  join: { mutate: (quantity: number) => void; isPending: boolean };
  leave: { mutate: () => void; isPending: boolean };
  /** what went wrong joining, in words (waitlistProblem) */
  problem: string | null;
  cancel?: { label: string; onClick: () => void };
}

const OWN_PROBLEMS = ['places_left', 'already_waiting'];

/** A refusal to join in the member's words: the waitlist's own, else what `otherwise` says of it. */
export function waitlistProblem(error: Error | null, t: TFunction, otherwise: (error: Error) => string): string | null {
  if (!error) return null;
  return error instanceof ApiError && OWN_PROBLEMS.includes(error.code ?? '') ? t(`waitlist.problems.${error.code}`) : otherwise(error);
}

/**
 * Something sold out (a tier, a product or one of its variants): join its waitlist with how many,
 * or see one's place in line and leave it. When units come back they are held for the first in
 * line, who is told.
 */
export function WaitlistPanel({ namespace, name, max, entry, join, leave, problem, cancel }: WaitlistPanelProps) {
  const { t } = useTranslation(namespace);
  const id = useId();
  const [quantity, setQuantity] = useState(1);

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`} data-testid="waitlist-panel">
      <h2 id={`${id}-title`} className={styles.title} dir="auto">
        {t('waitlist.title', { name })}
      </h2>
      {entry ? (
        <p className={styles.text} role="status" data-testid="waitlist-place">
          {t('waitlist.place', { count: entry.quantity, position: entry.position ?? 1 })}
        </p>
      ) : (
        <>
          <p className={styles.text}>{t('waitlist.explain')}</p>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-quantity`}>
              {t('waitlist.quantity')}
            </label>
            <input
              id={`${id}-quantity`}
              type="number"
              inputMode="numeric"
              className={styles.number}
              min={1}
              max={max}
              step={1}
              value={quantity}
              onChange={(e) => setQuantity(Math.min(max, Math.max(1, Math.round(Number(e.target.value)) || 1)))}
            />
          </div>
        </>
      )}
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <div className={styles.actions}>
        {cancel && <Button onClick={cancel.onClick}>{cancel.label}</Button>}
        {entry ? (
          <Button onClick={() => leave.mutate()} disabled={leave.isPending}>
            {t('waitlist.leave')}
          </Button>
        ) : (
          <Button variant="primary" onClick={() => join.mutate(quantity)} disabled={join.isPending}>
            {t('waitlist.join')}
          </Button>
        )}
      </div>
    </section>
  );
}
