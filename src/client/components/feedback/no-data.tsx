import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Compass, Inbox, type LucideIcon } from 'lucide-react';
import { buttonClass } from '../ui/button';
import styles from './no-data.module.css';

export interface NoDataProps {
  /** the message; default 'Nothing here yet.' */
  message?: ReactNode;
  /** a second, quieter line */
  hint?: ReactNode;
  icon?: LucideIcon;
  /** show the 'Explore' button (default true) */
  showExplore?: boolean;
  /** where the button goes (default /explore) */
  exploreTo?: string;
  exploreLabel?: string;
  /** extra content under the button */
  children?: ReactNode;
}

/** No-data message, with an optional 'Explore' button to /explore by default. */
export function NoData({
  message,
  hint,
  icon: Icon = Inbox,
  showExplore = true,
  exploreTo = '/explore',
  exploreLabel,
  children,
}: NoDataProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.wrap}>
      <span className={styles.icon} aria-hidden="true">
        <Icon size={28} />
      </span>
      <p className={styles.message}>{message ?? t('noData.message')}</p>
      {hint && <p className={styles.hint}>{hint}</p>}
      {showExplore && (
        <Link to={exploreTo as '/explore'} className={buttonClass({ variant: 'primary' })}>
          <Compass size={18} aria-hidden="true" />
          {exploreLabel ?? t('noData.explore')}
        </Link>
      )}
      {children}
    </div>
  );
}
