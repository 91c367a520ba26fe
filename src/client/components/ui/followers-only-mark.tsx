import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import styles from './followers-only-mark.module.css';

/** "Followers only": an item its firm keeps for its approved followers, who see this so they know it is exclusive. */
export function FollowersOnlyMark({ shown }: { shown: boolean }) {
  const { t } = useTranslation('common');
  if (!shown) return null;
  return (
    <span className={styles.mark} data-testid="followers-only">
      <Lock size={12} aria-hidden="true" />
      {t('followersOnly')}
    </span>
  );
}
