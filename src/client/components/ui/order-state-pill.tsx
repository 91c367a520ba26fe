import type { FulfilmentStep } from '../../../shared/firm-orders';
import type { OrderStatus } from '../../../shared/orders';
import styles from './order-state-pill.module.css';

/** Where an order stands: its payment status, or for a paid shop order how far its collection went. */
export type OrderState = OrderStatus | FulfilmentStep;

export const orderState = (status: OrderStatus, fulfilment: FulfilmentStep | null | undefined): OrderState =>
  status === 'paid' && fulfilment ? fulfilment : status;

/** An order's state as a coloured pill; the buyer's wallet and the firm's orders word it each in their own way. */
export function OrderStatePill({ state, label, testId }: { state: OrderState; label: string; testId: string }) {
  return (
    <span className={`${styles.pill} ${styles[state]}`} data-testid={testId}>
      {label}
    </span>
  );
}
