import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { KITCHEN_STATUSES, type KitchenStatus } from '../../../../shared/kitchen';
import { useLiveEvent } from '../../../lib/live-events';
import { queryKeys } from '../../../lib/query-keys';
import styles from './orders.module.css';

/**
 * Where the kitchen has the buyer's dishes (received → preparing → ready → served), kept fresh by
 * the live stream: the kitchen's every move of this order refetches it.
 */
export function KitchenProgress({ status, reference, userId }: { status: KitchenStatus; reference: string; userId: string }) {
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
        <span data-testid="kitchen-status">{t(`kitchen.${status}`)}</span>
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
