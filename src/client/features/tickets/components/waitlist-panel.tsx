import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketCategory } from '../../../../shared/events';
import { WAITLIST_QUANTITY_MAX, type MyWaitlistEntry } from '../../../../shared/waitlist';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { checkoutMessage } from '../../../lib/checkout';
import { useWaitlistActions } from '../api/waitlist';
import styles from './waitlist.module.css';

interface WaitlistPanelProps {
  userId: string;
  eventId: string;
  category: TicketCategory;
  /** the member's place on this tier's list, if they joined */
  entry: MyWaitlistEntry | undefined;
  onCancel: () => void;
}

const OWN_PROBLEMS = ['places_left', 'already_waiting'];

/**
 * A sold-out tier in the purchase form: join its waitlist with how many tickets, or see one's place
 * in line and leave it. When places come back they are held for the first in line, who is told.
 */
export function WaitlistPanel({ userId, eventId, category, entry, onCancel }: WaitlistPanelProps) {
  const { t } = useTranslation('tickets');
  const id = useId();
  const { join, leave } = useWaitlistActions(userId, eventId);
  const max = Math.min(WAITLIST_QUANTITY_MAX, category.maxPerOrder ?? WAITLIST_QUANTITY_MAX);
  const [quantity, setQuantity] = useState(1);
  const problem = join.error
    ? join.error instanceof ApiError && OWN_PROBLEMS.includes(join.error.code ?? '')
      ? t(`waitlist.problems.${join.error.code}`)
      : checkoutMessage(join.error, t)
    : null;

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`} data-testid="waitlist-panel">
      <h2 id={`${id}-title`} className={styles.title} dir="auto">
        {t('waitlist.title', { name: category.name })}
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
        <Button onClick={onCancel}>{t('form.cancel')}</Button>
        {entry ? (
          <Button onClick={() => leave.mutate(category.id)} disabled={leave.isPending}>
            {t('waitlist.leave')}
          </Button>
        ) : (
          <Button variant="primary" onClick={() => join.mutate({ categoryId: category.id, quantity })} disabled={join.isPending}>
            {t('waitlist.join')}
          </Button>
        )}
      </div>
    </section>
  );
}
