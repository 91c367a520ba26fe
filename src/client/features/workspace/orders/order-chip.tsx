import { useTranslation } from 'react-i18next';
import type { FulfilmentStep } from '../../../../shared/firm-orders';
import type { OrderStatus } from '../../../../shared/orders';
import { OrderStatePill, orderState } from '../../../components/ui/order-state-pill';

/** An order's state in one chip: its payment status (or that it is paid at the counter), or for a paid shop order where its collection stands. */
export function OrderChip({
  status,
  fulfilment,
  payAtCounter,
}: {
  status: OrderStatus;
  fulfilment: FulfilmentStep | null;
  /** a table's order left to pay at the counter says so */
  payAtCounter: boolean;
}) {
  const { t } = useTranslation('workspace-orders');
  const state = orderState(status, fulfilment);
  const label = status === 'pending_payment' && payAtCounter ? t('counter.due') : t(`state.${state}`);
  return <OrderStatePill state={state} label={label} testId="order-chip" />;
}
