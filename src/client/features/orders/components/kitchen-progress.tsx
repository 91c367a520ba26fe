import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../../shared/bidi';
import { KITCHEN_STATUSES, type KitchenStatus } from '../../../../shared/kitchen';
import { useLiveEvent } from '../../../lib/live-events';
import { queryKeys } from '../../../lib/query-keys';
import styles from './orders.module.css';

/**
 * Where the kitchen has the buyer's dishes (received → preparing → ready → served), kept fresh by
 * the live stream: the kitchen's every move of this order refetches it. Ready says where the dishes
 * go next: to the guest's table, to the counter where a guest without one collects them, or (in an
 * order delivered with goods) nowhere the guest has to go.
 */
export function KitchenProgress({
  status,
  reference,
  userId,
  table,
  delivered,
}: {
  status: KitchenStatus;
  reference: string;
  userId: string;
  /** the table it was ordered from, as named then */
  table: string | null;
  delivered: boolean;
}) {
  const { t } = useTranslation('tickets');
  const queryClient = useQueryClient();
  const onKitchen = useCallback(
    (data: unknown) => {
      if ((data as { reference?: string }).reference === reference) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.order(userId, reference) });
      }
    },
    [queryClient, reference, userId],
  );
  useLiveEvent('kitchen', onKitchen);
  const reached = KITCHEN_STATUSES.indexOf(status);
  return (
    <section aria-labelledby="order-kitchen" className={styles.section}>
      <h2 id="order-kitchen" className={styles.sectionTitle}>
        {t('kitchen.title')}
      </h2>
      <p className={`${styles.banner} ${status === 'ready' ? styles.bannerSuccess : styles.bannerInfo}`} role="status">
        <span data-testid="kitchen-status">
          {status !== 'ready' || delivered
            ? t(`kitchen.${status}`)
            : table
              ? t('kitchen.readyAtTable', { table: isolate(table) })
              : t('kitchen.readyToCollect')}
        </span>
      </p>
      <ol className={styles.kitchenSteps}>
        {KITCHEN_STATUSES.map((step, index) => (
          <li
            key={step}
            className={index <= reached ? styles.kitchenStepDone : undefined}
            aria-current={step === status ? 'step' : undefined}
          >
            {t(`kitchen.step.${step}`)}
          </li>
        ))}
      </ol>
    </section>
  );
}
