import { useTranslation } from 'react-i18next';
import type { FulfilmentStep } from '../../../../shared/firm-orders';
import type { OrderStatus } from '../../../../shared/orders';
import { OrderStatePill, orderState } from '../../../components/ui/order-state-pill';

/** An order's state in one chip: its payment status, or for a paid shop order where its collection stands. */
export function OrderChip({ status, fulfilment }: { status: OrderStatus; fulfilment: FulfilmentStep | null }) {
  const { t } = useTranslation('workspace-orders');
  const state = orderState(status, fulfilment);
  return <OrderStatePill state={state} label={t(`state.${state}`)} testId="order-chip" />;
}
