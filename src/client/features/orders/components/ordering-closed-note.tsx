import { Clock } from 'lucide-react';
import styles from './ordering-closed.module.css';

/** The line that says a firm's dishes cannot be ordered now and when they can (useOrderingClosed), over its menu and in its cart. */
export function OrderingClosedNote({ text }: { text: string }) {
  return (
    <p className={styles.note} role="status" data-testid="ordering-closed">
      <Clock size={18} aria-hidden="true" />
      <span>{text}</span>
    </p>
  );
}
