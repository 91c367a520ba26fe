import { UtensilsCrossed } from 'lucide-react';
import styles from './table-badge.module.css';

/** "Ordering for · Table 7": the table the guest scanned, beside the dishes and at the checkout. */
export function TableBadge({ caption, label }: { caption: string; label: string }) {
  return (
    <p className={styles.badge} data-testid="table-badge">
      <UtensilsCrossed size={16} aria-hidden="true" />
      <span>{caption}</span>
      <strong dir="auto">{label}</strong>
    </p>
  );
}
