import type { OrderRefund } from '../../../shared/orders';
import { useFormatters } from '../../lib/use-dates';
import styles from './refund-list.module.css';

interface RefundListProps {
  refunds: OrderRefund[];
  currency: string;
  /** the clock the times are shown on (the firm's in the workspace, the viewer's for a buyer) */
  timeZone: string;
  /** "Refunded on {{date}}", in the page's namespace */
  heading: (date: string) => string;
}

/** What a firm gave back of an order, refund by refund: when, what, how much and why (the buyer's and the firm's views). */
export function RefundList({ refunds, currency, timeZone, heading }: RefundListProps) {
  const f = useFormatters();
  return (
    <ul className={styles.refunds} data-testid="order-refunds">
      {refunds.map((refund) => (
        <li key={refund.id} className={styles.refund}>
          <p className={styles.head}>
            <span>{heading(f.dateTime(refund.createdAt, timeZone))}</span>
            <span className={styles.amount}>−{f.money(refund.amountMinor, currency)}</span>
          </p>
          <p className={styles.items}>
            {refund.items.map((item, index) => (
              <bdi key={index}>
                {index > 0 && ', '}
                {item.qty > 1 ? `${item.label} × ${item.qty}` : item.label}
              </bdi>
            ))}
          </p>
          <p className={styles.reason} dir="auto">
            {refund.reason}
          </p>
        </li>
      ))}
    </ul>
  );
}
