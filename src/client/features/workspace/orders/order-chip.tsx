import { useTranslation } from 'react-i18next';
import type { FulfilmentStep } from '../../../../shared/firm-orders';
import type { OrderStatus } from '../../../../shared/orders';
import styles from './orders.module.css';

/** An order's state in one chip: its payment status, or for a paid shop order where its collection stands. */
export function OrderChip({ status, fulfilment }: { status: OrderStatus; fulfilment: FulfilmentStep | null }) {
  const { t } = useTranslation('workspace-orders');
  const state = status === 'paid' && fulfilment ? fulfilment : status;
  return (
    <span className={`${styles.chip} ${styles[`chip_${state}`]}`} data-testid="order-chip">
      {t(`state.${state}`)}
    </span>
  );
}
