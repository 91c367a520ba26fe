import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { followStateQuery } from '../api/get-follow-state';
import { useMarketingConsent } from '../api/set-marketing-consent';
import styles from './firm.module.css';

/**
 * Under a followed firm's card (/profile/following): the follower's own consent to the firm's
 * marketing mail, off until they tick it; the firm's team only reads it.
 */
export function MarketingConsent({ firmId, userId, name }: { firmId: string; userId: string; name: string }) {
  const { t } = useTranslation('firm');
  const state = useQuery(followStateQuery(firmId, userId));
  const consent = useMarketingConsent(firmId, userId);
  if (!state.data?.following) return null;
  return (
    <label className={styles.consent}>
      <input
        type="checkbox"
        checked={consent.isPending ? Boolean(consent.variables) : state.data.marketingOptIn}
        disabled={consent.isPending}
        onChange={(event) => consent.mutate(event.target.checked)}
      />
      <span>{t('marketingConsent', { name })}</span>
    </label>
  );
}
