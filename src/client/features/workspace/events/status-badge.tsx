import { useTranslation } from 'react-i18next';
import { EVENT_STATUS } from '../../../../shared/owner-events';
import ui from '../ui/workspace-ui.module.css';
import styles from './events.module.css';

const TONE: Record<number, string | undefined> = {
  [EVENT_STATUS.DRAFT]: undefined,
  [EVENT_STATUS.PUBLISHED]: ui.badgeAccent,
  [EVENT_STATUS.CANCELLED]: styles.badgeDanger,
  [EVENT_STATUS.ENDED]: undefined,
};

/** An event's status as a badge: draft, published, cancelled, ended. */
export function StatusBadge({ statusCode }: { statusCode: number }) {
  const { t } = useTranslation(['workspace-content', 'auth']);
  return (
    <span className={[ui.badge, TONE[statusCode]].filter(Boolean).join(' ')} data-testid="event-status">
      {t(`status.${statusCode}`)}
    </span>
  );
}
