import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CreditCard, Loader2 } from 'lucide-react';
import type { TillSale } from '../../../../shared/till';
import { Button, buttonClass } from '../../../components/ui/button';
import { tillCardQuery } from '../api/till';
import { useWorkspace } from '../shell/workspace-context';
import styles from './till.module.css';

/**
 * Back from the card step: the till asks until the provider has confirmed the card (paid) or the
 * step was given up (cancelled), and hands the answer on. While it waits, the step can be opened again.
 */
export function TillCardReturn({
  reference,
  onSettled,
  onLeave,
}: {
  reference: string;
  onSettled: (sale: TillSale) => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation('workspace-till');
  const { firmId } = useWorkspace();
  const sale = useQuery(tillCardQuery(firmId, reference));
  const data = sale.data;

  useEffect(() => {
    if (data && data.status !== 'awaiting_card') onSettled(data);
  }, [data, onSettled]);

  return (
    <section className={styles.done} aria-labelledby="till-card-title" data-testid="till-card">
      <div className={styles.doneHead}>
        <CreditCard size={28} aria-hidden="true" />
        <h2 id="till-card-title" className={styles.panelTitle}>
          {t('card.title', { reference })}
        </h2>
      </div>
      {sale.isError ? (
        <p role="alert" className={styles.error}>
          {t('card.loadFailed')}
        </p>
      ) : (
        <p role="status" className={styles.muted}>
          <Loader2 size={18} aria-hidden="true" /> {t('card.waiting')}
        </p>
      )}
      <div className={styles.ticketActions}>
        {data?.cardStepUrl ? (
          <a className={buttonClass({ variant: 'primary' })} href={data.cardStepUrl}>
            {t('card.again')}
          </a>
        ) : (
          sale.isError && (
            <Button variant="primary" onClick={() => void sale.refetch()}>
              {t('retry')}
            </Button>
          )
        )}
        <Button variant="ghost" onClick={onLeave}>
          {t('card.leave')}
        </Button>
      </div>
    </section>
  );
}
